/**
 * The shape of a `hooks` block, as Claude Code's `settings.json` has it and Picasso's own
 * `settings.yml` / `settings.json` take it unchanged (docs/hooks.md):
 *
 *   hooks:
 *     PreToolUse:                      # a lifecycle event
 *       - matcher: "bash|Bash"         # tool-name regex (tool events only); "" or "*": every tool
 *         hooks:
 *           - { type: command, command: "./guard.sh", timeout: 30 }   # timeout in seconds
 *
 * `parseHooksBlock` validates one file's block into flat `HookCommand`s. A mistake is a
 * `HooksConfigError` naming the file and the field (the file is then left out, the session goes
 * on); an event this Picasso does not run is skipped with a note.
 */

export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "PreCompact",
  "Notification",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Events whose matcher is a tool name (the others ignore `matcher`, or match a sub-kind). */
export const TOOL_EVENTS: ReadonlySet<HookEvent> = new Set(["PreToolUse", "PostToolUse"]);

export const DEFAULT_TIMEOUT_SECONDS = 60;

export type HookScope = "user" | "project";

/** One command to run on one event. */
export interface HookCommand {
  event: HookEvent;
  /** Tool-name regex for tool events; undefined: every call. */
  matcher?: string;
  command: string;
  timeoutMs: number;
  /** The settings file it came from, as people read it (`.claude/settings.json`, `~/.picasso/settings.yml`). */
  source: string;
  scope: HookScope;
  /** Written for Claude Code (a `.claude/` file): tool names are sent as Claude Code names them. */
  claudeStyle: boolean;
}

export class HooksConfigError extends Error {}

interface Origin {
  source: string;
  scope: HookScope;
  claudeStyle: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The commands of a settings object's `hooks` block (none when it has no block), and notes. */
export function parseHooksBlock(
  settings: unknown,
  origin: Origin,
): { hooks: HookCommand[]; notes: string[] } {
  const fail = (field: string, problem: string) => {
    throw new HooksConfigError(`${origin.source}: ${field}: ${problem}`);
  };
  if (settings === undefined || settings === null) return { hooks: [], notes: [] };
  if (!isRecord(settings)) fail("(top level)", "must be a mapping of settings");
  const block = (settings as Record<string, unknown>).hooks;
  if (block === undefined) return { hooks: [], notes: [] };
  if (!isRecord(block)) fail("hooks", "must be a mapping of event names to lists");
  const hooks: HookCommand[] = [];
  const notes: string[] = [];
  for (const [event, groups] of Object.entries(block as Record<string, unknown>)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      notes.push(`${origin.source}: hooks.${event}: an event this Picasso does not run; skipped`);
      continue;
    }
    if (!Array.isArray(groups)) fail(`hooks.${event}`, "must be a list of { matcher, hooks }");
    (groups as unknown[]).forEach((group, g) => {
      const at = `hooks.${event}[${g}]`;
      if (!isRecord(group)) fail(at, "must be a mapping { matcher, hooks }");
      const { matcher, hooks: commands } = group as Record<string, unknown>;
      if (matcher !== undefined && typeof matcher !== "string") fail(`${at}.matcher`, "must be a string");
      const pattern = typeof matcher === "string" && matcher !== "" && matcher !== "*" ? matcher : undefined;
      if (pattern !== undefined) {
        try {
          new RegExp(pattern);
        } catch {
          fail(`${at}.matcher`, `"${pattern}" is not a valid regular expression`);
        }
      }
      if (!Array.isArray(commands)) fail(`${at}.hooks`, "must be a list of { type: command, command }");
      (commands as unknown[]).forEach((entry, c) => {
        const here = `${at}.hooks[${c}]`;
        if (!isRecord(entry)) fail(here, "must be a mapping { type: command, command }");
        const { type, command, timeout } = entry as Record<string, unknown>;
        if (type !== "command") {
          notes.push(
            `${origin.source}: ${here}.type: "${String(type)}" hooks are not run by Picasso; skipped`,
          );
          return;
        }
        if (typeof command !== "string" || command.trim() === "")
          fail(`${here}.command`, "must be a non-empty string");
        if (timeout !== undefined && (typeof timeout !== "number" || !(timeout > 0)))
          fail(`${here}.timeout`, "must be a positive number of seconds");
        hooks.push({
          event: event as HookEvent,
          ...(pattern !== undefined && TOOL_EVENTS.has(event as HookEvent) ? { matcher: pattern } : {}),
          command: command as string,
          timeoutMs: Math.round(((timeout as number | undefined) ?? DEFAULT_TIMEOUT_SECONDS) * 1000),
          ...origin,
        });
      });
    });
  }
  return { hooks, notes };
}
