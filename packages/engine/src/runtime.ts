/**
 * What the loop, the tool scheduler, compaction and subagents share during a session: the
 * provider, the plugin host and its Tier 1, settings, mode, approvals, the log and the event sink.
 * The `Session` builds one and owns it; the other modules only read it.
 */
import type {
  AskUserRequest,
  FileReadTracker,
  LogEventBody,
  Message,
  ModelProvider,
  PermissionMode,
  Tier1,
  ToolDefinition,
  ToolEffect,
  ToolOutput,
} from "@picasso/protocol";
import type { Approver } from "./approver.js";
import type { EngineEvent } from "./events.js";
import type { PluginHost } from "./plugin-host.js";
import type { EngineSettings } from "./settings.js";

/**
 * A call as permissions see it. For a plain tool: its own effect, name and input. For a gateway
 * call with a known target: the target's effect, `gateway:target` as the name approvals are
 * remembered under, the target's input (the deny-list reads its command), and the target's name.
 */
export interface ResolvedCall {
  effect: ToolEffect;
  permissionName: string;
  input: Record<string, unknown>;
  target?: string;
}

export interface ToolOutputFilterArgs {
  lane: string;
  /** The lane's history before this step's results are appended. */
  messages: readonly Message[];
  name: string;
  input: Record<string, unknown>;
  output: ToolOutput;
}

export interface EngineRuntime {
  readonly sessionId: string;
  readonly provider: ModelProvider;
  readonly host: PluginHost;
  readonly tier1: Tier1;
  /** Hash of the request header (Tier 1 + model + maxTokens) every request is sent with. */
  readonly headerHash: string;
  readonly settings: EngineSettings;
  readonly approver: Approver;
  readonly allowedForSession: Set<string>;
  readonly files: FileReadTracker;
  readonly workspaceRoot: string;
  readonly cwd: string;
  readonly outputsDir: string;
  mode(): PermissionMode;
  /** What a call really does: gateways (e.g. `tool_call`) take their target's effect and input. */
  resolveCall(tool: ToolDefinition, input: Record<string, unknown>): ResolvedCall;
  askUser(request: AskUserRequest): Promise<string>;
  /** Optional rewrite of a successful tool output before it joins history (see SessionOptions). */
  filterToolOutput?: (args: ToolOutputFilterArgs) => ToolOutput;
  /** Append an event to the session log in `lane`, stamped with the current turn. */
  log(body: LogEventBody, lane: string): void;
  /** Make the log durable (step boundary). */
  flush(): void;
  emit(event: EngineEvent): void;
  /** A fresh subagent lane id (`agent-1`, `agent-2`, …, unique within the session log). */
  nextLaneId(): string;
}

export class SessionFileTracker implements FileReadTracker {
  private readonly read = new Set<string>();
  markRead(absPath: string): void {
    this.read.add(absPath);
  }
  wasRead(absPath: string): boolean {
    return this.read.has(absPath);
  }
}
