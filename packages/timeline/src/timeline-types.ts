/**
 * The context timeline's JSON schema (version 1), documented in docs/timeline.md.
 *
 * A timeline is what a session log says about the context, turn by turn and lane by lane: what
 * entered the history and its size, each model step's token usage as the provider reported it,
 * cached-prefix drops, and compactions. Rules every field follows:
 * - a figure the log did not record is `null` and its name is listed in the nearest `notRecorded`
 *   array — never 0 by guess;
 * - sizes are bytes, token counts are the provider's; nothing is estimated;
 * - adding a field is not a schema change; removing or changing the meaning of one bumps `version`.
 */
import type { MessageSource, PermissionMode, Tier2Kind } from "@picasso/protocol";

export const TIMELINE_VERSION = 1 as const;

/** What kind of content entered a lane's history. */
export type EntryKind =
  | "user"
  | "session_facts"
  | "tool_result"
  | "tier2"
  | "reminder"
  | "assistant"
  | "compaction_summary"
  | "subagent_task"
  | "subagent_message";

/**
 * Content that entered a lane's history during a turn, grouped by kind and name, in the order
 * first seen. `bytes`: canonical-JSON bytes of the messages for message entries; content bytes for
 * tool results (the `tool_result` event) and Tier-2 loads (the `tier2_load` event). A Tier-2 load
 * arrives inside a tool result or a reminder, so its bytes are also counted there: `includedIn`
 * names that entry kind.
 */
export interface TimelineEntry {
  kind: EntryKind;
  /** Tool name (tool_result), Tier-2 payload name (tier2), reminder source (reminder), else null. */
  name: string | null;
  /** For `tier2`: deferred_schema, mcp_catalog, skill_body, memory_body, doc_topic, reminder, instruction, plan_mode. */
  tier2Kind: Tier2Kind | null;
  count: number;
  bytes: number;
  /** For tool results: how many were not `ok` (error, denied, interrupted). */
  failed: number;
  includedIn: "tool_result" | "reminder" | null;
}

export type UsageField =
  | "inputTokens"
  | "cacheReadTokens"
  | "cacheWriteTokens"
  | "cacheWrite5mTokens"
  | "cacheWrite1hTokens"
  | "outputTokens";

/** Token usage of one step exactly as reported; `null` = the provider did not report it. */
export type StepUsage = Record<UsageField, number | null>;

export type SegmentName = "tools" | "system" | "message";

/** Where the new prefix first differs from the previous step's, or `none` when it does not. */
export interface PrefixDifference {
  segment: SegmentName | "none";
  /** The message index for `message`, else null. */
  index: number | null;
}

/**
 * A step whose cached prefix is shorter than the prefix the previous step of the lane sent up
 * to its last breakpoint (`expectedTokens` = that step's cache read + cache write).
 */
export interface CacheDrop {
  expectedTokens: number;
  cachedTokens: number;
  lostTokens: number;
  firstDifference: PrefixDifference;
  /** The lane was compacted since the previous step: a drop is expected. */
  afterCompaction: boolean;
  /** The step of this lane it is compared with. */
  comparedWithStep: number;
}

/**
 * - `first`: the lane's first step with reported usage, nothing to compare with;
 * - `kept`: the whole previous prefix was read from cache;
 * - `dropped`: see `cacheDrop`;
 * - `not_recorded`: this or the previous step lacks the cache figures;
 * - `not_applicable`: a compaction request (its prefix is a cut of the history, not an extension).
 */
export type PrefixCheck = "first" | "kept" | "dropped" | "not_recorded" | "not_applicable";

export interface TimelineStep {
  /** The lane's step number (counts across turns, as logged). */
  step: number;
  purpose: "step" | "compaction";
  messageCount: number;
  requestBytes: { tools: number; system: number; messages: number };
  breakpoints: number;
  /** null when the log ends before the response (a crash mid-step). */
  stopReason: string | null;
  errorKind: string | null;
  /** Retries the provider made for this step (the engine logs them only when there were any). */
  retries: number;
  latencyMs: number | null;
  usage: StepUsage;
  /** cache read + cache write + uncached input; null unless input and cache read were reported. */
  promptTokens: number | null;
  /** cache read / promptTokens. */
  cacheReadShare: number | null;
  /** Input-token equivalents: uncached 1×, read 0.1×, 5-minute write 1.25×, 1-hour write 2×. */
  costInputEquivalent: number | null;
  prefixCheck: PrefixCheck;
  cacheDrop: CacheDrop | null;
  notRecorded: readonly string[];
  /**
   * What entered the lane in this step's turn and this request sent first (step-attribution.ts):
   * what was appended after the lane's previous request — the user message, tool results, Tier-2
   * loads, reminders — grouped like the lane's `entries`.
   */
  entries: TimelineEntry[];
  /** What entered the lane in an earlier turn and this request sent first (the last turn's answer). */
  carriedOver: TimelineEntry[];
  /** The compactions whose summary this request sent first. */
  compactions: TimelineCompaction[];
}

export interface TimelineCompaction {
  trigger: "auto" | "manual";
  removedMessages: number;
  summarisedMessages: number;
  keptFrom: number;
  bytesBefore: number;
  bytesAfter: number;
  summaryBytes: number;
}

