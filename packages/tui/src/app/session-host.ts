/**
 * What the TUI needs from its surface (the CLI builds it): opening a session — new, resumed or
 * on another model — with the TUI's approver and the controls the session's operations may use
 * (`/resume <id>` and `/model <id>` reopen through the TUI). Every slash command but the TUI's
 * own comes from the opened session's `operations`. The TUI never creates providers itself.
 */
import type { Approver, Session } from "@picasso/engine";
import type { AskUserRequest, ExtensionOperation } from "@picasso/protocol";

export interface OpenedSession {
  session: Session;
  provider: { name: string; model: string; contextWindow: number };
  /** True when nothing chose a provider and no API key is set, so the built-in mock stands in. */
  mockFallback?: boolean;
  /**
   * What the user should know about the session's set-up (instruction files left out or cut, a
   * memory database it cannot use…), one line each. Asked once the session is ready: knowing some
   * takes work (memory.db is opened to tell).
   */
  warnings?: () => readonly string[];
  /** What the user can ask of the session directly: its slash commands (core operations first). */
  operations: readonly ExtensionOperation[];
  close(reason?: string): Promise<void>;
  /** Goal rounds on this session (`/goal`); absent when the surface has none. */
  goalRounds?(maxRounds: number): GoalRoundsDriver;
  /** The session's goal as text (`/goal` without an objective). */
  goalStatus?(): string;
}

/**
 * Goal rounds as the TUI drives them: `begin` makes the objective the session's goal and gives
 * round 1's input; after each round's turn, `after` gives the next round's input or, when the
 * rounds are over (done, blocked, out of rounds, stopped), the line that says how they ended.
 */
export interface GoalRoundsDriver {
  readonly maxRounds: number;
  /** The round running now (1-based). */
  readonly current: number;
  begin(objective: string): string;
  after(
    stopReason: string | undefined,
    interrupted: boolean,
  ): { input: string } | { ended: string; reached: boolean };
}

export interface OpenRequest {
  approver: Approver;
  /** Answers the `ask_user` tool through the TUI's question dialog. */
  askUser: (request: AskUserRequest) => Promise<string>;
  resume?: { id: string } | "newest";
  model?: string;
  /** What the session's operations may ask of the TUI: close this session and open another. */
  controls: SessionControls;
}

export interface SessionControls {
  /** Reopen session `id` of this workspace (`/resume <id>`). */
  resume(id: string): Promise<void>;
  /** Open a new session on `model`, kept for the sessions opened after it (`/model <id>`). */
  switchModel(model: string): Promise<void>;
}

export interface SessionHost {
  workspaceRoot: string;
  open(request: OpenRequest): Promise<OpenedSession>;
  /** The shell command that resumes session `id` (default `picasso --resume <id>`). */
  resumeCommand?(id: string): string;
}

/** Which session to open: new, resumed, or on another model. */
export type SessionChoice = Omit<OpenRequest, "approver" | "askUser" | "controls">;
