/**
 * JSONL codec for session logs.
 *
 * Writing: one event per line, `JSON.stringify(event) + "\n"`; a line is only ever appended whole.
 * Reading streams line by line (constant memory in the size of the log). A line that is not a
 * valid event is reported and skipped, never fatal:
 * - the final line without a trailing newline that does not parse is a *torn* line (the writer was
 *   killed mid-write); it is reported with `torn: true`;
 * - any other bad line (corrupt JSON, unknown type, wrong version) is reported with its line
 *   number and the reason.
 * Events of an older schema version the reader knows are upgraded (log-upgrade.ts).
 * The log-line schema (and zod with it) loads on the first read: a session writes its log without it.
 */
import { createReadStream } from "node:fs";
import { parseLogLineJson } from "./log-upgrade.js";
import type { LogEvent, LogEventSchema } from "./session-events.js";

let schemaLoaded: Promise<typeof LogEventSchema> | undefined;
function logEventSchema(): Promise<typeof LogEventSchema> {
  schemaLoaded ??= import("./session-events.js").then((schemas) => schemas.LogEventSchema);
  return schemaLoaded;
}

export function encodeLogEvent(event: LogEvent): string {
  return `${JSON.stringify(event)}\n`;
}

export type LogLine =
  | { kind: "event"; line: number; event: LogEvent }
  | { kind: "skip"; line: number; reason: string; torn: boolean };

/** Parse one line. Returns the event or a reason it is not one. */
export async function decodeLogLine(text: string): Promise<{ event: LogEvent } | { reason: string }> {
  return decodeWith(await logEventSchema(), text);
}

function decodeWith(schema: typeof LogEventSchema, text: string): { event: LogEvent } | { reason: string } {
  const upgraded = parseLogLineJson(text);
  if ("reason" in upgraded) return upgraded;
  const parsed = schema.safeParse(upgraded.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "event";
    return { reason: `${where}: ${issue?.message ?? "invalid event"}` };
  }
  return { event: parsed.data as LogEvent };
}

/** Split a stream of text chunks into lines, remembering whether the last one ended with "\n". */
async function* lines(
  chunks: AsyncIterable<string | Buffer>,
): AsyncGenerator<{ text: string; complete: boolean }> {
  let rest = "";
  for await (const chunk of chunks) {
    rest += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    let nl = rest.indexOf("\n");
    while (nl !== -1) {
      yield { text: rest.slice(0, nl), complete: true };
      rest = rest.slice(nl + 1);
      nl = rest.indexOf("\n");
    }
  }
  if (rest.length > 0) yield { text: rest, complete: false };
}

/** Stream the lines of a log from text chunks. Blank lines are ignored. */
export async function* decodeLogStream(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<LogLine> {
  const schema = await logEventSchema();
  let n = 0;
  for await (const { text, complete } of lines(chunks)) {
    n += 1;
    const trimmed = text.trim();
    if (trimmed === "") continue;
    const result = decodeWith(schema, trimmed);
    if ("event" in result) yield { kind: "event", line: n, event: result.event };
    else yield { kind: "skip", line: n, reason: result.reason, torn: !complete };
  }
}

/** Stream a log file. Throws only if the file cannot be opened (the caller names the file). */
export async function* readLogFile(path: string): AsyncGenerator<LogLine> {
  // The schema first, then the file: a stream opened while the schema loads would have no reader
  // yet to take its error (a file that cannot be opened would be an uncaught exception).
  await logEventSchema();
  yield* decodeLogStream(createReadStream(path, { encoding: "utf8", highWaterMark: 64 * 1024 }));
}

/** Read all events of a log into memory (for small logs and tests), with the skipped lines. */
export async function readLogFileAll(
  path: string,
): Promise<{ events: LogEvent[]; skipped: Extract<LogLine, { kind: "skip" }>[] }> {
  const events: LogEvent[] = [];
  const skipped: Extract<LogLine, { kind: "skip" }>[] = [];
  for await (const item of readLogFile(path)) {
    if (item.kind === "event") events.push(item.event);
    else skipped.push(item);
  }
  return { events, skipped };
}
