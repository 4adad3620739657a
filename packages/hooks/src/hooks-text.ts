/**
 * How the hooks read to people: the `/context` panel (the hooks, the runs, the bytes they added
 * to the model's context) and the `hooks` operation's list (event, matcher, command, source,
 * approval state, and the configuration problems).
 */
import type { ContextPanel, PanelRow } from "@picasso/protocol";
import type { ConfiguredHook, HookSources } from "./hook-sources.js";

/** What the session's hooks did so far. */
export interface HooksFigures {
  runs: number;
  warnings: number;
  /** Bytes hooks added to the model's context, and in how many messages. */
  addedBytes: number;
  addedMessages: number;
}

const APPROVAL = {
  approved: "approved",
  new: "not approved yet",
  changed: "changed since approved",
} as const;

const label = (hook: ConfiguredHook) => `${hook.event}${hook.matcher ? ` [${hook.matcher}]` : ""}`;
const approval = (hook: ConfiguredHook) => (hook.scope === "user" ? "user" : APPROVAL[hook.approval]);

/** The `/context` panel; none when no hook is configured, none ran and no file had a problem. */
export function hooksPanel(loaded: HookSources, figures: HooksFigures): ContextPanel | undefined {
  if (loaded.hooks.length === 0 && loaded.problems.length === 0 && figures.runs === 0) return undefined;
  const rows: PanelRow[] = loaded.hooks.map((hook) => ({
    label: label(hook),
    value: `${hook.command} — ${hook.source}, ${approval(hook)}`,
    ...(hook.approval === "approved" ? {} : { tone: "warn" as const }),
  }));
  rows.push(
    {
      label: "runs",
      value: `${figures.runs}${figures.warnings ? `, ${figures.warnings} with a warning` : ""}`,
    },
    {
      label: "added to context",
      value: `${figures.addedBytes} B in ${figures.addedMessages} message${figures.addedMessages === 1 ? "" : "s"} (appended history)`,
    },
  );
  for (const problem of loaded.problems) rows.push({ label: "problem", value: problem, tone: "warn" });
  return { id: "hooks", title: "hooks", rows };
}

export function hooksListText(loaded: HookSources): string {
  if (loaded.hooks.length === 0 && loaded.problems.length === 0)
    return "No hooks configured (settings.yml / settings.json in $PICASSO_HOME or .picasso/, or Claude Code's settings.json).";
  const lines = loaded.hooks.map(
    (hook) =>
      `${label(hook)}  ${hook.command}  (${hook.source}, ${approval(hook)}, timeout ${hook.timeoutMs / 1000} s)`,
  );
  for (const problem of loaded.problems) lines.push(`problem: ${problem}`);
  return lines.join("\n");
}
