/**
 * A session: one conversation in one workspace, its log, and the turns run in it.
 *
 * `createSession` starts a new session (Tier 1 assembled once; `session_start` and
 * `request_header` reason `initial` logged) or resumes one from its log (history, mode, lanes,
 * step counters and the previous-request end rebuilt by the log fold; Tier 1 taken from the
 * logged header so the next request's prefix is byte-identical to the last one sent; a
 * `request_header` with reason `resume` logged; unfinished tool calls answered "interrupted").
 * `runTurn` runs one user turn and yields `EngineEvent`s; only one turn runs at a time.
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import {
  type AskUserRequest,
  type Message,
  type PermissionMode,
  type PicassoPlugin,
  type Tier1,
  type ToolDefinition,
  type ToolEffect,
  type ToolOutput,
  text,
  type Usage,
  UserError,
  userMessage,
} from "@picasso/protocol";
import type { ModelProvider } from "@picasso/providers";
import { type Approver, allowListApprover } from "./approver.js";
import { type CompactionResult, compactLane } from "./compaction.js";
import { EventChannel } from "./event-channel.js";
import type { EngineEvent } from "./events.js";
import { Lane } from "./lane.js";
import { runLaneSteps } from "./lane-loop.js";
import { PluginHost, tier1From } from "./plugin-host.js";
import { headerHash } from "./request-builder.js";
import { loadSessionForResume, pathsReadInHistory, pendingToolUses, type ResumeState } from "./resume.js";
import type { EngineRuntime, ToolOutputFilterArgs } from "./runtime.js";
import { SessionFileTracker } from "./runtime.js";
import { sessionFactsContext } from "./session-facts.js";
import { type LogObserver, SessionLog } from "./session-log.js";
import {
  defaultPicassoHome,
  findSessionLog,
  newSessionId,
  projectKey,
  sessionLogPath,
  sessionOutputsDir,
} from "./session-paths.js";
import { type EngineSettings, resolveEngineSettings } from "./settings.js";
import { subagentRunner } from "./subagent.js";
import { INTERRUPTED_RESULT } from "./tool-scheduler.js";
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
  private turn: number;
  private busy = false;
  private mode: PermissionMode;
  private laneCount: number;
  private readonly closing = new AbortController();
  private emitter: ((event: EngineEvent) => void) | undefined;
  private factsPending: string | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  totalUsage: Usage = {};
  turnsRun = 0;
  stepsRun = 0;

  private constructor(
    readonly id: string,
    readonly log: SessionLog,
    readonly rt: EngineRuntime,
    readonly main: Lane,
    init: { mode: PermissionMode; turn: number; laneCount: number; facts?: string },
    /** Torn or corrupt lines found when resuming, and fold problems. */
    readonly resumeNotes: string[],
  ) {
    this.mode = init.mode;
    this.turn = init.turn;
    this.laneCount = init.laneCount;
    this.factsPending = init.facts;
  }

  get logPath(): string {
    return this.log.path;
  }
  /** The number of the last turn run in this session (across resumes). */
  get turnNumber(): number {
    return this.turn;
  }
  get currentMode(): PermissionMode {
    return this.mode;
  }
  get tier1(): Tier1 {
    return this.rt.tier1;
  }
  get history(): readonly Message[] {
    return this.main.messages;
  }

  static async create(options: SessionOptions): Promise<Session> {
    const workspaceRoot = realPath(resolve(options.workspaceRoot));
    const cwd = realPath(resolve(options.cwd ?? workspaceRoot));
    const picassoHome = options.picassoHome ?? defaultPicassoHome();
    const settings = resolveEngineSettings(options.settings);
    const host = new PluginHost(options.plugins);
    const found = options.resume ? findSessionLog(picassoHome, workspaceRoot, options.resume) : undefined;
    const resumed: ResumeState | undefined = found ? await loadSessionForResume(found.path) : undefined;
    const id = found?.id ?? newSessionId(options.now?.() ?? new Date());
    const log = new SessionLog({
      path: found?.path ?? sessionLogPath(picassoHome, workspaceRoot, id),
      sessionId: id,
      nextSeq: resumed ? resumed.fold.lastSeq + 1 : 0,
      observers: [...host.observers(), ...(options.observers ?? [])],
    });
    const fresh = await host.assemble({
      surface: options.surface ?? "cli",
      workspaceRoot,
      cwd,
      picassoHome,
      mcpServers: [],
      skills: [],
    });
    const loggedHeader = resumed?.fold.header;
    const tier1 = loggedHeader ? tier1From(loggedHeader.tools, loggedHeader.system) : fresh;
    if (loggedHeader) host.adoptTier1(tier1);
    const hash = headerHash(tier1, options.provider.model, settings.maxTokens);
    const mode = options.mode ?? resumed?.fold.mode ?? "default";
    let session: Session | undefined;
    const rt: EngineRuntime = {
      sessionId: id,
      provider: options.provider,
      host,
      tier1,
      headerHash: hash,
      settings,
      approver: options.approver ?? allowListApprover([]),
      allowedForSession: new Set(),
      files: new SessionFileTracker(),
      workspaceRoot,
      cwd,
      outputsDir: sessionOutputsDir(picassoHome, workspaceRoot, id),
      mode: () => session?.mode ?? mode,
      ...(options.filterToolOutput ? { filterToolOutput: options.filterToolOutput } : {}),
      effectOf: (tool, input) => options.toolEffect?.(tool, input) ?? tool.effect,
      askUser:
        options.askUser ??
        (async () => {
          throw new Error(
            "no one can answer questions in headless mode; decide yourself and state your assumption",
          );
        }),
      log: (body, lane) => log.append(body, { lane, turn: session?.turn ?? 0 }),
      flush: () => log.flush(),
      emit: (event) => session?.emitter?.(event),
      nextLaneId: () => `agent-${session ? ++session.laneCount : 1}`,
    };
    const foldedMain = resumed?.fold.lanes.get("main");
    const main = new Lane(
      "main",
      (body, lane) => rt.log(body, lane),
      foldedMain ? { ...foldedMain, messages: [...foldedMain.messages] } : undefined,
    );
    const turn = resumed?.fold.lastTurn ?? 0;
    const laneCount = resumed ? [...resumed.fold.lanes.keys()].filter((l) => l !== "main").length : 0;
    const facts = resumed
      ? undefined
      : host.sessionFacts(sessionFactsContext(workspaceRoot, cwd, options.now?.()));
    const notes = resumed
      ? [
          ...resumed.skippedLines.map(
            (s) =>
              `${found!.path}:${s.line}: ${s.torn ? "torn final line skipped" : "line skipped"} (${s.reason})`,
          ),
          ...resumed.fold.problems,
        ]
      : [];
    session = new Session(id, log, rt, main, { mode, turn, laneCount, facts }, notes);
    const where = { lane: "main", turn };
    log.append(
      {
        type: "session_start",
        cwd,
        projectKey: projectKey(workspaceRoot),
        provider: options.provider.name,
        model: options.provider.model,
        mode,
        surface: options.surfaceLabel ?? options.surface ?? "cli",
        version: options.version ?? "0.0.0",
        ...(found ? { resumedFrom: found.id } : {}),
        workspaceRoot,
        settings,
        tier1: { hash: tier1.hash, bytes: tier1.bytes, sections: tier1.sections, toolSizes: tier1.toolSizes },
      } as never,
      where,
    );
    for (const note of notes)
      log.append({ type: "error", scope: "engine", kind: "log_line_skipped", message: note }, where);
    log.append(
      {
        type: "request_header",
        reason: found ? "resume" : "initial",
        hash,
        model: options.provider.model,
        maxTokens: settings.maxTokens,
        tools: tier1.tools,
        system: tier1.system,
        bytes: { tools: tier1.bytes.tools, system: tier1.bytes.system },
        tier1Hash: tier1.hash,
        ...(loggedHeader && fresh.hash !== tier1.hash ? { freshTier1Hash: fresh.hash } : {}),
      } as never,
      where,
    );
    if (resumed?.fold.mode && resumed.fold.mode !== mode)
      log.append({ type: "mode_change", from: resumed.fold.mode, to: mode }, where);
    for (const path of pathsReadInHistory(main.messages)) rt.files.markRead(realPath(resolve(cwd, path)));
    const pending = pendingToolUses(main.messages);
    if (pending.length) {
      main.append(
        userMessage(
          ...pending.map((b) => ({
            type: "tool_result" as const,
            toolUseId: b.id,
            content: INTERRUPTED_RESULT,
            isError: true,
          })),
        ),
        "tool_results",
      );
      for (const b of pending)
        log.append(
          {
            type: "tool_result",
            toolUseId: b.id,
            name: b.name,
            status: "interrupted",
            bytes: Buffer.byteLength(INTERRUPTED_RESULT),
            durationMs: 0,
          },
          where,
        );
    }
    log.flush();
    return session;
  }

  runTurn(input: string, options: TurnOptions = {}): AsyncIterable<EngineEvent> {
    if (this.closed) throw new Error("the session is closed");
    if (this.busy) throw new Error("a turn is already running in this session");
    this.busy = true;
    const channel = new EventChannel<EngineEvent>();
    this.emitter = (event) => channel.push(event);
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.closing.signal])
      : this.closing.signal;
    this.running = this.turnBody(input, signal).then(
      () => this.finish(channel),
      (error: unknown) => {
        const message = `engine failed: ${(error as Error)?.message ?? String(error)}`;
        if (!this.closed) this.rt.log({ type: "error", scope: "engine", message }, "main");
        channel.push({ type: "error", lane: "main", scope: "engine", message });
        channel.push({
          type: "turn_end",
          lane: "main",
          turn: this.turn,
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
    this.emitter = undefined;
    this.busy = false;
    channel.end();
  }

  private async turnBody(input: string, signal: AbortSignal): Promise<void> {
    this.turn += 1;
    this.turnsRun += 1;
    this.rt.log({ type: "turn_start", input }, "main");
    this.rt.emit({ type: "turn_start", lane: "main", turn: this.turn, input });
    const facts = this.main.messages.length === 0 ? this.factsPending : undefined;
    this.factsPending = undefined;
    if (facts)
      this.main.append(userMessage(text(facts), text(input)), "user", {
        factsBytes: Buffer.byteLength(facts),
      });
    else this.main.append(userMessage(text(input)), "user");
    const result = await runLaneSteps(this.rt, this.main, {
      signal,
      turn: this.turn,
      maxSteps: this.rt.settings.maxStepsPerTurn,
      noSubagents: false,
      runSubagent: subagentRunner(this.rt, "main", this.turn),
    });
    this.totalUsage = addUsage(this.totalUsage, result.usage);
    this.stepsRun += result.steps;
    this.rt.log({ type: "turn_end", stopReason: result.stopReason, steps: result.steps }, "main");
    this.rt.emit({
      type: "turn_end",
      lane: "main",
      turn: this.turn,
      stopReason: result.stopReason,
      steps: result.steps,
      text: result.text,
      usage: result.usage,
    });
  }

  setMode(mode: PermissionMode): void {
    if (mode === this.mode) return;
    const from = this.mode;
    this.mode = mode;
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
      engine: { ...this.rt.settings, mode: this.mode, sessionId: this.id },
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
      this.log.append({ type: "session_end", reason }, { lane: "main", turn: this.turn });
    } finally {
      this.log.close();
    }
  }
}

export function createSession(options: SessionOptions): Promise<Session> {
  return Session.create(options);
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
