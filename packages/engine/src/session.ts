/**
 * A session: one conversation in one workspace, its log, and the turns run in it.
 * `createSession` opens it (new or resumed, see session-open.ts); `runTurn` runs one user turn
 * and yields `EngineEvent`s (only one turn runs at a time); `setMode`, `compact`,
 * `describeSettings` and `close` act on the session between or around turns.
 */
import { setMaxListeners } from "node:events";
import type {
  AskUserRequest,
  Message,
  ModelProvider,
  PermissionMode,
  PicassoPlugin,
  Tier1,
  ToolDefinition,
  ToolEffect,
  ToolOutput,
  Usage,
} from "@picasso/protocol";
import { text, UserError, userMessage } from "@picasso/protocol";
import type { Approver } from "./approver.js";
import { type CompactionResult, compactLane } from "./compaction.js";
import { EventChannel } from "./event-channel.js";
import type { EngineEvent } from "./events.js";
import type { Lane } from "./lane.js";
import { runLaneSteps } from "./lane-loop.js";
import type { EngineRuntime, ToolOutputFilterArgs } from "./runtime.js";
import type { LogObserver, SessionLog } from "./session-log.js";
import { type OpenedSession, openSession, type SessionState } from "./session-open.js";
import type { EngineSettings } from "./settings.js";
import { subagentRunner } from "./subagent.js";
import { addUsage } from "./usage.js";

export interface SessionOptions {
  provider: ModelProvider;
  plugins: PicassoPlugin[];
  workspaceRoot: string;
  cwd?: string;
  /** Defaults to $PICASSO_HOME or ~/.picasso. */
  picassoHome?: string;
  mode?: PermissionMode;
  /** Defaults to a headless approver that denies everything. */
  approver?: Approver;
  askUser?: (request: AskUserRequest) => Promise<string>;
  surface?: "cli" | "sdk";
  /** What `session_start.surface` records: `headless`, `tui`, `sdk`… */
  surfaceLabel?: string;
  settings?: Partial<EngineSettings>;
  /** Resume a session instead of starting one. */
  resume?: { id: string } | "newest";
  version?: string;
  observers?: LogObserver[];
  /**
   * The effect a call really has, when it differs from the tool's declared one (a gateway such as
   * `tool_call` takes its target's). Return undefined to use the declared effect.
   */
  toolEffect?: (tool: ToolDefinition, input: Record<string, unknown>) => ToolEffect | undefined;
  /**
   * The tool a gateway call really runs (e.g. `tool_call` → the deferred tool it names) and that
   * tool's input. Its effect decides permissions, the deny-list reads its input, and "allow for
   * the session" is remembered per target (`tool_call:<name>`). Undefined: not a gateway call.
   */
  toolTarget?: (
    tool: ToolDefinition,
    input: Record<string, unknown>,
  ) => { tool: ToolDefinition; input: Record<string, unknown> } | undefined;
  /**
   * Rewrites a successful tool output before it joins history — e.g. lean context replacing a
   * repeated file read by a pointer to the earlier copy. Must be deterministic given history.
   */
  filterToolOutput?: (args: ToolOutputFilterArgs) => ToolOutput;
  /** Fixed clock for session facts (tests). */
  now?: () => Date;
}

export interface TurnOptions {
  signal?: AbortSignal;
}

export class Session {
  readonly id: string;
  readonly log: SessionLog;
  readonly rt: EngineRuntime;
  readonly main: Lane;
  /** Torn or corrupt lines found when resuming, and fold problems. */
  readonly resumeNotes: string[];
  private readonly state: SessionState;
  private busy = false;
  private readonly closing = new AbortController();
  private factsPending: string | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  totalUsage: Usage = {};
  private turnUsage: Usage = {};
  turnsRun = 0;
  stepsRun = 0;

  private constructor(opened: OpenedSession) {
    this.id = opened.id;
    this.log = opened.log;
    this.rt = opened.rt;
    this.main = opened.main;
    this.state = opened.state;
    this.resumeNotes = opened.notes;
    this.factsPending = opened.facts;
  }

  get logPath(): string {
    return this.log.path;
  }
  /** The number of the last turn run in this session (across resumes). */
  get turnNumber(): number {
    return this.state.turn;
  }
  get currentMode(): PermissionMode {
    return this.state.mode;
  }
  get tier1(): Tier1 {
    return this.rt.tier1;
  }
  get history(): readonly Message[] {
    return this.main.messages;
  }

