/**
 * The `ToolContext` a tool call receives: workspace, signal, the read tracker, where full
 * outputs go, which outside paths are allowed (the session's outputs folder always is, so the
 * model can read a truncated result's rest), and the two callbacks back into the engine:
 * `askUser` (through the surface) and `runSubagent` (a child lane of this session).
 */
import { resolve, sep } from "node:path";
import type { SubagentRequest, ToolContext } from "@picasso/protocol";
import type { EngineRuntime } from "./runtime.js";

export function makeToolContext(args: {
  rt: EngineRuntime;
  lane: string;
  toolUseId: string;
  signal: AbortSignal;
  runSubagent(request: SubagentRequest, toolUseId: string, signal: AbortSignal): Promise<string>;
}): ToolContext {
  const { rt } = args;
  const allowed = [rt.outputsDir, ...rt.settings.allowedOutsidePaths].map((p) => resolve(p));
  return {
    workspaceRoot: rt.workspaceRoot,
    cwd: rt.cwd,
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
    runSubagent: (request) => args.runSubagent(request, args.toolUseId, args.signal),
  };
}
