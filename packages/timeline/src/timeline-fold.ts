/**
 * `TimelineFolder`: the context timeline as a streaming fold over session-log events.
 *
 * Feed events in log order with `add` (and unreadable lines with `skip`); `snapshot()` returns the
 * timeline so far without ending the fold (the live session's view), `finish()` returns the final
 * one. Pure: no engine, no provider, no clock, no I/O.
 *
 * Memory is bounded by the summaries, not the log: per lane a `LanePrefix` (constant size) and the
 * steps awaiting their response; per turn a `TurnSummary`. With `keepTurns: false` a turn is
 * handed to `onTurn` and dropped once a later turn begins, so a log of any length folds in
 * constant memory (the session totals are kept).
 *
 * How each event is read: `message` → appended bytes, its images (count and bytes) and an entry
 * by source (a user message's `factsBytes` become a `session_facts` entry); `tool_result` → a tool-result entry by tool name;
 * `tier2_load` → a Tier-2 entry by kind and name, included in the reminder just appended or else
 * in a tool result; `model_request` → a step (`purpose: "compaction"` for summarisation requests)
 * with the entries it sent first (step-attribution.ts: each entry goes to the turn's lane and to
 * the first request that holds its message);
 * `model_response` → that step's usage, figures and prefix check; `compaction` → a compaction and
 * a `compaction_summary` entry; `subagent_start`/`stop` → the lane's subagent record.
 */
import {
  assertNever,
  byteLength,
  type LogEvent,
  type LogEventOf,
  type PermissionMode,
  shownTurnInputText,
} from "@picasso/protocol";
import { LanePrefix } from "./lane-prefix.js";
import { addMessageEntries, jsonBytes } from "./message-entries.js";
import type { MessageEnvelope } from "./message-size.js";
import { SessionRecord } from "./session-record.js";
import { StepAttribution } from "./step-attribution.js";
import { completeStep, openStep } from "./step-record.js";
import {
  TIMELINE_VERSION,
  type Timeline,
  type TimelineLaneSummary,
  type TimelineSkip,
  type TimelineStep,
  type TimelineSubagent,
  type TimelineTurn,
} from "./timeline-types.js";
import { type LaneTurn, preview, TurnSummary } from "./turn-summary.js";
import { stepFigures, TotalsAccumulator } from "./usage-figures.js";

export interface TimelineFoldOptions {
  /** Keep every turn for `snapshot`/`finish` (default true). */
  keepTurns?: boolean;
  /** Called with each turn once it is complete (a later turn began, or the fold finished). */
  onTurn?: (turn: TimelineTurn) => void;
}

const MAX_NOTES = 100;

/**
 * Event types the timeline does not show: their figures reach it through other events. A reader
 * may count such a line without parsing it (`count()`), which is most of what makes a large log
 * fold fast.
 */
export const TIMELINE_UNSHOWN_TYPES: ReadonlySet<string> = new Set([
  "pre_step",
  "retry",
  "tool_call",
  "approval_requested",
  "approval_decided",
]);

interface PendingStep {
  step: TimelineStep;
  laneTurn: LaneTurn;
  turn: TurnSummary;
  breakpoints: LogEventOf<"model_request">["breakpoints"];
}

interface LaneState {
  prefix: LanePrefix;
  /** Which request sent each entry first. */
  attribution: StepAttribution;
  subagent: TimelineSubagent | null;
  /** Reads `subagent` when a turn's summary is taken (made once per lane, not per event). */
  subagentOf: () => TimelineSubagent | null;
  pending: Map<number, PendingStep>;
  /** The lane's previous event was a reminder message (a Tier-2 load right after it came with it). */
  afterReminder: boolean;
  /** Its own figures over the session (`Timeline.lanes`). */
  totals: TotalsAccumulator;
  firstTurn: number;
  startedAt: string;
  endedAt: string;
}

export class TimelineFolder {
  private readonly keepTurns: boolean;
  private readonly onTurn: ((turn: TimelineTurn) => void) | undefined;
  private readonly session = new SessionRecord();
  private readonly turns = new Map<number, TurnSummary>();
  /** Turns not yet handed to `onTurn` (normally one: the current turn). */
  private open: TurnSummary[] = [];
  private readonly lanes = new Map<string, LaneState>();
  private readonly totals = new TotalsAccumulator();
  private readonly skipped: TimelineSkip[] = [];
  /** Lines a resume's `log_repair` already reported. */
  private readonly repairedLines = new Set<number>();
  private readonly problems: string[] = [];
  private droppedNotes = 0;
  private events = 0;
  private seq = -1;
  private currentTurn = -1;
  private mode: PermissionMode | null = null;
  private ended = false;

