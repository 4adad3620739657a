/**
 * The hooks extension: the user's commands run on the session's lifecycle events (docs/hooks.md).
 * - `start`: the configured hooks are loaded (hook-sources.ts); `SessionStart` hooks run;
 * - the lifecycle gates: `UserPromptSubmit` (may refuse the prompt), `PreToolUse` (deny, ask,
 *   allow), `PostToolUse`, `Stop` / `SubagentStop` (may keep the lane going);
 * - `observe`: `Notification` when a call waits for the user's approval, `PreCompact` when a
 *   compaction is recorded (both told, never waited on);
 * - `preStep`: what hooks asked to tell the model is appended to that lane's history as one
 *   `hooks` reminder (never Tier 1), counted in `/context`;
 * - `close`: `SessionEnd` hooks run.
 * Project hooks run only once their file is approved (hook-sources.ts); every run is one
 * `hook_run` event; a failing hook is a warning and the session goes on.
 */
import {
  type AppendedMessage,
  type ExtensionStartContext,
  type LogEvent,
  type PicassoExtension,
  text,
  userMessage,
} from "@picasso/protocol";
import { runUserCommand, type UserCommandSandbox } from "@picasso/workspace";
import type { HookEvent } from "./hook-config.js";
import { type HookVerdict, readHookRun } from "./hook-decision.js";
import { type HookEventFields, hookInput, matchesTool } from "./hook-input.js";
import { type ConfiguredHook, type HookPlace, loadHooks } from "./hook-sources.js";
import { type HooksFigures, hooksListText, hooksPanel } from "./hooks-text.js";

export const HOOKS_EXTENSION = "hooks";
export const HOOKS_REMINDER = "hooks";

