/**
 * The TUI's one link to the engine. It owns the open session, subscribes to its event stream for
 * the session's life and folds every event into the store (apply-event.ts) — events of turns and
 * those between turns (a mode change, a /compact) alike — runs turns, answers approvals through
 * the dialog, and implements what slash commands may do: its commands are the TUI's own and the
 * open session's operations (command-registry.ts), rebuilt for every session it opens. Rules:
 * - one turn at a time; a prompt sent while a turn runs is queued and sent when it ends (while
 *   `/goal` rounds run, when the last round ends; while an operation runs, when it has answered);
 * - the screen is drawn before the first session opens (`start`); what is typed meanwhile —
 *   prompts and slash commands, type-ahead included — waits and runs, in order, once it is open;
 * - a notice that wakes the session (a monitor matched, a scheduled prompt came due: the `wake`
 *   event, shown as a `⏰ source: …` line) runs a turn of its own when the session is idle
 *   (`Session.runWake`, no prompt line); while a turn, `/goal` rounds or an operation run it joins
 *   the running turn, or runs once they end — after the prompts queued meanwhile, which take the
 *   notices still waiting with them;
 * - Esc aborts the running turn's signal (the engine answers running tools "interrupted");
 * - approvals and `ask_user` questions go through dialog state (dialog-bridge.ts); a pending one
 *   is answered when its turn is interrupted;
 * - Shift+Tab cycles default → plan → auto; the mode applies to the next tool call, even mid-turn;
 * - /clear, /resume and /model close the current session and open another (a new epoch); a
 *   model chosen with /model stays chosen for the sessions opened after it;
 * - an operation runs under a signal aborted when the user leaves; a `UserError` it throws is one
 *   warning line, any other error one error line;
 * - items far behind the newest are slimmed as items are appended (printed-items.ts): the
 *   terminal has them; Ctrl+O expands the newest collapsed output, slimmed or not.
 */
import type { ApprovalAnswer, Approver } from "@picasso/engine";
import { type ContextView, contextTokensOf } from "@picasso/engine/context";
import type {
  ExtensionOperation,
  OperationResult,
  PermissionMode,
  SessionEvent,
  TimelineChart,
  TurnToolLimit,
} from "@picasso/protocol";
import { isUserError } from "@picasso/protocol/basics";
import {
  closeMatches,
  findCommand,
  parseSlash,
  SLASH_COMMANDS,
  slashCommands,
} from "../commands/command-registry.js";
import type { CommandContext, PickerOption, SlashCommand } from "../commands/slash-command.js";
import { cacheReadShare, compactNumber } from "../status/status-model.js";
import { applyEvent, EMPTY_LIVE } from "../transcript/apply-event.js";
import {
  appendItems,
  newestExpandable,
  type PrintedItems,
  printedItems,
} from "../transcript/printed-items.js";
import { clipHugeItem } from "../transcript/replay-window.js";
import type { NewItem, TranscriptItem } from "../transcript/transcript.js";
import { DialogBridge } from "./dialog-bridge.js";
import { MOCK_HINT } from "./mock-hint.js";
import type { OpenedSession, SessionChoice, SessionHost } from "./session-host.js";
import { openingItems, openingStatus } from "./session-view.js";
import { initialTuiState, type TuiState, TuiStore } from "./tui-state.js";

const MODES: PermissionMode[] = ["default", "plan", "auto"];

/** The hint shown after Esc until the interrupted turn has wound down. */
export const INTERRUPTING_HINT = "interrupting…";

export class SessionController implements CommandContext {
  readonly store: TuiStore;
  readonly approver: Approver;
  private opened: OpenedSession | undefined;
  private unsubscribe: (() => void) | undefined;
  private nextId = 1;
  private abort: AbortController | undefined;
  private queued: string[] = [];
  /** Typed before the first session opened, run in order once it has. */
  private beforeOpen: string[] | undefined = [];
  /** A mode chosen (Shift+Tab) before the first session opened, applied once it has. */
  private modeBeforeOpen: PermissionMode | undefined;
  private readonly dialogs: DialogBridge;
  private exitListeners: Array<() => void> = [];
  /** The model chosen with /model, kept for later /clear and /resume. */
  private modelChoice: string | undefined;
  /** How the main lane's last turn ended (its `turn_end`). */
  private lastStop: string | undefined;
  /** Goal rounds are running: prompts typed meanwhile wait until they end. */
  private goalRunning = false;
  /** Operations running now: prompts typed meanwhile wait until they have answered. */
  private operationsRunning = 0;
  /** Aborted when the user leaves: operations run under it. */
  private readonly leaving = new AbortController();
  /** The TUI's own commands and the open session's operations (the TUI's alone until one opens). */
  private commandList: readonly SlashCommand[] = SLASH_COMMANDS;
  /** The store's items and which of them are slimmed (printed-items.ts). */
  private printed: PrintedItems = printedItems([]);