  static async create(options: SessionOptions): Promise<Session> {
    return new Session(await openSession(options));
  }

  runTurn(input: string, options: TurnOptions = {}): AsyncIterable<EngineEvent> {
    if (this.closed) throw new Error("the session is closed");
    if (this.busy) throw new Error("a turn is already running in this session");
    this.busy = true;
    const channel = new EventChannel<EngineEvent>();
    this.turnUsage = {};
    this.state.emitter = (event) => {
      // The turn's usage counts every lane's steps (subagents and compaction summaries included).
      if (event.type === "step_usage") this.turnUsage = addUsage(this.turnUsage, event.usage);
      channel.push(event);
    };
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.closing.signal])
      : this.closing.signal;
    // Every running tool listens on the turn's signal; a step may run dozens of calls at once.
    setMaxListeners(0, signal);
    this.running = this.turnBody(input, signal).then(
      () => this.finish(channel),
      (error: unknown) => {
        const message = `engine failed: ${(error as Error)?.message ?? String(error)}`;
        if (!this.closed) this.rt.log({ type: "error", scope: "engine", message }, "main");
        channel.push({ type: "error", lane: "main", scope: "engine", message });
        channel.push({
          type: "turn_end",
          lane: "main",
          turn: this.state.turn,
          stopReason: "error",
          steps: 0,
          text: "",
          usage: {},
        });
        this.finish(channel);
      },
    );
    return channel;
  }

  private finish(channel: EventChannel<EngineEvent>): void {
    this.rt.flush();
    this.state.emitter = undefined;
    this.busy = false;
    channel.end();
  }

  private async turnBody(input: string, signal: AbortSignal): Promise<void> {
    this.state.turn += 1;
    this.turnsRun += 1;
    this.rt.log({ type: "turn_start", input }, "main");
    this.rt.emit({ type: "turn_start", lane: "main", turn: this.state.turn, input });
    const facts = this.main.messages.length === 0 ? this.factsPending : undefined;
    this.factsPending = undefined;
    if (facts)
      this.main.append(userMessage(text(facts), text(input)), "user", {
        factsBytes: Buffer.byteLength(facts),
      });
    else this.main.append(userMessage(text(input)), "user");
    const result = await runLaneSteps(this.rt, this.main, {
      signal,
      turn: this.state.turn,
      maxSteps: this.rt.settings.maxStepsPerTurn,
      noSubagents: false,
      runSubagent: subagentRunner(this.rt, "main", this.state.turn),
    });
    const usage = this.turnUsage;
    this.totalUsage = addUsage(this.totalUsage, usage);
    this.stepsRun += result.steps;
    this.rt.log({ type: "turn_end", stopReason: result.stopReason, steps: result.steps }, "main");
    this.rt.emit({
      type: "turn_end",
      lane: "main",
      turn: this.state.turn,
      stopReason: result.stopReason,
      steps: result.steps,
      text: result.text,
      usage,
    });
  }

  setMode(mode: PermissionMode): void {
    if (mode === this.state.mode) return;
    const from = this.state.mode;
    this.state.mode = mode;
    this.rt.log({ type: "mode_change", from, to: mode }, "main");
    this.rt.flush();
    this.rt.emit({ type: "mode_changed", from, to: mode });
  }

  async compact(options: TurnOptions = {}): Promise<CompactionResult> {
    if (this.busy) throw new UserError("cannot compact while a turn is running; wait for it to end");
    this.busy = true;
    try {
      return await compactLane(this.rt, this.main, "manual", options.signal ?? this.closing.signal);
    } finally {
      this.busy = false;
    }
  }

  describeSettings(): Record<string, unknown> {
    return {
      engine: { ...this.rt.settings, mode: this.state.mode, sessionId: this.id },
      ...this.rt.host.describeSettings(),
    };
  }

  /**
   * End the session: a running turn is interrupted and awaited (so its events are logged), then
   * `session_end` is written and the log closed. Calling it again does nothing.
   */
  close(reason = "closed"): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closing.abort();
    // Without a running turn the log is finished at once (callers may read it right after).
    if (!this.busy) {
      this.endLog(reason);
      return Promise.resolve();
    }
    return (this.running ?? Promise.resolve()).then(() => this.endLog(reason));
  }

  private endLog(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.log.append({ type: "session_end", reason }, { lane: "main", turn: this.state.turn });
    } finally {
      this.log.close();
    }
  }
}

export function createSession(options: SessionOptions): Promise<Session> {
  return Session.create(options);
}
