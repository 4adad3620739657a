/**
 * The TUI's one link to the engine. It owns the open session, runs turns and folds their events
 * into the store (apply-event.ts), answers approvals through the dialog, and implements what
 * slash commands may do. Rules:
 * - one turn at a time; a prompt sent while a turn runs is queued and sent when it ends;
 * - Esc aborts the running turn's signal (the engine answers running tools "interrupted");
 * - a pending approval is answered "deny" when its turn is interrupted;
 * - Shift+Tab cycles default → plan → auto; the mode applies to the next tool call, even mid-turn;
 * - /clear, /resume and /model close the current session and open another (a new epoch).
 */
import type { ApprovalAnswer, ApprovalRequest, Approver, EngineEvent } from "@picasso/engine";
import { type AskUserRequest, type PermissionMode, readLogFile } from "@picasso/protocol";
import { closeMatches, findCommand, parseSlash, SLASH_COMMANDS } from "../commands/command-registry.js";
import { MOCK_HINT } from "../commands/model.js";
import type { CommandContext, PickerOption, SlashCommand } from "../commands/slash-command.js";
import { buildContextView, type ContextView } from "../context/context-view.js";
import { cacheReadShare, contextTokensOf } from "../status/status-model.js";
import { applyEvent, EMPTY_LIVE } from "../transcript/apply-event.js";
import { historyItems } from "../transcript/history-items.js";
import type { NewItem, TranscriptItem } from "../transcript/transcript.js";
import type { OpenedSession, SessionChoice, SessionHost } from "./session-host.js";
import { TuiStore } from "./tui-state.js";

const MODES: PermissionMode[] = ["default", "plan", "auto"];

export class SessionController implements CommandContext {
  readonly store: TuiStore;
  readonly approver: Approver;
  private opened: OpenedSession | undefined;
  private nextId = 1;
  private abort: AbortController | undefined;
  private queued: string[] = [];
  private approvalWaiter: ((answer: ApprovalAnswer) => void) | undefined;
  private questionWaiter: ((answer: string) => void) | undefined;
  private exitListeners: Array<() => void> = [];
  private estimate: ((text: string) => number) | undefined;

  constructor(
    private readonly host: SessionHost,
    readonly commandList: readonly SlashCommand[] = SLASH_COMMANDS,
  ) {
    this.approver = { approve: (request, signal) => this.requestApproval(request, signal) };
    this.store = new TuiStore({
      items: [],
      epoch: 0,
      live: EMPTY_LIVE,
      busy: false,
      busySince: 0,
      approval: undefined,
      question: undefined,
      picker: undefined,
      status: {
        provider: "",
        model: "",
        mockFallback: host.mockFallback,
        mode: "default",
        contextTokens: undefined,
        contextEstimated: false,
        window: 0,
        cacheReadShare: undefined,
        sessionId: "",
        busy: false,
      },
      hint: undefined,
      exited: false,
    });
  }

  get session(): OpenedSession["session"] {
    if (!this.opened) throw new Error("no session is open");
    return this.opened.session;
  }

  /** Open the first session (new or resumed) and show its history and, on the mock, the first-run hint. */
  async start(request: SessionChoice = {}): Promise<void> {
    await this.openSession(request);
    if (this.host.mockFallback) this.print({ kind: "notice", tone: "hint", text: MOCK_HINT });
  }

  onExit(listener: () => void): void {
    this.exitListeners.push(listener);
  }

  print(item: NewItem): void {
    const withId = { ...item, id: this.nextId++ } as TranscriptItem;
    this.store.set({ items: [...this.store.state.items, withId] });
  }

  submit(text: string): void {
    const slash = text.startsWith("/") ? parseSlash(text) : undefined;
    if (slash && !text.startsWith("//")) {
      void this.runCommand(slash.name, slash.args);
      return;
    }
    if (this.store.state.busy) {
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
      this.print({ kind: "notice", tone: "error", text: `/${name}: ${(error as Error).message}` });
    }
    this.store.flush();
  }

