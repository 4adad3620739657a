/** Test support: hand-written log events in the envelope the engine writes, numbered in order. */
import { type LogEvent, SESSION_LOG_VERSION, type SessionEventBody } from "@picasso/protocol";

let seq = 0;

/** A log line of `turn` and `lane`, with the next `seq`. */
export function ev(turn: number, body: SessionEventBody, lane = "main"): LogEvent {
  return {
    v: SESSION_LOG_VERSION,
    seq: seq++,
    ts: "2026-01-01T00:00:00.000Z",
    session: "s",
    lane,
    turn,
    ...body,
  } as LogEvent;
}
