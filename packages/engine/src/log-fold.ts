/**
 * Folding a session log back into state — a pure function of its events, in order.
 * - `request_header` events are kept by hash; the newest is the current header (an `agent`
 *   header, a subagent's own tools or model, is kept but never current).
 * - `message` events append to their lane's history at `index`. A gap (messages whose lines were
 *   lost) is reported once per gap and the history goes on without them; an index at or before
 *   the end replaces from there (a duplicated or rewritten line), reported once.
 * - `log_repair` events say which skipped lines and problems an earlier resume already reported;
 *   from one on, a lane's message indices continue from its history as folded (the resumed
 *   session numbers its new messages from the history it really has).
 * - `compaction` replaces the lane's messages before `keptFrom` by its `summary`; the messages it
 *   took out go to the lane's `earlier` entries with a marker, for the replay (lane-replay.ts).
 * - `model_request` rebuilds the request: header tools/system + the lane's first `messageCount`
 *   messages + its `appended` messages (the compaction instruction), with its breakpoints; it
 *   also moves the lane's previous-request end, exactly as the live loop does.
 * - `mode_change` sets the mode; `context_pin` pins or unpins (user-pins.ts); `seq` and `turn`
 *   track the last values.
 * The engine uses the same fold to resume, so a resumed history equals the logged one.
 */
import {
  assertNever,
  type CacheBreakpoint,
  canonicalJson,
  type LogEvent,
  type LogEventOf,
  type Message,
  type PermissionMode,
  type SystemBlock,
  type ToolSpec,
} from "@picasso/protocol";
import { compactedEntries, type ReplayEntry } from "./lane-replay.js";
import { applyPin } from "./user-pins.js";

export interface FoldedLane {
  messages: Message[];
  /** What compactions took out of `messages`, and their markers (lane-replay.ts). */
  earlier: ReplayEntry[];
  /** The summary the last compaction put at `messages[0]`. */
  summary: Message | undefined;
  /** The index the lane's next `message` should carry (its last index + 1). */
  nextIndex: number;
  previousEnd: number | undefined;
  compactions: number;
  steps: number;
}

export interface RebuiltRequest {
  seq: number;
  lane: string;
  step: number;
  purpose: string;
  headerHash: string;
  model: string;
  maxTokens: number;
  tools: ToolSpec[];
  system: SystemBlock[];
  messages: Message[];
  breakpoints: CacheBreakpoint[];
  /** What the log recorded for this request, to compare the rebuild against. */
  recorded: LogEventOf<"model_request">;
}

export interface FoldState {
  start: LogEventOf<"session_start"> | undefined;
  headers: Map<string, LogEventOf<"request_header">>;
  header: LogEventOf<"request_header"> | undefined;
  lanes: Map<string, FoldedLane>;
  mode: PermissionMode | undefined;
  /** The user's pins (`context_pin` events), in pinning order. */
  pins: string[];
  lastSeq: number;
  lastTurn: number;
  requests: RebuiltRequest[];
  problems: string[];
  /** Skipped line numbers and problem texts earlier resumes recorded in `log_repair` events. */
  repaired: { lines: Set<number>; problems: Set<string> };
}

export function emptyFold(): FoldState {
  return {
    start: undefined,
    headers: new Map(),
    header: undefined,
    lanes: new Map(),
    mode: undefined,
    pins: [],
    lastSeq: -1,
    lastTurn: 0,
    requests: [],
    problems: [],
    repaired: { lines: new Set(), problems: new Set() },
  };
}

function laneOf(state: FoldState, id: string): FoldedLane {
  let lane = state.lanes.get(id);
  if (!lane) {
    lane = {
      messages: [],
      earlier: [],
      summary: undefined,
      nextIndex: 0,
      previousEnd: undefined,
      compactions: 0,
      steps: 0,
    };
    state.lanes.set(id, lane);
  }
  return lane;
}