  private async runTurn(text: string): Promise<void> {
    const session = this.session;
    this.abort = new AbortController();
    this.print({ kind: "user", text });
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
      for await (const event of session.runTurn(text, { signal: this.abort.signal })) this.onEvent(event);
    } catch (error) {
      this.print({ kind: "notice", tone: "error", text: `the turn failed: ${(error as Error).message}` });
    } finally {
      this.abort = undefined;
      this.store.set(
        { busy: false, live: EMPTY_LIVE, status: { ...this.store.state.status, busy: false } },
        true,
      );
    }
    const next = this.queued.shift();
    if (next !== undefined && !this.store.state.exited) {
      this.store.set({ hint: undefined });
      void this.runTurn(next);
    }
  }

  private onEvent(event: EngineEvent): void {
    const fold = applyEvent(this.store.state.live, event);
    const items = fold.finished.map((item) => ({ ...item, id: this.nextId++ }) as TranscriptItem);
    const patch: Parameters<TuiStore["set"]>[0] = { live: fold.live };
    if (items.length) patch.items = [...this.store.state.items, ...items];
    if (event.type === "step_usage" && event.lane === "main") {
      patch.status = {
        ...this.store.state.status,
        contextTokens: contextTokensOf(event.usage) ?? this.store.state.status.contextTokens,
        contextEstimated:
          contextTokensOf(event.usage) === undefined && this.store.state.status.contextEstimated,
        cacheReadShare: cacheReadShare(event.usage),
      };
    }
    if (event.type === "mode_changed")
      patch.status = { ...(patch.status ?? this.store.state.status), mode: event.to };
    this.store.set(patch, event.type !== "text_delta" && event.type !== "thinking_delta");
  }

  interrupt(): boolean {
    if (!this.abort) return false;
    this.abort.abort();
    this.approvalWaiter?.({ decision: "deny", note: "the user interrupted" });
    this.questionWaiter?.("(the user interrupted instead of answering)");
    return true;
  }

  private requestApproval(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    return new Promise((resolve) => {
      const finish = (answer: ApprovalAnswer) => {
        signal.removeEventListener("abort", onAbort);
        this.approvalWaiter = undefined;
        this.store.set({ approval: undefined }, true);
        resolve(answer);
      };
      const onAbort = () => finish({ decision: "deny", note: "the user interrupted" });
      signal.addEventListener("abort", onAbort, { once: true });
      this.approvalWaiter = finish;
      this.store.set(
        {
          approval: {
            id: this.nextId++,
            prompt: { name: request.name, input: request.input, effect: request.effect },
          },
        },
        true,
      );
    });
  }

  /** `ask_user`: show the question; an interrupt or exit answers that the user declined. */
  askUser = (request: AskUserRequest): Promise<string> =>
    new Promise((resolve) => {
      this.questionWaiter = (answer) => {
        this.questionWaiter = undefined;
        this.store.set({ question: undefined }, true);
        resolve(answer);
      };
      this.store.set(
        {
          question: { id: this.nextId++, question: request.question, choices: [...(request.choices ?? [])] },
        },
        true,
      );
    });

  answerQuestion(answer: string): void {
    this.questionWaiter?.(answer);
  }

  decideApproval(answer: ApprovalAnswer): void {
    this.approvalWaiter?.(answer);
  }

  cycleMode(): void {
    const current = this.mode();
    this.setMode(MODES[(MODES.indexOf(current) + 1) % MODES.length]!);
  }

  /** Print the full output of the newest tool call whose output was collapsed. */
  expandLast(): void {
    const items = this.store.state.items;
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]!;
      if (item.kind !== "tool") continue;
      const d = item.display;
      const text =
        d?.kind === "diff"
          ? d.diff
          : d?.kind === "command"
            ? d.output
            : d?.kind === "text"
              ? d.text
              : item.content;
      if (!text || text.split("\n").length <= 6) continue;
      this.print({ kind: "expanded", title: `${item.name} — full output`, text });
      this.store.flush();
      return;
    }
    this.print({ kind: "notice", tone: "info", text: "no collapsed output to expand" });
    this.store.flush();
  }

  setHint(hint: string | undefined): void {
    this.store.set({ hint }, true);
  }

  // ── CommandContext ──────────────────────────────────────────────────────────
  mode(): PermissionMode {
    return this.session.currentMode;
  }

  setMode(mode: PermissionMode): void {
    this.session.setMode(mode);
    this.store.set({ status: { ...this.store.state.status, mode } }, true);
  }

  async compact(): Promise<void> {
    if (this.store.state.busy) {
      this.print({ kind: "notice", tone: "warn", text: "/compact: wait for the turn to end (or press Esc)" });
      return;
    }
    this.store.set({ busy: true, hint: "compacting…" }, true);
    try {
      const result = await this.session.compact();
      this.print(
        result.compacted
          ? {
              kind: "notice",
              tone: "info",
              text: `compacted ${result.removedMessages} messages: ${result.bytesBefore} → ${result.bytesAfter} bytes of history`,
            }
          : { kind: "notice", tone: "info", text: `nothing compacted: ${result.reason}` },
      );
    } finally {
      this.store.set({ busy: false, hint: undefined }, true);
    }
  }

  async newSession(): Promise<void> {
    await this.switchTo({}, "cleared");
  }

  async resume(id: string): Promise<void> {
    await this.switchTo({ resume: { id } }, "resumed another");
  }

  async switchModel(model: string): Promise<void> {
    await this.switchTo({ model }, "model switched");
  }

  sessions(): { id: string; mtimeMs: number; path?: string }[] {
    return this.host.listSessions();
  }

  currentSessionId(): string {
    return this.session.id;
  }

  pick(title: string, options: PickerOption[], onPick: (value: string) => void): void {
    this.store.set({ picker: { title, options, onPick } }, true);
  }

  closePicker(value: string | undefined): void {
    const picker = this.store.state.picker;
    this.store.set({ picker: undefined }, true);
    if (picker && value !== undefined) picker.onPick(value);
  }

  model(): { provider: string; model: string; window: number; mockFallback: boolean } {
    const p = this.opened!.provider;
    return {
      provider: p.name,
      model: p.model,
      window: p.contextWindow,
      mockFallback: this.host.mockFallback,
    };
  }

  async contextView(): Promise<ContextView> {
    this.estimate ??= (await import("@picasso/protocol")).estimateTokens;
    let tier2Bytes = 0;
    try {
      for await (const line of readLogFile(this.session.logPath))
        if (line.kind === "event" && line.event.type === "tier2_load" && line.event.lane === "main")
          tier2Bytes += line.event.bytes;
    } catch {
      // No log yet: nothing loaded.
    }
    const status = this.store.state.status;
    return buildContextView({
      tier1: this.session.tier1,
      history: this.session.history,
      window: this.opened!.provider.contextWindow,
      describe: this.session.describeSettings(),
      tier2Bytes,
      ...(status.contextTokens !== undefined && !status.contextEstimated
        ? { reportedPromptTokens: status.contextTokens }
        : {}),
      estimate: this.estimate,
    });
  }

  async timeline(): Promise<string | undefined> {
    return this.host.timeline ? this.host.timeline(this.session) : undefined;
  }

  exit(): void {
    if (this.store.state.exited) return;
    this.abort?.abort();
    this.approvalWaiter?.({ decision: "deny" });
    this.questionWaiter?.("(the user left)");
    this.store.set({ exited: true }, true);
    for (const listener of this.exitListeners) listener();
  }

  async close(reason = "exit"): Promise<void> {
    const opened = this.opened;
    this.opened = undefined;
    await opened?.close(reason);
  }

  commands(): readonly SlashCommand[] {
    return this.commandList;
  }

  // ── sessions ────────────────────────────────────────────────────────────────
  private async switchTo(request: SessionChoice, reason: string): Promise<void> {
    if (this.store.state.busy) {
      this.print({ kind: "notice", tone: "warn", text: "wait for the turn to end (or press Esc) first" });
      return;
    }
    const previous = this.opened;
    const model = request.model ?? previous?.provider.model;
    await this.openSession({ ...request, ...(model && request.model ? { model } : {}) });
    await previous?.close(reason);
  }

  private async openSession(request: SessionChoice): Promise<void> {
    const opened = await this.host.open({ ...request, approver: this.approver, askUser: this.askUser });
    this.opened = opened;
    const { session, provider } = opened;
    const history = historyItems(session.history).map(
      (item) => ({ ...item, id: this.nextId++ }) as TranscriptItem,
    );
    const notes = session.resumeNotes.map(
      (text) => ({ kind: "notice", tone: "warn", text, id: this.nextId++ }) as TranscriptItem,
    );
    const banner = {
      id: this.nextId++,
      kind: "notice",
      tone: "info",
      text: `${request.resume ? "resumed" : "new"} session ${session.id} · ${provider.name} · ${provider.model} · ${session.currentMode} mode — /help for keys and commands`,
    } as TranscriptItem;
    const first = this.store.state.epoch === 0 && this.store.state.items.length === 0;
    this.store.set(
      {
        items: [banner, ...history, ...notes],
        epoch: first ? 0 : this.store.state.epoch + 1,
        live: EMPTY_LIVE,
        status: {
          ...this.store.state.status,
          provider: provider.name,
          model: provider.model,
          window: provider.contextWindow,
          mode: session.currentMode,
          sessionId: session.id,
          contextTokens: Math.ceil((session.tier1.bytes.total + JSON.stringify(session.history).length) / 4),
          contextEstimated: true,
          cacheReadShare: undefined,
        },
      },
      true,
    );
  }
}