  constructor(private readonly host: SessionHost) {
    this.store = new TuiStore(initialTuiState());
    this.dialogs = new DialogBridge(this.store, () => this.nextId++);
    this.approver = { approve: this.dialogs.approve };
  }

  get session(): OpenedSession["session"] {
    if (!this.opened) throw new Error("no session is open");
    return this.opened.session;
  }

  /**
   * Open the first session (new or resumed) and show its history and, on the mock, the first-run
   * hint. Its set-up warnings come once it is ready (`showWarnings`).
   */
  async start(request: SessionChoice = {}): Promise<void> {
    await this.openSession(request);
    if (this.opened?.mockFallback) this.print({ kind: "notice", tone: "hint", text: MOCK_HINT });
    // Left (a signal) while the session opened: what was typed ahead is not sent.
    const waiting = this.store.state.exited ? [] : (this.beforeOpen ?? []);
    this.beforeOpen = undefined;
    if (this.modeBeforeOpen && this.modeBeforeOpen !== this.session.currentMode)
      this.setMode(this.modeBeforeOpen);
    this.modeBeforeOpen = undefined;
    if (waiting.length) this.store.set({ hint: undefined }, true);
    for (const text of waiting) this.submit(text);
  }

  /** Shows the first session's set-up warnings, one notice each (once it is ready: run-tui.ts). */
  showWarnings(): void {
    if (!this.opened || this.store.state.exited) return;
    for (const text of this.opened.warnings?.() ?? []) this.print({ kind: "notice", tone: "warn", text });
  }

  /** Works out what the open session's first prompt needs, unless it is closing (`Session.prepareFirstPrompt`). */
  prepareFirstPrompt(): void {
    if (this.opened && !this.store.state.exited) this.opened.session.prepareFirstPrompt();
  }

  /** True once the first session is open (until then input waits, see `submit`). */
  get isOpen(): boolean {
    return this.beforeOpen === undefined;
  }

  onExit(listener: () => void): void {
    this.exitListeners.push(listener);
  }

  print(item: NewItem): void {
    const withId = { ...item, id: this.nextId++ } as TranscriptItem;
    this.store.set({ items: this.append([withId]) });
  }

  /**
   * The items with `added` after them; items far behind the newest are slimmed (printed-items.ts).
   * A session opening sets its items as they are: the bookkeeping follows the array in the store.
   */
  private append(added: readonly TranscriptItem[]): TranscriptItem[] {
    const current = this.store.state.items;
    const printed = this.printed.items === current ? this.printed : printedItems(current);
    this.printed = appendItems(printed, added);
    return this.printed.items;
  }

  submit(text: string): void {
    if (this.beforeOpen) {
      this.beforeOpen.push(text);
      this.store.set({ hint: `queued: sent when the session is open (${this.beforeOpen.length})` }, true);
      return;
    }
    const slash = text.startsWith("/") ? parseSlash(text) : undefined;
    if (slash && !text.startsWith("//")) {
      void this.runCommand(slash.name, slash.args);
      return;
    }
    if (this.store.state.busy || this.goalRunning || this.operationsRunning > 0) {
      this.queued.push(text);
      this.store.set({ hint: `queued: sent when the current turn ends (${this.queued.length})` }, true);
      return;
    }
    void this.runTurn(text.startsWith("//") ? text.slice(1) : text);
  }

