/** What a surface gives `createSession`, and what it gives one turn. */
import type {
  AskUserRequest,
  ImageInput,
  ImageResolver,
  ModelProvider,
  PermissionMode,
  PicassoExtension,
  TurnToolLimit,
} from "@picasso/protocol";
import type { Approver } from "./approver.js";
import type { SessionEventListener } from "./event-bus.js";
import type { LogObserver } from "./session-log.js";
import type { EngineSettings } from "./settings.js";

export interface SessionOptions {
  provider: ModelProvider;
  /**
   * The mounted extensions, in mount order. The session owns them from here: it starts them once
   * open and closes them (reverse order) when it closes — or at once when it fails to open.
   */
  plugins: PicassoExtension[];
  workspaceRoot: string;
  cwd?: string;
  /** Defaults to $PICASSO_HOME or ~/.picasso. */
  picassoHome?: string;
  mode?: PermissionMode;
  /** Defaults to a headless approver that denies everything. */
  approver?: Approver;
  askUser?: (request: AskUserRequest) => Promise<string>;
  surface?: "cli" | "sdk";
  /** What `session_start.surface` records: `headless`, `tui`, `acp`… */
  surfaceLabel?: string;
  settings?: Partial<EngineSettings>;
  /** Resume a session instead of starting one. */
  resume?: { id: string } | "newest";
  version?: string;
  /** See every event written to the log (plugins' observers come first). */
  observers?: LogObserver[];
  /** See every session event from the first (`session_start`) on; `Session.subscribe` adds more later. */
  onEvent?: SessionEventListener;
  /** Fixed clock for session facts (tests). */
  now?: () => Date;
  /**
   * Turns a prompt's image mentions and a turn's `images` into image blocks (the surface's, with
   * the workspace checks: docs/images.md). Without it a turn's prompt is text only.
   */
  images?: ImageResolver;
}

export interface TurnOptions {
  signal?: AbortSignal;
  /** Narrow the tools this turn may call (a custom command's `allowed-tools`: turn-limit.ts). */
  limit?: TurnToolLimit;
  /** Images attached to this turn besides those its prompt names (`--image`, ACP image blocks). */
  images?: readonly ImageInput[];
}
