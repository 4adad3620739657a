/**
 * A session: one conversation in one workspace, its log, and the turns run in it.
 * `createSession` opens it (new or resumed, see session-open.ts). Every fact of the session is one
 * `SessionEvent`, published on the session's bus from `session_start` to `session_end` —
 * `subscribe` sees them all, between turns too (a mode change, a manual compaction). `runTurn`
 * runs one user turn (only one at a time; a `turn/prompt` gate may refuse its prompt, and the turn
 * then ends at once) and resolves to how it ended (`TurnResult`); `setMode`,
 * `compact`, `pin`/`unpin`, `describeSettings` and `close` act on the session between or around
 * turns; `protectedContext()` is what the next compaction keeps; the
 * mounted extensions' `operations` and `panels()` are the surfaces' to show.
 */
import { setMaxListeners } from "node:events";
import {
  type ContextPanel,
  type ExtensionOperation,
  formatReminder,
  type ImageInput,
  type ImageResolver,
  type Message,
  type PermissionMode,
  type ProtectedSection,
  protectedContextText,
  type SessionEventOf,
  type Tier1,
  type TurnToolLimit,
  text,
  type Usage,
  UserError,
  userMessage,
} from "@picasso/protocol";
import { type CompactionResult, compactLane } from "./compaction.js";
import type { SessionEventListener } from "./event-bus.js";
import type { ForkedLanes } from "./forked-lanes.js";
import type { Lane } from "./lane.js";
import { runLaneSteps } from "./lane-loop.js";
import type { ReplayEntry } from "./lane-replay.js";
import { protectedSections } from "./protected-context.js";
import { protectedContextPanel } from "./protected-context-panel.js";
import type { EngineRuntime } from "./runtime.js";
import type { SessionLog } from "./session-log.js";
import { type OpenedSession, openSession, type SessionState } from "./session-open.js";
import type { SessionOptions, TurnOptions } from "./session-options.js";
import { subagentRunner } from "./subagent.js";
import { resolveTurnImages } from "./turn-images.js";
import { addUsage } from "./usage.js";
import { applyPin, type PinChange, pinChange, unpinChange } from "./user-pins.js";
import type { WakeBoard } from "./wake-board.js";

/** How a turn ended: what its `turn_end` event recorded. */
export interface TurnResult {
  stopReason: SessionEventOf<"turn_end">["stopReason"];
  steps: number;
  /** The model's final text. */
  text: string;
  /** Every lane's usage in the turn (subagents and compaction summaries included). */
  usage: Usage;
}

export class Session {
  readonly id: string;
  readonly log: SessionLog;
  readonly rt: EngineRuntime;
  readonly main: Lane;
  /** Torn or corrupt lines found when resuming, and fold problems. */
  readonly resumeNotes: string[];
  /**
   * What a resumed session's screen replays: the main lane's messages as the user saw them, those
   * compactions summarised included, each compaction a marker (lane-replay.ts). Empty when new.
   */
  readonly replay: readonly ReplayEntry[];
  private readonly state: SessionState;
  private readonly opened: OpenedSession;
  private busy = false;
  private readonly closing: AbortController;
  /** Subagents forked into the background; they outlive turns, not the session. */
  private readonly forked: ForkedLanes;
  private readonly wake: WakeBoard;
  private factsPending: (() => string | undefined) | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private ending: Promise<void> | undefined;
  totalUsage: Usage = {};
  turnsRun = 0;
  stepsRun = 0;

  private constructor(
    opened: OpenedSession,
    private readonly images: ImageResolver | undefined,
  ) {
    this.opened = opened;
    this.id = opened.id;
    this.log = opened.log;
    this.rt = opened.rt;
    this.main = opened.main;
    this.state = opened.state;
    this.resumeNotes = opened.notes;
    this.replay = opened.replay;
    this.factsPending = opened.facts;
    this.closing = opened.closing;
    this.forked = opened.forked;
    this.wake = opened.wake;
  }

  /**
   * Works out now what the first prompt will send besides its text — the session facts (memory's
   * index opens its database for them) and the provider's SDK — so that prompt does not wait for them. A surface calls it
   * once it is ready and idle; without the call the first prompt works it out.
   */
  prepareFirstPrompt(): void {
    if (this.main.messages.length === 0) this.factsPending?.();
    this.rt.provider.prepare?.();
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
    return new Session(await openSession(options), options.images);
  }

