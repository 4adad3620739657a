/**
 * The `ToolContext` a tool call receives: workspace, signal, the read tracker, where full
 * outputs go, which outside paths are allowed (the session's outputs folder always is, so the
 * model can read a truncated result's rest), and the two callbacks back into the engine:
 * `askUser` (through the surface), `runSubagent` (a child lane of this session) and `subagents`
 * (its background children, forked-lanes.ts). `progress` publishes a live-only `tool_progress`
 * event (never logged: the call's `tool_result` is what the log keeps), at most one every 100 ms
 * per call unless it is the last step (`progress` reaches `total`).
 */
import { resolve, sep } from "node:path";
import {
  type ForkedSubagents,
  noForkedSubagents,
  type SubagentRequest,
  type ToolContext,
  type ToolProgress,
} from "@picasso/protocol";
import type { EngineRuntime } from "./runtime.js";

export function makeToolContext(args: {
  rt: EngineRuntime;
  lane: string;
  toolUseId: string;
  signal: AbortSignal;
  runSubagent(request: SubagentRequest, toolUseId: string, signal: AbortSignal): Promise<string>;
  subagents: ForkedSubagents;
  /** The lane's working folder, when not the session's (a subagent in a worktree). */
  cwd?: string;
}): ToolContext {
  const { rt } = args;
  const allowed = [rt.outputsDir, ...rt.settings.allowedOutsidePaths].map((p) => resolve(p));
  return {
    workspaceRoot: rt.workspaceRoot,
    cwd: args.cwd ?? rt.cwd,
    sessionId: rt.sessionId,
    lane: args.lane,
    signal: args.signal,
    spillDir: rt.outputsDir,
    files: rt.files,
    isOutsideAllowed(absPath: string): boolean {
      const target = resolve(absPath);
      return allowed.some((root) => target === root || target.startsWith(root + sep));
    },
    askUser: (request) => rt.askUser(request),
    progress: throttledProgress((update) =>
      rt.record({ type: "tool_progress", toolUseId: args.toolUseId, ...clean(update) }, args.lane),
    ),
    runSubagent: (request) => args.runSubagent(request, args.toolUseId, args.signal),
    subagents: args.subagents,
  };
}

/** What a subagent's own tools see: no background subagents of their own. */
export const NO_FORKED_SUBAGENTS = noForkedSubagents(
  "subagents cannot start, report on or control subagents (depth 1)",
);

const PROGRESS_INTERVAL_MS = 100;

function throttledProgress(publish: (update: ToolProgress) => void): (update: ToolProgress) => void {
  let last = 0;
  return (update) => {
    const now = Date.now();
    const final = update.total !== undefined && update.progress >= update.total;
    if (!final && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    publish(update);
  };
}

/** Only finite numbers and a short one-line message reach the event. */
function clean(update: ToolProgress): ToolProgress {
  const progress = Number.isFinite(update.progress) ? update.progress : 0;
  const total = update.total !== undefined && Number.isFinite(update.total) ? update.total : undefined;
  const message =
    typeof update.message === "string" ? update.message.replace(/\s+/g, " ").trim().slice(0, 200) : "";
  return { progress, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) };
}
