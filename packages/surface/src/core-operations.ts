/**
 * The core operations — what a user can ask of any Picasso session directly — declared once, the
 * way an extension declares its own (`ExtensionOperation`, protocol extension.ts), on a composed
 * session: the TUI makes them slash commands, ACP advertises and runs them, in this order:
 * - `context [timeline]` — what fills the context window (`ContextView`); `timeline` runs `timeline`;
 * - `timeline` — the session's context timeline (`@picasso/timeline`, kept up to date);
 * - `mode [default|plan|auto]` — show or set the permission mode;
 * - `compact` — summarise older history now;
 * - `pin [text]`, `unpin <n>` — the user's pins, which every compaction keeps (pin-operations.ts);
 * - `resume [id]` — the other sessions of the workspace; with an id, reopen it;
 * - `model [id]` — the provider, model and window; with an id, switch to it (a new session);
 * - `memory [list|search <q>|show <id>|rm <id>]` — the memories this workspace's sessions read;
 * - `sandbox` — what commands may do here, checked with real commands.
 * Reopening and switching the model act on the surface, not the session: a surface offers them
 * through `OperationHost`; without one the operation answers that it is not available here.
 * How the TUI shows an answer other than as text is the `presentation` tag in its data
 * (@picasso/engine/context operation-presentation.ts). A mistake (a bad argument, nothing to act
 * on) is a `warn` answer, never a throw; a `UserError` from below becomes one too.
 * `sessionOperations` is a session's full list: these, then every extension's; an extension may
 * not take a core operation's name (`coreOperationClash`, checked before the session opens).
 */
import type { Session } from "@picasso/engine";
import { contextTokensOf, liveContextView, type OperationPresentation } from "@picasso/engine/context";
import {
  type ExtensionOperation,
  isPermissionMode,
  type OperationResult,
  PERMISSION_MODES,
  type PicassoExtension,
} from "@picasso/protocol";
import { isUserError } from "@picasso/protocol/basics";
import { renderSandboxCheck, type SandboxMode } from "@picasso/tools";
import { contextTable } from "./context-table.js";
import { liveTimeline } from "./live-timeline.js";
import { memoryText } from "./memory-text.js";
import { pinOperations } from "./pin-operations.js";
import { workspaceSandboxReport } from "./sandbox-report.js";
import { describeSessions, otherSessions, sessionChoices, sessionLine } from "./session-choices.js";

/** What a surface can do for the core operations beyond the session itself; each is optional. */
export interface OperationHost {
  /** Close this session and open a new one on `model` (`/model <id>`). */
  switchModel?(model: string): Promise<void>;
  /** Close this session and reopen session `id` of the same workspace (`/resume <id>`). */
  resume?(id: string): Promise<void>;
  /** A line `/model` adds after the model (the TUI: the mock stands in for want of a key). */
  modelNote?: string;
}

/** The session the core operations act on, and where it lives. */
export interface CoreOperationTarget {
  session: Session;
  picassoHome: string;
  /** The `--sandbox` override the session runs with (`/sandbox` checks the same mode). */
  sandbox?: SandboxMode;
}

export const CORE_OPERATION_NAMES = [
  "context",
  "timeline",
  "mode",
  "compact",
  "pin",
  "unpin",
  "resume",
  "model",
  "memory",
  "sandbox",
] as const;

export type CoreOperationName = (typeof CORE_OPERATION_NAMES)[number];

type OperationSpec = Omit<ExtensionOperation, "name">;

const warn = (text: string): OperationResult => ({ text, tone: "warn" });
const unavailable = (what: string): OperationResult => warn(`${what} is not available in this surface`);
/** The `presentation` tag (and the data beside it) of a result's `data`, typed. */
const presented = <T extends object>(presentation: OperationPresentation, rest?: T) => ({
  ...rest,
  ...presentation,
});