  /** Every event of the session from now on; returns the unsubscribe function. */
  subscribe(listener: SessionEventListener): () => void {
    return this.opened.bus.subscribe(listener);
  }

  /**
   * Run one user turn; resolves when it ended (never rejects for a provider or tool fault: those
   * are events, and an engine failure ends the turn with stop reason `error`). Its events reach
   * `subscribe`rs as they happen.
   */
  runTurn(input: string, options: TurnOptions = {}): Promise<TurnResult> {
    if (this.closed || this.ending) return Promise.reject(new Error("the session is closed"));
    if (this.busy) return Promise.reject(new Error("a turn is already running in this session"));
    this.busy = true;
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.closing.signal])
      : this.closing.signal;
    // Every running tool listens on the turn's signal; a step may run dozens of calls at once.
    setMaxListeners(0, signal);
    let result: TurnResult = { stopReason: "error", steps: 0, text: "", usage: {} };
    const ended = this.subscribe((event) => {
      if (event.type === "turn_end" && event.lane === "main")
        result = {
          stopReason: event.stopReason,
          steps: event.steps,
          text: event.text,
          usage: event.usage ?? {},
        };
    });
    const done = () => {
      this.rt.flush();
      ended();
      this.busy = false;
      return result;
    };
    const running = this.turnBody(input, signal, options.limit, options.images ?? []).then(
      done,
      (error: unknown) => {
        const message = `engine failed: ${(error as Error)?.message ?? String(error)}`;
        if (!this.closed) {
          this.rt.record({ type: "error", scope: "engine", message }, "main");
          this.rt.record({ type: "turn_end", stopReason: "error", steps: 0, text: "" }, "main");
        }
        return done();
      },
    );
    this.running = running.then(() => undefined);
    return running;
  }

  private async turnBody(
    input: string,
    signal: AbortSignal,
    limit: TurnToolLimit | undefined,
    attached: readonly ImageInput[],
  ): Promise<void> {
    this.state.turn += 1;
    this.turnsRun += 1;
    let usage: Usage = {};
    const countUsage = this.subscribe((event) => {
      // The turn's usage counts every lane's steps (subagents and compaction summaries included).
      if (event.type === "model_response") usage = addUsage(usage, event.usage);
    });
    try {
      this.rt.record({ type: "turn_start", input }, "main");
      if (await this.promptRefused(input)) {
        this.rt.record({ type: "turn_end", stopReason: "end_turn", steps: 0, usage, text: "" }, "main");
        return;
      }
      const prompt = [text(input), ...(await resolveTurnImages(this.rt, this.images, input, attached))];
      const facts = this.main.messages.length === 0 ? this.factsPending?.() : undefined;
      this.factsPending = undefined;
      if (facts)
        this.main.append(userMessage(text(facts), ...prompt), "user", {
          factsBytes: Buffer.byteLength(facts),
        });
      else this.main.append(userMessage(...prompt), "user");
      const result = await runLaneSteps(this.rt, this.main, {
        signal,
        turn: this.state.turn,
        maxSteps: this.rt.settings.maxStepsPerTurn,
        noSubagents: false,
        runSubagent: subagentRunner(this.rt, "main", this.state.turn),
        subagents: (toolUseId) => this.forked.view("main", toolUseId, this.state.turn),
        notices: () => this.wake.take(),
        ...(limit ? { turnLimit: limit } : {}),
      });
      this.totalUsage = addUsage(this.totalUsage, usage);
      this.stepsRun += result.steps;
      this.rt.record(
        { type: "turn_end", stopReason: result.stopReason, steps: result.steps, usage, text: result.text },
        "main",
      );
    } finally {
      countUsage();
    }
  }

  /**
   * The `turn/prompt` gates (lifecycle-gates.ts): true when one refused the prompt — it does not
   * join history, and the extension that refused it told the user why (its own event).
   */
  private async promptRefused(input: string): Promise<boolean> {
    if (!this.rt.host.gates.any) return false;
    const reason = await this.rt.host.gates.prompt(
      { sessionId: this.id, turn: this.state.turn, prompt: input },
      (extension, gate, error) =>
        this.rt.record(
          {
            type: "error",
            scope: "plugin",
            message: `extension ${extension} failed in ${gate}: ${(error as Error)?.message ?? String(error)}`,
          },
          "main",
        ),
    );
    return reason !== undefined;
  }

  /**
   * Wake notices waiting for the main lane (a monitor matched, a scheduled prompt came due) while
   * no turn ran: a surface runs `runWake` for them (each `wake` event says one arrived).
   */
  get pendingWakes(): number {
    return this.wake.pending;
  }

  /** What is armed to wake this session later (monitors, scheduled prompts), by label. */
  get armedWakes(): string[] {
    return this.wake.armed;
  }

  /** Called when a notice arrives or a wake-up is disarmed; returns the unsubscribe function. */
  onWakeChange(listener: () => void): () => void {
    return this.wake.onChange(listener);
  }

  /**
   * Run a turn for the waiting notices (its input: each one a `<system-reminder>` of its source),
   * unless a turn is running (they join its next step) or none wait. Resolves to the turn's
   * result, or undefined when none ran.
   */
  async runWake(options: TurnOptions = {}): Promise<TurnResult | undefined> {
    if (this.busy || this.closed || this.ending || this.wake.pending === 0) return undefined;
    const input = this.wake
      .take()
      .map((notice) => formatReminder(notice.source, notice.text))
      .join("\n\n");
    return this.runTurn(input, options);
  }

  /** The user's pins, in pinning order (what every compaction of the main lane keeps). */
  get pins(): readonly string[] {
    return this.state.pins;
  }

  /** Pin a decision (user-pins.ts); a mistake (empty, a repeat, too many) is a UserError. Returns the pins. */
  pin(text: string): readonly string[] {
    return this.changePins(pinChange(this.state.pins, text));
  }

  /** Take off pin `n` (1-based, as `pins` lists them); a bad number is a UserError. Returns the pins. */
  unpin(n: string): readonly string[] {
    return this.changePins(unpinChange(this.state.pins, n));
  }

  private changePins(change: PinChange): readonly string[] {
    if (this.closed || this.ending) throw new UserError("the session is closed");
    this.state.pins = applyPin(this.state.pins, change);
    this.rt.record(change, "main");
    this.rt.flush();
    return this.state.pins;
  }

  /** What the next compaction of `lane` keeps, as sections (protected-context.ts). */
  protectedSections(lane = "main"): ProtectedSection[] {
    return protectedSections(this.rt, lane);
  }

  /**
   * The protected block the next compaction of `lane` appends after its summary — exactly its
   * bytes for the state as it is now — or undefined when nothing is protected.
   */
  protectedContext(lane = "main"): string | undefined {
    return protectedContextText(this.protectedSections(lane));
  }

  setMode(mode: PermissionMode): void {
    if (mode === this.state.mode) return;
    const from = this.state.mode;
    this.state.mode = mode;
    this.rt.record({ type: "mode_change", from, to: mode }, "main");
    this.rt.flush();
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

  /** The mounted extensions' operations, in mount order (slash commands, ACP commands). */
  get operations(): readonly ExtensionOperation[] {
    return this.rt.host.operations;
  }

  /** The mounted extensions' `/context` panels, as they are now, then the protected context's. */
  panels(): ContextPanel[] {
    return [...this.rt.host.panels(), protectedContextPanel(this.protectedSections())];
  }

  /** Subagents forked into the background that are still running. */
  get backgroundSubagents(): number {
    return this.forked.running;
  }

  /**
   * End the session: a running turn and every background subagent are interrupted and awaited
   * (so their events are logged), the extensions closed in reverse mount order (their last events,
   * such as an MCP server's exit, logged before the end), then `session_end` is recorded and the
   * log closed. Calling it again returns the same promise.
   */
  close(reason = "closed"): Promise<void> {
    if (this.ending) return this.ending;
    this.closing.abort();
    const stopped =
      !this.busy && this.forked.running === 0
        ? Promise.resolve()
        : Promise.all([this.running ?? Promise.resolve(), this.forked.stopAll()]);
    this.ending = stopped
      .then(() =>
        this.rt.host.close((extension, error) =>
          this.rt.record(
            {
              type: "error",
              scope: "plugin",
              message: `extension ${extension} failed to close: ${(error as Error)?.message ?? String(error)}`,
            },
            "main",
          ),
        ),
      )
      .then(() => this.endLog(reason));
    return this.ending;
  }

  private endLog(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.rt.record({ type: "session_end", reason }, "main");
    } finally {
      this.log.close();
      this.opened.lock.release();
    }
  }
}

export function createSession(options: SessionOptions): Promise<Session> {
  return Session.create(options);
}
