/**
 * What the TUI needs from its surface (the CLI builds it): opening a session — new, resumed or
 * on another model — with the TUI's approver, listing this workspace's sessions, and optionally
 * the context timeline. The TUI never creates providers itself.
 */
import type { Approver, Session } from "@picasso/engine";
import type { AskUserRequest, TimelineChart } from "@picasso/protocol";

export interface OpenedSession {
  session: Session;
  provider: { name: string; model: string; contextWindow: number };
  /** True when nothing chose a provider and no API key is set, so the built-in mock stands in. */
  mockFallback?: boolean;
  /** What the user should know about the session's Tier 1 (instruction files left out or cut), one line each. */
  warnings?: readonly string[];
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
}

export interface SessionHost {
  workspaceRoot: string;
  open(request: OpenRequest): Promise<OpenedSession>;
  /** This workspace's sessions, most recently written first (`path`: the log, for titles). */
  listSessions(): { id: string; mtimeMs: number; path?: string }[];
  /** The live session's context timeline as bars; undefined when the timeline fold is not available. */
  timeline?(session: Session): Promise<TimelineChart | undefined>;
  /** `/sandbox`: what the command sandbox allows and refuses here, checked live, as text. */
  sandboxReport?(): Promise<string>;
  /**
   * `/memory [list | search <query> | show <id> | rm <id>]` answered as text (the memories of
   * this workspace, docs/memory.md); undefined when the surface has no memory.
   */
  memory?(args: string): Promise<string>;
  /** The shell command that resumes session `id` (default `picasso --resume <id>`). */
  resumeCommand?(id: string): string;
}

/** Which session to open: new, resumed, or on another model. */
export type SessionChoice = Omit<OpenRequest, "approver" | "askUser">;
