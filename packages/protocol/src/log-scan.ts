/**
 * Reading a session log fast, for folds over large logs (the timeline): the file is read in
 * 1 MiB chunks into one buffer, lines are found by scanning the bytes for `\n` (no per-line
 * promise, no copy of a chunk; only an unfinished line is moved to the buffer's start, and the
 * buffer grows for a line longer than it), and each line is handed over
 * with its number, its UTF-8 byte size and whether it ended with a newline. Between chunks the
 * scan yields to the event loop, so a screen stays responsive while a long log is read.
 *
 * `peekLogType(text)` reads an event's `type` without parsing the line: the writer stamps the
 * envelope first (`{"v":…,"seq":…,"ts":…,"session":…,"lane":…,"turn":…,"type":"…"`), so a fold can
 * count a kind it does not need without parsing it. `parseLogLineLoose(text)` parses a line it
 * needs — JSON, the v1 upgrade and an envelope check — without the full schema validation of
 * `decodeLogLine`: such a fold must treat a malformed event it meets as a skipped line (its
 * reader does, see the timeline's fold-file.ts).
 */
import { closeSync, openSync, readSync } from "node:fs";
import { SESSION_EVENT_TYPES } from "./event-persistence.js";
import { parseLogLineJson } from "./log-upgrade.js";
import type { LogEvent } from "./session-events.js";

export interface ScannedLine {
  /** 1-based line number in the file. */
  line: number;
  text: string;
  /** UTF-8 bytes of the line, without its newline. */
  bytes: number;
  /** False for a final line with no newline after it (a torn line when it does not parse). */
  complete: boolean;
}

const CHUNK = 1 << 20;

/** Call `onLine` for every non-blank line of the file, in order. Rejects only if it cannot be read. */
export async function scanLogFile(path: string, onLine: (line: ScannedLine) => void): Promise<void> {
  const fd = openSync(path, "r");
  try {
    let buffer = Buffer.allocUnsafe(CHUNK);
    let carried = 0; // bytes of an unfinished line, moved to the start of the buffer
    let lineNo = 0;
    for (;;) {
      if (carried === buffer.length) {
        // One line longer than the buffer: grow it.
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, carried);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, carried, buffer.length - carried, null);
      if (n <= 0) break;
      const data = buffer.subarray(0, carried + n);
      let start = 0;
      for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
        lineNo += 1;
        emit(data, start, nl, lineNo, true, onLine);
        start = nl + 1;
      }
      carried = data.length - start;
      if (carried > 0) buffer.copyWithin(0, start, data.length);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (carried > 0) emit(buffer, 0, carried, lineNo + 1, false, onLine);
  } finally {
    closeSync(fd);
  }
}

function emit(
  data: Buffer,
  start: number,
  end: number,
  line: number,
  complete: boolean,
  onLine: (line: ScannedLine) => void,
): void {
  let e = end;
  if (e > start && data[e - 1] === 13) e -= 1; // a CRLF line end
  const text = data.toString("utf8", start, e);
  if (text.trim() === "") return;
  onLine({ line, text, bytes: e - start, complete });
}

const TYPE_KEY = '"type":"';

/** The event type a log line names, read without parsing it; undefined when not found. */
export function peekLogType(text: string): string | undefined {
  const at = text.indexOf(TYPE_KEY);
  if (at < 0) return undefined;
  const from = at + TYPE_KEY.length;
  const end = text.indexOf('"', from);
  return end < 0 ? undefined : text.slice(from, end);
}

/** The `seq` a log line carries, read without parsing it; undefined when not found. */
export function peekLogSeq(text: string): number | undefined {
  const at = text.indexOf('"seq":');
  if (at < 0) return undefined;
  const n = Number.parseInt(text.slice(at + 6, at + 24), 10);
  return Number.isSafeInteger(n) ? n : undefined;
}

const KNOWN_TYPES = new Set<string>(SESSION_EVENT_TYPES);

/** JSON, the v1 upgrade and the envelope checked; the variant's own fields are not validated. */
export function parseLogLineLoose(text: string): { event: LogEvent } | { reason: string } {
  const upgraded = parseLogLineJson(text);
  if ("reason" in upgraded) return upgraded;
  const e = upgraded.value as Record<string, unknown>;
  if (typeof e.seq !== "number" || typeof e.lane !== "string" || typeof e.turn !== "number")
    return { reason: "event: the envelope (seq, lane, turn) is incomplete" };
  if (typeof e.type !== "string" || !KNOWN_TYPES.has(e.type)) return { reason: `type: unknown event type` };
  return { event: e as LogEvent };
}
