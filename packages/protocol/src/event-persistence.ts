/**
 * How each session-event variant is persisted, as plain data: whether it is written to the log or
 * only streamed, and the fields a logged variant streams but leaves out of its line. It is the
 * persistence half of `EVENT_RULES` (session-events.ts, where each variant's fields are declared
 * with zod), kept apart so that recording and writing events loads no schema library: zod and the
 * log-line schemas load when a log is first read (jsonl.ts), which a new session never does before
 * it is ready. `tsc` checks every variant is here with its kind and that each live field is one of
 * its declared live fields; event-persistence.test.ts checks both tables say the same.
 */
import type { EVENT_RULES, LoggedEventType, SessionEventBody, SessionEventType } from "./session-events.js";

type Rules = typeof EVENT_RULES;

/** Every variant, in EVENT_RULES' order: `log` (written and streamed) or `live` (streamed only). */
const PERSIST = {
  session_start: "log",
  request_header: "log",
  turn_start: "log",
  message: "log",
  pre_step: "log",
  model_request: "log",
  retry: "log",
  text_delta: "live",
  thinking_delta: "live",
  model_response: "log",
  tool_call: "log",
  approval_requested: "log",
  approval_decided: "log",
  tool_result: "log",
  tier2_load: "log",
  mcp_server_start: "log",
  mcp_elicitation: "log",
  mcp_log: "log",
  tool_progress: "live",
  hook_run: "log",
  mcp_server_exit: "log",
  catalog_build: "log",
  image_note: "log",
  mode_change: "log",
  context_pin: "log",
  compaction: "log",
  history_repair: "log",
  subagent_start: "log",
  subagent_stop: "log",
  workflow_start: "log",
  workflow_step_start: "log",
  workflow_step_end: "log",
  workflow_end: "log",
  interrupt: "log",
  wake: "log",
  watch_start: "log",
  watch_stop: "log",
  ralph_loop_start: "log",
  ralph_round_start: "log",
  ralph_round_end: "log",
  ralph_loop_end: "log",
  team_start: "log",
  team_message: "log",
  team_task: "log",
  team_result: "log",
  log_repair: "log",
  error: "log",
  turn_end: "log",
  session_end: "log",
} as const satisfies { [T in SessionEventType]: Rules[T]["persist"] };

/** A logged variant's live-only fields: streamed, not written (the log holds them elsewhere). */
const LIVE_FIELDS: { readonly [T in SessionEventType]?: readonly (keyof Rules[T]["live"] & string)[] } = {
  tool_call: ["input"],
  approval_requested: ["input"],
  tool_result: ["content", "display"],
  subagent_stop: ["report"],
  turn_end: ["text"],
};

export const SESSION_EVENT_TYPES = Object.keys(PERSIST) as SessionEventType[];

export function isLogged(type: SessionEventType): type is LoggedEventType {
  return PERSIST[type] === "log";
}

/** The persistence table, as docs/session-log.md shows it: variant → logged or live, live-only fields. */
export function persistenceTable(): {
  type: SessionEventType;
  persist: "log" | "live";
  liveFields: string[];
}[] {
  return SESSION_EVENT_TYPES.map((type) => ({
    type,
    persist: PERSIST[type],
    liveFields: [...(LIVE_FIELDS[type] ?? [])],
  }));
}

/** The logged part of an event: its live-only fields left out. */
export function loggedFields(body: SessionEventBody): Record<string, unknown> {
  const live: readonly string[] = LIVE_FIELDS[body.type] ?? [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body))
    if (!live.includes(key) && value !== undefined) out[key] = value;
  return out;
}
