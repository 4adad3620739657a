/**
 * What the monitors and schedules reach of the session: its `SessionWake` and `record`, set when
 * the session starts the extension (absent before and in offline readers — then nothing can be
 * armed), and the clock and polling pace (tests make them fast).
 */
import type { SessionEventBody, SessionWake } from "@picasso/protocol";

export interface WatchHost {
  wake?: SessionWake;
  record?: (event: SessionEventBody) => void;
  now: () => number;
  /** How often a monitor looks at its source (default 250 ms). */
  pollMs: number;
  /** The least time between two notices of one every-match monitor (default 10 s). */
  noticeGapMs: number;
}

/** Watched text (a log line, a prompt) as it may appear inside a notice: it cannot close the reminder. */
export function quoted(text: string): string {
  return text.replace(/<(\/?)system-reminder/gi, "<$1system_reminder");
}