  constructor(options: TimelineFoldOptions = {}) {
    this.keepTurns = options.keepTurns ?? true;
    this.onTurn = options.onTurn;
  }

  /** An event of a type in `TIMELINE_UNSHOWN_TYPES`, counted without being read. */
  count(seq?: number): void {
    this.events += 1;
    this.ended = false;
    if (seq !== undefined && seq > this.seq) this.seq = seq;
  }

  /** The highest `seq` folded so far (-1 before any). */
  get lastSeq(): number {
    return this.seq;
  }

  /** A line of the log that is not an event (torn or corrupt), as `readLogFile` reports it. */
  skip(line: TimelineSkip): void {
    if (this.skipped.length < MAX_NOTES) this.skipped.push({ ...line });
    else this.droppedNotes += 1;
  }

  /** Fold one event (a log reader that has the raw line folds a message with `addMessage`). */
  add(event: LogEvent): void {
    const [turn, lane, wasAfterReminder] = this.begin(event);
    switch (event.type) {
      case "session_start":
        this.mode = this.session.onStart(event);
        break;
      case "request_header":
        // A subagent's agent header (its own tools or model) is not the session's Tier 1.
        if (event.reason !== "agent") this.session.onHeader(event);
        break;
      case "turn_start":
        // The bytes are what the model saw; the preview is what the user typed (no goal reminders).
        turn.input = { bytes: byteLength(event.input), preview: preview(shownTurnInputText(event.input)) };
        turn.mode = this.mode;
        turn.touched = true;
        break;
      case "turn_end":
        turn.stopReason = event.stopReason;
        break;
      case "message":
        this.onMessage(event, turn, lane, jsonBytes(event.message));
        break;
      case "model_request":
        this.onRequest(event, turn, lane);
        break;
      case "model_response":
        this.onResponse(event, lane);
        break;
      case "tool_result":
        // Held by the `tool_results` message that follows: the next index.
        lane.attribution.enter(
          this.laneTurn(turn, event.lane),
          { kind: "tool_result", name: event.name, bytes: event.bytes, failed: event.status !== "ok" },
          lane.prefix.messageCount,
        );
        break;
      case "tier2_load":
        // Inside the reminder just appended, or else inside the next `tool_results` message.
        lane.attribution.enter(
          this.laneTurn(turn, event.lane),
          {
            kind: "tier2",
            name: event.name,
            tier2Kind: event.kind,
            bytes: event.bytes,
            includedIn: wasAfterReminder ? "reminder" : "tool_result",
          },
          wasAfterReminder ? lane.prefix.messageCount - 1 : lane.prefix.messageCount,
        );
        break;
      case "mode_change":
        this.mode = event.to;
        turn.modeChanges.push({ from: event.from, to: event.to });
        turn.touched = true;
        break;
      case "compaction":
        this.onCompaction(event, turn, lane);
        break;
      case "subagent_start": {
        lane.subagent = {
          parentLane: event.parentLane,
          parentToolUseId: event.parentToolUseId ?? null,
          taskBytes: byteLength(event.task),
          taskPreview: preview(event.task),
          status: null,
          reportBytes: null,
          label: event.label ?? null,
          group: event.group ?? null,
        };
        this.laneTurn(turn, event.lane);
        break;
      }
      case "subagent_stop":
        if (lane.subagent) {
          lane.subagent.status = event.status;
          lane.subagent.reportBytes = event.reportBytes;
        } else this.problem(event, `subagent_stop for lane ${event.lane} without subagent_start`);
        break;
      case "mcp_server_start":
        turn.mcpServers.push({
          server: event.server,
          event: "start",
          reason: event.reason,
          pid: event.pid ?? null,
          tools: event.tools ?? null,
          message: null,
        });
        turn.touched = true;
        break;
      case "mcp_server_exit":
        turn.mcpServers.push({
          server: event.server,
          event: "exit",
          reason: event.reason,
          pid: event.pid ?? null,
          tools: null,
          message: event.message ? clip(event.message) : null,
        });
        turn.touched = true;
        break;
      case "interrupt":
        turn.interrupts.push(event.reason);
        turn.touched = true;
        break;
      case "error":
        turn.errors.push({ scope: event.scope, kind: event.kind ?? null, message: clip(event.message) });
        turn.touched = true;
        break;
      case "session_end":
        this.session.onEnd(event.reason);
        break;
      case "context_pin": // what a later compaction keeps; no byte enters the context now
        break;
      case "catalog_build": // the catalog behind tool_search was built; no byte enters the context
        break;
      case "image_note": // an image attached or left out: the message's `images` counts what entered
      case "hook_run": // a user hook ran; what it added enters as a reminder message, counted there
        break;
      case "history_repair":
        lane.prefix.onRepair(event.messages.length);
        lane.attribution.onRepair();
        this.problem(
          event,
          `lane ${event.lane}: history repaired before a request (${event.problems.join("; ")})`,
        );
        break;
      case "log_repair":
        for (const skipped of event.skippedLines) this.repairedLines.add(skipped.line);
        break;
      // Facts the timeline does not show: their figures reach it through the events above.
      case "pre_step":
      case "retry":
      case "mcp_elicitation": // asked the user; what came of it is the tool's result
      case "mcp_log": // a server's log line never enters the context
      case "wake": // its notice enters as a message (source `notice`), counted there
      case "watch_start": // a monitor or schedule armed: nothing enters the context until it wakes
      case "watch_stop":
      // A workflow's progress: its steps' lanes are subagent lanes, counted through their events.
      case "workflow_start":
      case "workflow_step_start":
      case "workflow_step_end":
      case "workflow_end":
      case "ralph_loop_start": // a ralph loop's rounds are lanes (subagent_start's label and group)
      case "ralph_round_start":
      case "ralph_round_end":
      case "ralph_loop_end":
      case "team_start": // a team's members are lanes (subagent_start), counted there
      case "team_message": // what reaches a lane enters as a message or a notice, counted there
      case "team_task": // the board lives in the team extension; no byte enters the context
      case "team_result":
      case "tool_call":
      case "approval_requested":
      case "approval_decided":
        break;
      default:
        assertNever(event, "log event");
    }
  }

