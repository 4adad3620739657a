/**
 * What the loop, the tool scheduler, compaction and subagents share during a session: the
 * provider, the plugin host and its Tier 1, settings, mode, approvals and the event recorder.
 * The `Session` builds one and owns it; the other modules only read it.
 */
import type {
  AskUserRequest,
  FileReadTracker,
  ModelProvider,
  PermissionMode,
  SessionEventBody,
  Tier1,
} from "@picasso/protocol";
import type { Approver } from "./approver.js";
import type { PluginHost } from "./plugin-host.js";
import type { EngineSettings } from "./settings.js";

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
  /** The user's pins, in pinning order (user-pins.ts). */
  pins(): readonly string[];
  /** The session's clock (the date of the session facts a compaction re-appends). */
  now(): Date;
  askUser(request: AskUserRequest): Promise<string>;
  /** Record a session event in `lane` (logged and/or published, per the persistence table). */
  record(body: SessionEventBody, lane: string): void;
  /** Make the log durable (step boundary). */
  flush(): void;
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