export function coreOperations(target: CoreOperationTarget, host: OperationHost = {}): ExtensionOperation[] {
  const { session } = target;
  const place = { picassoHome: target.picassoHome, workspaceRoot: session.rt.workspaceRoot };
  // The context in use as the provider reported it at the main lane's last request.
  let reportedTokens: number | undefined;
  session.subscribe((event) => {
    if (event.type === "model_response" && event.lane === "main")
      reportedTokens = contextTokensOf(event.usage) ?? reportedTokens;
  });

  const timeline: OperationSpec = {
    summary: "the context timeline: per step, what was sent, read from the cache and dropped",
    async run() {
      const live = await liveTimeline(session);
      return {
        text: await live.render(),
        title: "context timeline",
        data: presented(
          { presentation: "timeline-pager", chart: await live.chart() },
          {
            timeline: await live.snapshot(),
          },
        ),
      };
    },
  };

  const specs: Record<CoreOperationName, OperationSpec> = {
    context: {
      args: "[timeline]",
      argChoices: ["timeline"],
      summary: "what fills the context window; `timeline` for its history",
      async run(args, ctx) {
        const wanted = args.trim();
        if (wanted === "timeline") return timeline.run("", ctx);
        if (wanted !== "") return warn(`unknown argument "${wanted}"; try /context or /context timeline`);
        const view = await liveContextView(session, session.rt.provider.contextWindow, reportedTokens);
        return {
          text: contextTable(view),
          title: "context",
          data: presented({ presentation: "context-panel", view }),
        };
      },
    },
    timeline,
    mode: {
      args: "[default|plan|auto]",
      argChoices: PERMISSION_MODES,
      summary: "show or set the permission mode",
      run(args) {
        const wanted = args.trim();
        if (wanted === "")
          return {
            text: `mode: ${session.currentMode} (one of ${PERMISSION_MODES.join(", ")})`,
            data: { mode: session.currentMode },
          };
        if (!isPermissionMode(wanted))
          return warn(`expected ${PERMISSION_MODES.join(", ")}, got "${wanted}"`);
        session.setMode(wanted);
        return {
          text: `Permission mode: ${wanted}.`,
          data: presented({ presentation: "by-events" }, { mode: wanted }),
        };
      },
    },
    compact: {
      summary: "summarise older history to free context",
      async run(_args, ctx) {
        const result = await session.compact({ signal: ctx.signal });
        if (!result.compacted) return { text: `Nothing compacted: ${result.reason}.`, data: result };
        return {
          text: `Compacted ${result.removedMessages} messages: ${result.bytesBefore} → ${result.bytesAfter} bytes of history.`,
          data: presented({ presentation: "by-events" }, result),
        };
      },
    },
    ...pinOperations(session),
    resume: {
      args: "[id]",
      summary: "resume another session of this workspace",
      async run(args) {
        const others = otherSessions(place, session.id);
        const id = args.trim();
        if (id !== "") {
          if (!others.some((s) => s.id === id))
            return warn(`no session "${id}" in this workspace; run /resume to pick one`);
          if (!host.resume) return unavailable("resuming another session");
          await host.resume(id);
          return { text: `Resumed session ${id}.`, data: presented({ presentation: "by-events" }, { id }) };
        }
        if (others.length === 0)
          return { text: "no other sessions in this workspace yet", data: { sessions: [] } };
        const sessions = describeSessions(others);
        const text = sessions.map(sessionLine).join("\n");
        if (!host.resume)
          return { text: `${text}\n\n(resuming one is not available in this surface)`, data: { sessions } };
        return {
          text,
          data: presented(
            {
              presentation: "pick",
              title: "Resume which session? (↑/↓, Enter; Esc cancels)",
              choices: sessionChoices(sessions),
            },
            { sessions },
          ),
        };
      },
    },
    model: {
      args: "[id]",
      summary: "show the model, or switch to another (starts a new session)",
      async run(args) {
        const wanted = args.trim();
        const { name, model, contextWindow } = session.rt.provider;
        if (wanted === "") {
          const line = `provider ${name}, model ${model}, context window ${contextWindow} tokens`;
          return {
            text: host.modelNote ? `${line}\n${host.modelNote}` : line,
            data: { provider: name, model, contextWindow },
          };
        }
        if (!host.switchModel) return unavailable("switching the model");
        await host.switchModel(wanted);
        return {
          text: `Model: ${wanted} (a new session).`,
          data: presented({ presentation: "by-events" }, { model: wanted }),
        };
      },
    },
    memory: {
      args: "[list|search <q>|show <id>|rm <id>]",
      argChoices: ["list", "search", "show", "rm"],
      summary: "the memories sessions here read: list, search, show, forget",
      async run(args) {
        return { text: await memoryText(args, place), title: `memory ${args.trim() || "list"}` };
      },
    },
    sandbox: {
      summary: "what commands may do here: the sandbox, checked with real commands",
      async run() {
        const report = await workspaceSandboxReport({
          ...place,
          ...(target.sandbox ? { mode: target.sandbox } : {}),
        });
        return { text: renderSandboxCheck(report).trimEnd(), title: "sandbox", data: report };
      },
    },
  };
  return CORE_OPERATION_NAMES.map((name) => answeringMistakes({ name, ...specs[name] }));
}

/** The operation, with a `UserError` thrown below it answered as a `warn` (its one line). */
function answeringMistakes(operation: ExtensionOperation): ExtensionOperation {
  return {
    ...operation,
    async run(args, ctx) {
      try {
        return await operation.run(args, ctx);
      } catch (error) {
        if (isUserError(error)) return warn((error as Error).message);
        throw error;
      }
    },
  };
}

/** Every operation of a composed session: the core ones first, then each extension's in mount order. */
export function sessionOperations(target: CoreOperationTarget, host?: OperationHost): ExtensionOperation[] {
  return [...coreOperations(target, host), ...target.session.operations];
}

/** What is wrong when an extension declares an operation named like a core one, else undefined. */
export function coreOperationClash(extensions: readonly PicassoExtension[]): string | undefined {
  const core = new Set<string>(CORE_OPERATION_NAMES);
  for (const extension of extensions)
    for (const operation of extension.operations ?? [])
      if (core.has(operation.name))
        return `operation "${operation.name}" of extension ${extension.name}: the name is taken by a core operation (${CORE_OPERATION_NAMES.join(", ")})`;
  return undefined;
}