  async runCommand(name: string, args: string): Promise<void> {
    const command = findCommand(name, this.commandList);
    if (!command) {
      const near = closeMatches(name, this.commandList);
      this.print({
        kind: "notice",
        tone: "warn",
        text: `unknown command /${name}${near.length ? ` — did you mean ${near.join(", ")}?` : ""} (/help lists them all)`,
      });
      this.store.flush();
      return;
    }
    try {
      await command.run(args, this);
    } catch (error) {
      const tone = isUserError(error) ? "warn" : "error";
      this.print({ kind: "notice", tone, text: `/${name}: ${(error as Error).message}` });
    }
    this.store.flush();
    // Prompts sent while an operation ran go once its answer is on screen.
    if (this.operationsRunning === 0 && !this.store.state.busy && !this.goalRunning) this.runQueued();
  }

  async runOperation(operation: ExtensionOperation, args: string): Promise<OperationResult> {
    this.operationsRunning++;
    const hint = `/${operation.name}…`;
    this.store.set({ hint }, true);
    try {
      return await operation.run(args, { signal: this.leaving.signal, offline: false });
    } finally {
      this.operationsRunning--;
      if (this.store.state.hint === hint) this.store.set({ hint: undefined }, true);
    }
  }

  /**
   * Run one turn and wait for its end; returns how it ended and whether Esc interrupted it.
   * `shown` replaces the input in the transcript (a goal round shows a notice, not its reminder).
   */
  private runTurn(
    text: string,
    shown?: NewItem,
    limit?: TurnToolLimit,
  ): Promise<{ stopReason: string | undefined; interrupted: boolean }> {
    const session = this.session;
    // A pasted megabyte shows its head only, as in a replay; the log keeps all of it.
    const items = shown ? [shown] : clipHugeItem({ kind: "user", text }, session.logPath);
    return this.driveTurn(items, (signal) => session.runTurn(text, { signal, ...(limit ? { limit } : {}) }));
  }

  /**
   * Run a turn for the wake notices waiting, when nothing else runs and no prompt is queued (a
   * queued prompt goes first and takes the notices with it). Its input is the notices; the
   * transcript shows them as the `wake` events' lines, not as a prompt.
   */
  private runWakeIfIdle(): void {
    const session = this.opened?.session;
    if (!session || this.store.state.exited || this.beforeOpen) return;
    if (this.store.state.busy || this.goalRunning || this.operationsRunning > 0 || this.queued.length > 0)
      return;
    if (session.pendingWakes === 0) return;
    void this.driveTurn([], (signal) => session.runWake({ signal }));
  }

  /** One turn `start`ed under Esc's signal, `items` printed first; waits for its end. */
  private async driveTurn(
    items: NewItem[],
    start: (signal: AbortSignal) => Promise<unknown>,
  ): Promise<{ stopReason: string | undefined; interrupted: boolean }> {
    const abort = new AbortController();
    this.abort = abort;
    this.lastStop = undefined;
    for (const item of items) this.print(item);
    this.store.set(
      {
        busy: true,
        busySince: Date.now(),
        hint: undefined,
        status: { ...this.store.state.status, busy: true },
      },
      true,
    );
    try {
      // The events arrive through the subscription (openSession).
      await start(abort.signal);
    } catch (error) {
      this.print({ kind: "notice", tone: "error", text: `the turn failed: ${(error as Error).message}` });
    } finally {
      this.abort = undefined;
      // "interrupting…" is about this turn; it goes when the turn has ended.
      const hint = this.store.state.hint === INTERRUPTING_HINT ? undefined : this.store.state.hint;
      this.store.set(
        { busy: false, hint, live: EMPTY_LIVE, status: { ...this.store.state.status, busy: false } },
        true,
      );
    }
    if (!this.goalRunning) this.runQueued();
    return { stopReason: this.lastStop, interrupted: abort.signal.aborted };
  }

  private runQueued(): void {
    const next = this.queued.shift();
    if (next !== undefined && !this.store.state.exited) {
      this.store.set({ hint: undefined });
      void this.runTurn(next);
      return;
    }
    // Nothing queued: notices that arrived after the turn's last step wake it now.
    this.runWakeIfIdle();
  }

  /** Send a custom command's expanded prompt as the user's turn, with its tool limit. */
  sendPrompt(prompt: string, limit?: TurnToolLimit): void {
    if (this.store.state.busy || this.goalRunning) {
      this.print({
        kind: "notice",
        tone: "warn",
        text: "wait for the turn to end (or press Esc), then run the command again",
      });
      return;
    }
    void this.runTurn(prompt, undefined, limit);
  }