export interface TimelineSubagent {
  parentLane: string | null;
  parentToolUseId: string | null;
  taskBytes: number;
  /** The first 80 characters of the task, on one line. */
  taskPreview: string;
  /** done, error, interrupted, budget — null while running or when the log ends first. */
  status: string | null;
  reportBytes: number | null;
  /** Its name for people (`subagent_start.label`: a team member, a workflow step, `round 2`), else null. */
  label: string | null;
  /** What started it (`subagent_start.group`: `team:<name>`, `workflow:<run>`, `ralph:<loop>`), else null. */
  group: string | null;
}

/**
 * One lane over the whole session (`Timeline.lanes`): who it is and its own cost — the token
 * totals of its steps alone, every turn it ran in included (a background lane outlives the turn
 * that forked it). Lanes of one `group` ran side by side for one purpose (a team, a workflow run,
 * a ralph loop's rounds).
 */
export interface TimelineLaneSummary {
  lane: string;
  /** `subagent_start.label`, else null (the main lane, a plain subagent). */
  label: string | null;
  /** `subagent_start.group`, else null. */
  group: string | null;
  /** The lane that started it; null for the main lane. */
  parentLane: string | null;
  /** A subagent's stop status (done, error, interrupted, budget); null for main or while running. */
  status: string | null;
  /** The first 80 characters of a subagent's task, on one line; null for the main lane. */
  taskPreview: string | null;
  /** The turn its first event belongs to. */
  firstTurn: number;
  /** Time of its first and last event (the log's `ts`). */
  startedAt: string;
  endedAt: string;
  /** Its own steps' usage and cost over the session. */
  totals: TokenTotals;
}

export interface TimelineLane {
  lane: string;
  subagent: TimelineSubagent | null;
  /** Everything that entered the lane's history in this turn: its steps' `entries` + `notSentInTurn`. */
  entries: TimelineEntry[];
  /**
   * What entered in this turn that none of the turn's requests sent: mostly what came after the
   * lane's last request (the final answer, a subagent's report), which the lane's next request —
   * in a later turn — lists in `carriedOver`, if there is one.
   */
  notSentInTurn: TimelineEntry[];
  /** Canonical-JSON bytes of every message appended to the lane's history in this turn. */
  appendedBytes: number;
  appendedMessages: number;
  /**
   * Image blocks that entered the lane's history in this turn (prompts and tool results): how many
   * and their image bytes (the messages' bytes above hold only their descriptions: docs/images.md).
   * Absent when none did.
   */
  images?: { count: number; bytes: number };
  steps: TimelineStep[];
  compactions: TimelineCompaction[];
  totals: TokenTotals;
}

export interface TimelineTurn {
  turn: number;
  /** The user's input; null for turn 0 (before the first input) or when the log lacks turn_start. */
  input: { bytes: number; preview: string } | null;
  mode: PermissionMode | null;
  modeChanges: { from: PermissionMode; to: PermissionMode }[];
  stopReason: string | null;
  lanes: TimelineLane[];
  errors: { scope: string; kind: string | null; message: string }[];
  interrupts: string[];
  /** MCP servers started or stopped in this turn, in order (`mcp_server_start` / `mcp_server_exit`). */
  mcpServers: TimelineMcpEvent[];
  totals: TokenTotals;
}

export interface TimelineMcpEvent {
  server: string;
  event: "start" | "exit";
  /** start: call, catalog, respawn; exit: closed, exited, failed. */
  reason: string;
  pid: number | null;
  /** start: the tools it listed. */
  tools: number | null;
  /** exit: why, when known. */
  message: string | null;
}

/** Sums over steps. A field no step reported is null; `stepsMissing` counts steps lacking each field. */
export interface TokenTotals {
  steps: number;
  inputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  cacheWrite5mTokens: number | null;
  cacheWrite1hTokens: number | null;
  outputTokens: number | null;
  /** cache read / (cache read + cache write + uncached) over steps that reported input and cache read. */
  cacheReadShare: number | null;
  costInputEquivalent: number | null;
  cacheDrops: number;
  lostTokens: number;
  stepsMissing: Partial<Record<UsageField | "costInputEquivalent", number>>;
  notRecorded: string[];
}

export interface TimelineSession {
  id: string | null;
  cwd: string | null;
  projectKey: string | null;
  provider: string | null;
  model: string | null;
  surface: string | null;
  version: string | null;
  startedAt: string | null;
  /** How many times the session was resumed in this log. */
  resumes: number;
  endReason: string | null;
  tier1: { toolsBytes: number; systemBytes: number; headerChanges: number } | null;
  notRecorded: string[];
}

export interface TimelineSkip {
  line: number;
  reason: string;
  torn: boolean;
  /** A resume already reported and skipped this line (its `log_repair` event names it). */
  repaired?: boolean;
}

export interface Timeline {
  version: typeof TIMELINE_VERSION;
  session: TimelineSession;
  events: number;
  turns: TimelineTurn[];
  totals: TokenTotals;
  /** Every lane of the session, in order of first appearance (main first), each with its own totals. */
  lanes: TimelineLaneSummary[];
  /** Lines of the log that were not events (torn final line, corrupt lines), with their reasons. */
  skipped: TimelineSkip[];
  /** Inconsistencies found while folding (a message index gap, a response without request…). */
  problems: string[];
  /** Whether the log ended with `session_end` (false for a live or crashed session). */
  complete: boolean;
}

export type { MessageSource };