  /** A `message` event read without its message (`readMessageLine`), and the message's size. */
  addMessage(event: MessageEnvelope, messageBytes: number): void {
    const [turn, lane] = this.begin(event);
    this.onMessage(event, turn, lane, messageBytes);
  }

  /** What every event does first: counted, its turn and lane found; was the lane after a reminder? */
  private begin(event: LogEvent | MessageEnvelope): [TurnSummary, LaneState, boolean] {
    this.events += 1;
    if (event.seq > this.seq) this.seq = event.seq;
    this.ended = event.type === "session_end";
    const turn = this.turnFor(event.turn);
    const lane = this.laneState(event.lane, event.turn, event.ts);
    lane.endedAt = event.ts;
    const wasAfterReminder = lane.afterReminder;
    lane.afterReminder = false;
    return [turn, lane, wasAfterReminder];
  }

  /** The timeline so far; the fold goes on. */
  snapshot(): Timeline {
    const turns = [...this.turns.values()]
      .filter((t) => t.turn > 0 || t.touched)
      .sort((a, b) => a.turn - b.turn)
      .map((t) => t.snapshot());
    const session = this.session.snapshot();
    const problems = [...this.problems];
    if (this.droppedNotes > 0)
      problems.push(`${this.droppedNotes} more problems or skipped lines not listed`);
    return {
      version: TIMELINE_VERSION,
      session,
      events: this.events,
      turns,
      totals: this.totals.snapshot(),
      lanes: [...this.lanes.entries()].map(([id, lane]) => laneSummary(id, lane)),
      skipped: this.skipped.map((s) =>
        this.repairedLines.has(s.line) ? { ...s, repaired: true } : { ...s },
      ),
      problems,
      complete: this.ended,
    };
  }

  /** Hand the open turns to `onTurn` and return the final timeline. */
  finish(): Timeline {
    this.closeTurnsBelow(Number.POSITIVE_INFINITY);
    return this.snapshot();
  }

  private turnFor(n: number): TurnSummary {
    if (n > this.currentTurn) {
      this.closeTurnsBelow(n);
      this.currentTurn = n;
    }
    let turn = this.turns.get(n);
    if (!turn) {
      turn = new TurnSummary(n);
      this.turns.set(n, turn);
      this.open.push(turn);
      turn.mode = this.mode;
    }
    return turn;
  }

  private closeTurnsBelow(n: number): void {
    const closing = this.open.filter((t) => t.turn < n).sort((a, b) => a.turn - b.turn);
    if (closing.length === 0) return;
    this.open = this.open.filter((t) => t.turn >= n);
    for (const turn of closing) {
      turn.closed = true;
      if (turn.turn > 0 || turn.touched) this.onTurn?.(turn.snapshot());
      if (!this.keepTurns) this.turns.delete(turn.turn);
    }
  }