  async runGoal(objective: string, maxRounds: number): Promise<boolean> {
    const rounds = this.opened?.goalRounds?.(maxRounds);
    if (!rounds) return false;
    if (this.store.state.busy || this.goalRunning) {
      this.print({
        kind: "notice",
        tone: "warn",
        text: "/goal: wait for the turn to end (or press Esc) first",
      });
      return true;
    }
    this.goalRunning = true;
    try {
      let input = rounds.begin(objective);
      let shown: NewItem = { kind: "user", text: `/goal ${objective}` };
      while (!this.store.state.exited) {
        const end = await this.runTurn(input, shown);
        const next = rounds.after(end.stopReason, end.interrupted);
        if ("ended" in next) {
          this.print({ kind: "notice", tone: next.reached ? "info" : "warn", text: next.ended });
          break;
        }
        input = next.input;
        shown = {
          kind: "notice",
          tone: "info",
          text: `goal round ${rounds.current} of ${rounds.maxRounds}: ${objective}`,
        };
      }
    } finally {
      this.goalRunning = false;
      this.store.flush();
      this.runQueued();
    }
    return true;
  }

  goalStatus(): string | undefined {
    return this.opened?.goalStatus?.();
  }

  private onEvent(event: SessionEvent): void {
    const fold = applyEvent(this.store.state.live, event);
    const items = fold.finished.map((item) => ({ ...item, id: this.nextId++ }) as TranscriptItem);
    const patch: Parameters<TuiStore["set"]>[0] = { live: fold.live };
    if (items.length) patch.items = this.append(items);
    if (event.type === "model_response" && event.lane === "main") {
      patch.status = {
        ...this.store.state.status,
        contextTokens: contextTokensOf(event.usage) ?? this.store.state.status.contextTokens,
        contextEstimated:
          contextTokensOf(event.usage) === undefined && this.store.state.status.contextEstimated,
        cacheReadShare: cacheReadShare(event.usage),
      };
    }
    if (event.type === "turn_end" && event.lane === "main") this.lastStop = event.stopReason;
    if (event.type === "mode_change")
      patch.status = { ...(patch.status ?? this.store.state.status), mode: event.to };
    this.store.set(patch, event.type !== "text_delta" && event.type !== "thinking_delta");
  }

  interrupt(): boolean {
    if (!this.abort) return false;
    this.abort.abort();
    this.dialogs.cancel("the user interrupted");
    return true;
  }

  answerQuestion(answer: string): void {
    this.dialogs.answer(answer);
  }

  decideApproval(answer: ApprovalAnswer): void {
    this.dialogs.decide(answer);
  }

  cycleMode(): void {
    if (!this.opened) {
      // Before the session opens, the status line shows the choice; `start` applies it.
      const current = this.store.state.status.mode;
      this.modeBeforeOpen = MODES[(MODES.indexOf(current) + 1) % MODES.length]!;
      this.store.set({ status: { ...this.store.state.status, mode: this.modeBeforeOpen } }, true);
      return;
    }
    const current = this.session.currentMode;
    this.setMode(MODES[(MODES.indexOf(current) + 1) % MODES.length]!);
  }

  /** Print the full output of the newest tool call whose output was collapsed. */
  expandLast(): void {
    const current = this.store.state.items;
    const found = newestExpandable(this.printed.items === current ? this.printed : printedItems(current));
    this.print(
      found
        ? { kind: "expanded", ...found }
        : { kind: "notice", tone: "info", text: "no collapsed output to expand" },
    );
    this.store.flush();
  }

  setHint(hint: string | undefined): void {
    this.store.set({ hint }, true);
  }

  /** Set the permission mode (Shift+Tab); the status line follows the session's `mode_change` event. */
  setMode(mode: PermissionMode): void {
    this.session.setMode(mode);
  }

  // ── CommandContext ──────────────────────────────────────────────────────────
  async newSession(): Promise<void> {
    await this.switchTo({}, "cleared");
  }

  pick(title: string, options: PickerOption[], onPick: (value: string) => void): void {
    this.store.set({ picker: { title, options, onPick } }, true);
  }

  closePicker(value: string | undefined): void {
    const picker = this.store.state.picker;
    this.store.set({ picker: undefined }, true);
    if (picker && value !== undefined) picker.onPick(value);
  }