export interface HooksOptions extends HookPlace {
  sandbox?: UserCommandSandbox;
  /** Where the hooks' few inherited variables come from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

type Outcome = "ok" | "blocked" | "allowed" | "asked" | "continued" | "stopped" | "warning";

interface EventResult {
  blocked?: string;
  allowed?: boolean;
  asked?: boolean;
  stop?: string;
  context: string[];
}

export function createHooksExtension(options: HooksOptions): {
  extension: PicassoExtension;
  warnings(): string[];
} {
  const loaded = loadHooks(options);
  const figures: HooksFigures = { runs: 0, warnings: 0, addedBytes: 0, addedMessages: 0 };
  const pending = new Map<string, string[]>();
  let session: ExtensionStartContext | undefined;
  const runnable = () => loaded.hooks.filter((h) => h.approval === "approved");

  const queue = (lane: string, lines: readonly string[]) => {
    if (lines.length === 0) return;
    pending.set(lane, [...(pending.get(lane) ?? []), ...lines]);
  };

  async function fire(event: HookEvent, fields: HookEventFields, lane = "main"): Promise<EventResult> {
    const result: EventResult = { context: [] };
    if (!session) return result;
    const hooks = runnable().filter(
      (h) => h.event === event && (fields.toolName === undefined || matchesTool(h.matcher, fields.toolName)),
    );
    for (const hook of hooks) {
      const run = await runUserCommand(hook.command, {
        cwd: session.workspaceRoot,
        input: hookInput(
          event,
          { sessionId: session.sessionId, transcriptPath: session.logPath, cwd: session.workspaceRoot },
          fields,
          hook.claudeStyle,
        ),
        timeoutMs: hook.timeoutMs,
        env: {
          PICASSO_PROJECT_DIR: session.workspaceRoot,
          CLAUDE_PROJECT_DIR: session.workspaceRoot,
          PICASSO_HOOK_EVENT: event,
        },
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...(options.env ? { baseEnv: options.env } : {}),
      });
      const verdict = readHookRun(event, run, hook.timeoutMs);
      const { outcome, message, context } = apply(event, verdict, result);
      const added = context ? Buffer.byteLength(context) : 0;
      if (context) result.context.push(context);
      figures.runs += 1;
      if (outcome === "warning") figures.warnings += 1;
      session.record(
        {
          type: "hook_run",
          event,
          source: hook.source,
          command: hook.command.length > 200 ? `${hook.command.slice(0, 199)}…` : hook.command,
          outcome,
          ...(message ? { message } : {}),
          exitCode: run.exitCode,
          durationMs: run.durationMs,
          ...(added > 0 ? { addedBytes: added } : {}),
        },
        lane,
      );
    }
    return result;
  }

  async function fireTold(event: HookEvent, fields: HookEventFields, lane = "main"): Promise<void> {
    const result = await fire(event, fields, lane);
    queue(lane, result.context);
  }

  const extension: PicassoExtension = {
    name: HOOKS_EXTENSION,
    async start(ctx) {
      session = ctx;
      await fireTold("SessionStart", { source: "startup" });
    },
    async beforePrompt(ctx) {
      const result = await fire("UserPromptSubmit", { prompt: ctx.prompt });
      const block = result.blocked ?? result.stop;
      if (block) return { block };
      queue("main", result.context);
      return undefined;
    },
    async beforeToolCall(ctx) {
      const toolName = ctx.target ?? ctx.name;
      const result = await fire("PreToolUse", { toolName, toolInput: ctx.input }, ctx.lane);
      queue(ctx.lane, result.context);
      const halt = result.stop ? { halt: result.stop } : {};
      if (result.blocked) return { decision: "deny", reason: result.blocked, ...halt };
      if (result.asked) return { decision: "ask", ...halt };
      if (result.allowed) return { decision: "allow", ...halt };
      return result.stop ? halt : undefined;
    },
    async afterToolCall(ctx) {
      const toolName = ctx.target ?? ctx.name;
      await fireTold(
        "PostToolUse",
        { toolName, toolInput: ctx.input, toolResponse: { status: ctx.status, output: ctx.output } },
        ctx.lane,
      );
    },
    async beforeStop(ctx) {
      const event = ctx.lane === "main" ? "Stop" : "SubagentStop";
      const result = await fire(
        event,
        { stopHookActive: ctx.continued > 0, lastMessage: ctx.text },
        ctx.lane,
      );
      queue(ctx.lane, result.context);
      if (result.blocked && !result.stop) {
        queue(ctx.lane, [`A ${event} hook asked you to go on: ${result.blocked}`]);
        return { continue: true };
      }
      return undefined;
    },
    preStep(ctx) {
      const lines = pending.get(ctx.lane) ?? [];
      pending.delete(ctx.lane);
      if (lines.length === 0) return { append: [] };
      const body = `<hook-context>\n${lines.join("\n\n")}\n</hook-context>`;
      const message = userMessage(text(body));
      const bytes = Buffer.byteLength(body);
      figures.addedBytes += bytes;
      figures.addedMessages += 1;
      const appended: AppendedMessage = {
        source: "reminder",
        reminder: HOOKS_REMINDER,
        message,
        tier2: { kind: "reminder", name: HOOKS_REMINDER, bytes },
      };
      return { append: [appended] };
    },
    observe(event: LogEvent) {
      if (event.type === "approval_requested")
        void fireTold(
          "Notification",
          { message: `Picasso needs your approval to use ${event.name}` },
          event.lane,
        );
      if (event.type === "compaction") void fireTold("PreCompact", { trigger: event.trigger }, event.lane);
    },
    async close() {
      await fire("SessionEnd", { reason: "exit" });
      session = undefined;
    },
    panel: () => hooksPanel(loaded, figures),
    operations: [
      {
        name: "hooks",
        summary: "the hooks configured for this workspace: event, matcher, command, source and approval",
        offline: true,
        run: () => ({
          text: hooksListText(loaded),
          title: "hooks",
          data: {
            hooks: loaded.hooks.map(({ event, matcher, command, source, scope, approval, timeoutMs }) => ({
              event,
              matcher: matcher ?? null,
              command,
              source,
              scope,
              approval,
              timeoutMs,
            })),
            problems: loaded.problems,
            figures,
          },
        }),
      },
    ],
  };
  return {
    extension,
    warnings: () => [...loaded.problems, ...pendingLines(loaded.hooks)],
  };
}

/** One line per project file whose hooks wait for approval. */
function pendingLines(hooks: readonly ConfiguredHook[]): string[] {
  const files = new Map<string, ConfiguredHook["approval"]>();
  for (const hook of hooks) if (hook.approval !== "approved") files.set(hook.source, hook.approval);
  return [...files].map(
    ([file, state]) =>
      `hooks of ${file} are not run (${state === "changed" ? "changed since you approved it" : "not approved yet"}); approve it with --approve-project-config or \`picasso trust approve ${file}\``,
  );
}

/** Fold one run's verdict into the event's result; what the run's `hook_run` event says. */
function apply(
  event: HookEvent,
  verdict: HookVerdict,
  result: EventResult,
): { outcome: Outcome; message?: string; context?: string } {
  const d = verdict.decision;
  let context = verdict.context;
  if (verdict.stop) result.stop ??= verdict.stop;
  if (d.kind === "warning") return { outcome: "warning", message: d.message };
  if (d.kind === "block") {
    if (event === "PostToolUse") {
      context = [context, `A PostToolUse hook objected: ${d.reason}`].filter(Boolean).join("\n");
      return { outcome: "blocked", message: d.reason, context };
    }
    if (
      event === "PreToolUse" ||
      event === "UserPromptSubmit" ||
      event === "Stop" ||
      event === "SubagentStop"
    )
      result.blocked ??= d.reason;
    const outcome = event === "Stop" || event === "SubagentStop" ? "continued" : "blocked";
    return { outcome, message: d.reason, ...(context ? { context } : {}) };
  }
  if (verdict.stop) return { outcome: "stopped", message: verdict.stop, ...(context ? { context } : {}) };
  if (d.kind === "allow" && event === "PreToolUse") {
    result.allowed = true;
    return {
      outcome: "allowed",
      ...(d.reason ? { message: d.reason } : {}),
      ...(context ? { context } : {}),
    };
  }
  if (d.kind === "ask" && event === "PreToolUse") {
    result.asked = true;
    return { outcome: "asked", ...(d.reason ? { message: d.reason } : {}), ...(context ? { context } : {}) };
  }
  return {
    outcome: "ok",
    ...(verdict.notice ? { message: verdict.notice } : {}),
    ...(context ? { context } : {}),
  };
}