  /** The lane's state; made on its first event (`turn`, `ts`: that event's). */
  private laneState(id: string, turn = this.currentTurn, ts = ""): LaneState {
    let lane = this.lanes.get(id);
    if (!lane) {
      const state: LaneState = {
        prefix: new LanePrefix(),
        attribution: new StepAttribution(),
        subagent: null,
        subagentOf: () => state.subagent,
        pending: new Map(),
        afterReminder: false,
        totals: new TotalsAccumulator(),
        firstTurn: turn,
        startedAt: ts,
        endedAt: ts,
      };
      lane = state;
      this.lanes.set(id, lane);
    }
    return lane;
  }

  private laneTurn(turn: TurnSummary, id: string): LaneTurn {
    return turn.lane(id, this.laneState(id).subagentOf);
  }

  private onMessage(event: MessageEnvelope, turn: TurnSummary, lane: LaneState, bytes: number): void {
    lane.attribution.onMessage(event.index, lane.prefix.messageCount);
    const gap = lane.prefix.onMessage(event.index);
    if (gap) this.problem(event, `lane ${event.lane}: ${gap}`);
    const laneTurn = this.laneTurn(turn, event.lane);
    laneTurn.appendedBytes += bytes;
    laneTurn.appendedMessages += 1;
    if (event.images) {
      laneTurn.images.count += event.images.count;
      laneTurn.images.bytes += event.images.bytes;
    }
    lane.afterReminder = addMessageEntries(
      (entry) => lane.attribution.enter(laneTurn, entry, event.index),
      event,
      bytes,
    );
  }

  private onRequest(event: LogEventOf<"model_request">, turn: TurnSummary, lane: LaneState): void {
    const laneTurn = this.laneTurn(turn, event.lane);
    const step = openStep(event, lane.attribution.onRequest(laneTurn, event.messageCount));
    lane.prefix.onRequest(event, step.purpose);
    laneTurn.steps.push(step);
    if (lane.pending.has(event.step))
      this.problem(event, `lane ${event.lane}: step ${event.step} requested twice`);
    lane.pending.set(event.step, { step, laneTurn, turn, breakpoints: event.breakpoints });
  }

  private onResponse(event: LogEventOf<"model_response">, lane: LaneState): void {
    const pending = lane.pending.get(event.step);
    if (!pending) {
      this.problem(event, `lane ${event.lane}: response to step ${event.step} without its request`);
      return;
    }
    lane.pending.delete(event.step);
    const figures = stepFigures(event.usage, pending.breakpoints);
    const check = lane.prefix.onResponse(event.step, figures.usage);
    completeStep(pending.step, event, figures, check);
    for (const totals of [pending.laneTurn.totals, pending.turn.totals, lane.totals, this.totals]) {
      totals.add(figures);
      if (check?.drop) totals.addDrop(check.drop.lostTokens);
    }
  }

  private onCompaction(event: LogEventOf<"compaction">, turn: TurnSummary, lane: LaneState): void {
    lane.prefix.onCompaction(event.keptFrom);
    lane.attribution.onCompaction(event.keptFrom);
    const summaryBytes = jsonBytes(event.summary);
    const laneTurn = this.laneTurn(turn, event.lane);
    const compaction = {
      trigger: event.trigger,
      removedMessages: event.removedMessages,
      summarisedMessages: event.summarisedMessages,
      keptFrom: event.keptFrom,
      bytesBefore: event.bytesBefore,
      bytesAfter: event.bytesAfter,
      summaryBytes,
    };
    laneTurn.compactions.push(compaction);
    // The summary is the history's first message now.
    lane.attribution.enter(laneTurn, { kind: "compaction_summary", bytes: summaryBytes }, 0, compaction);
  }

  private problem(event: { seq: number }, text: string): void {
    if (this.problems.length < MAX_NOTES) this.problems.push(`seq ${event.seq}: ${text}`);
    else this.droppedNotes += 1;
  }
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function laneSummary(id: string, lane: LaneState): TimelineLaneSummary {
  const sub = lane.subagent;
  return {
    lane: id,
    label: sub?.label ?? null,
    group: sub?.group ?? null,
    parentLane: sub?.parentLane ?? null,
    status: sub?.status ?? null,
    taskPreview: sub?.taskPreview ?? null,
    firstTurn: lane.firstTurn,
    startedAt: lane.startedAt,
    endedAt: lane.endedAt,
    totals: lane.totals.snapshot(),
  };
}