  showContext(view: ContextView): void {
    const status = this.store.state.status;
    // Until a request reports usage the status line shows an estimate: make it this one, so the
    // status line and /context show the same figure.
    const patch = status.contextEstimated ? { status: { ...status, contextTokens: view.usedTokens } } : {};
    this.store.set({ ...patch, contextPanel: view }, true);
  }

  /** Close the /context panel, leaving one line about it in the history. */
  closeContext(): void {
    const view = this.store.state.contextPanel;
    if (!view) return;
    this.closePanel(
      { contextPanel: undefined },
      `/context: ${compactNumber(view.usedTokens)} of ${compactNumber(view.window)} tokens in use (${view.window > 0 ? ((view.usedTokens / view.window) * 100).toFixed(1) : "?"}%)`,
    );
  }

  showTimeline(chart: TimelineChart): void {
    this.store.set({ timelinePanel: chart }, true);
  }

  /** Close the /context timeline, leaving one line about it in the history. */
  closeTimeline(): void {
    const chart = this.store.state.timelinePanel;
    if (!chart) return;
    this.closePanel(
      { timelinePanel: undefined },
      `/context timeline: ${chart.steps} step${chart.steps === 1 ? "" : "s"}, ${chart.totals.drops} prefix drop${chart.totals.drops === 1 ? "" : "s"}`,
    );
  }

  private closePanel(patch: Partial<TuiState>, line: string): void {
    this.store.set(patch);
    this.print({ kind: "notice", tone: "info", text: line });
    this.store.flush();
  }

  exit(): void {
    if (this.store.state.exited) return;
    this.abort?.abort();
    this.leaving.abort();
    this.dialogs.cancel("the user left");
    this.store.set({ exited: true }, true);
    for (const listener of this.exitListeners) listener();
  }

  async close(reason = "exit"): Promise<void> {
    const opened = this.opened;
    this.opened = undefined;
    await opened?.close(reason);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  commands(): readonly SlashCommand[] {
    return this.commandList;
  }

  // ── sessions ────────────────────────────────────────────────────────────────
  /** `/resume <id>` (the session's `resume` operation, through `SessionControls`). */
  private async resume(id: string): Promise<void> {
    await this.switchTo({ resume: { id } }, "resumed another");
  }

  /** `/model <id>` (the session's `model` operation, through `SessionControls`). */
  private async switchModel(model: string): Promise<void> {
    await this.switchTo({ model }, "model switched");
  }

  private async switchTo(request: SessionChoice, reason: string): Promise<void> {
    if (this.store.state.busy) {
      this.print({ kind: "notice", tone: "warn", text: "wait for the turn to end (or press Esc) first" });
      return;
    }
    const previous = this.opened;
    const unsubscribePrevious = this.unsubscribe;
    await this.openSession(request);
    await previous?.close(reason);
    unsubscribePrevious?.();
  }

  private async openSession(request: SessionChoice): Promise<void> {
    if (request.model) this.modelChoice = request.model;
    const model = this.modelChoice ? { model: this.modelChoice } : {};
    const opened = await this.host.open({
      ...request,
      ...model,
      approver: this.approver,
      askUser: this.dialogs.ask,
      controls: { resume: (id) => this.resume(id), switchModel: (model) => this.switchModel(model) },
    });
    this.opened = opened;
    this.commandList = slashCommands(opened.operations);
    const unsubscribeEvents = opened.session.subscribe((event) => this.onEvent(event));
    // A notice can arrive while the session is idle: run its turn once the notifier has returned.
    const unwatchWakes = opened.session.onWakeChange(() => setImmediate(() => this.runWakeIfIdle()));
    this.unsubscribe = () => {
      unsubscribeEvents();
      unwatchWakes();
    };
    const items = openingItems(opened, request.resume !== undefined).map(
      (item) => ({ ...item, id: this.nextId++ }) as TranscriptItem,
    );
    const first = this.store.state.epoch === 0 && this.store.state.items.length === 0;
    this.store.set(
      {
        items,
        epoch: first ? 0 : this.store.state.epoch + 1,
        live: EMPTY_LIVE,
        status: openingStatus(opened, this.store.state.status),
      },
      true,
    );
  }
}