export function foldEvent(state: FoldState, event: LogEvent): FoldState {
  state.lastSeq = Math.max(state.lastSeq, event.seq);
  state.lastTurn = Math.max(state.lastTurn, event.turn);
  switch (event.type) {
    case "session_start":
      state.start ??= event;
      state.mode ??= event.mode;
      break;
    case "request_header":
      state.headers.set(event.hash, event);
      // An agent's header serves its lane's requests only; the session's stays current.
      if (event.reason !== "agent") state.header = event;
      break;
    case "mode_change":
      state.mode = event.to;
      break;
    case "context_pin":
      state.pins = applyPin(state.pins, event);
      break;
    case "message":
      foldMessage(state, event);
      break;
    case "history_repair": {
      const lane = laneOf(state, event.lane);
      // A repaired history is a copy: the summary is still first if it equals the last one.
      const keepsSummary =
        lane.summary !== undefined &&
        event.messages[0] !== undefined &&
        canonicalJson(event.messages[0]) === canonicalJson(lane.summary);
      lane.messages = [...event.messages];
      lane.summary = keepsSummary ? lane.messages[0] : undefined;
      lane.nextIndex = lane.messages.length;
      lane.previousEnd = undefined;
      break;
    }
    case "log_repair":
      for (const skip of event.skippedLines) state.repaired.lines.add(skip.line);
      for (const problem of event.problems) state.repaired.problems.add(problem);
      for (const lane of state.lanes.values()) lane.nextIndex = lane.messages.length;
      break;
    case "compaction": {
      const lane = laneOf(state, event.lane);
      lane.earlier.push(...compactedEntries(lane, event.keptFrom), {
        kind: "compaction",
        trigger: event.trigger,
        summarisedMessages: event.summarisedMessages,
      });
      lane.summary = event.summary;
      lane.messages = [event.summary, ...lane.messages.slice(event.keptFrom)];
      lane.nextIndex = lane.messages.length;
      lane.previousEnd = undefined;
      lane.compactions += 1;
      break;
    }
    case "model_request":
      foldRequest(state, event);
      break;
    // Facts that do not change history, mode or the header.
    case "turn_start":
    case "turn_end":
    case "pre_step":
    case "retry":
    case "model_response":
    case "tool_call":
    case "approval_requested":
    case "approval_decided":
    case "tool_result":
    case "tier2_load":
    case "mcp_server_start":
    case "mcp_server_exit":
    case "mcp_elicitation":
    case "mcp_log":
    case "hook_run":
    case "image_note":
    case "catalog_build":
    case "subagent_start":
    case "subagent_stop":
    case "interrupt":
    case "wake":
    case "watch_start":
    case "watch_stop":
    case "workflow_start":
    case "workflow_step_start":
    case "workflow_step_end":
    case "workflow_end":
    case "ralph_loop_start": // a ralph loop's facts (packages/loops); its rounds are lanes of their own
    case "ralph_round_start":
    case "ralph_round_end":
    case "ralph_loop_end":
    case "team_start":
    case "team_message":
    case "team_task":
    case "team_result":
    case "error":
    case "session_end":
      break;
    default:
      assertNever(event, "log event");
  }
  return state;
}

function foldMessage(state: FoldState, event: LogEventOf<"message">): void {
  const lane = laneOf(state, event.lane);
  const lost = event.index - lane.nextIndex;
  if (lost > 0) {
    state.problems.push(
      `${lost === 1 ? "a message" : `${lost} messages`} of lane ${event.lane} before seq ${event.seq} ${lost === 1 ? "is" : "are"} missing (unreadable lines); the history goes on without ${lost === 1 ? "it" : "them"}`,
    );
    lane.messages.push(event.message);
  } else if (lost < 0) {
    const at = lane.messages.length + lost;
    state.problems.push(
      `seq ${event.seq}: message ${event.index} of lane ${event.lane} was written again; the later copy is kept`,
    );
    lane.messages.splice(Math.max(0, at), lane.messages.length, event.message);
  } else lane.messages.push(event.message);
  lane.nextIndex = event.index + 1;
}

function foldRequest(state: FoldState, event: LogEventOf<"model_request">): void {
  const lane = laneOf(state, event.lane);
  lane.steps = Math.max(lane.steps, event.step + 1);
  const purpose = event.purpose ?? "step";
  if (purpose === "step") lane.previousEnd = event.messageCount - 1;
  const header = state.headers.get(event.headerHash);
  if (!header) {
    state.problems.push(
      `seq ${event.seq}: model_request names header ${event.headerHash.slice(0, 12)} that the log does not hold`,
    );
    return;
  }
  state.requests.push({
    seq: event.seq,
    lane: event.lane,
    step: event.step,
    purpose,
    headerHash: event.headerHash,
    model: header.model,
    maxTokens: header.maxTokens,
    tools: header.tools,
    system: header.system,
    messages: [...lane.messages.slice(0, event.messageCount), ...(event.appended ?? [])],
    breakpoints: event.breakpoints,
    recorded: event,
  });
}

export function foldEvents(events: Iterable<LogEvent>): FoldState {
  const state = emptyFold();
  for (const event of events) foldEvent(state, event);
  return state;
}
