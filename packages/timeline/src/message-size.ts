/**
 * A `message` line read without parsing its message. The message is what makes such a line long,
 * and the fold needs only its size. The writer puts a message line together as
 * `{…envelope,"type":"message","index":N,"source":"…","message":{"role":…},…tail}` where the tail
 * is `"factsBytes"` and/or `"reminder"` when present, so the line is parsed with the message cut
 * out — head, `null`, tail — and
 *   message bytes = line bytes − bytes of the head − bytes of the tail.
 * That is used only when the line has exactly this shape (the message slice starts with
 * `{"role":"` and ends with `]}`, and the tail is what the parsed fields say); anything else — a
 * hand-edited line with spaces, another key order, a torn line — returns undefined and the reader
 * parses the whole line (the same canonical-JSON size either way). The message's own JSON is not
 * checked: damage inside it is counted as bytes, which is all the fold reads of it.
 */
import { byteLength, type LogEventOf, parseLogLineLoose } from "@picasso/protocol";

/** A `message` event without its message: what the timeline reads of one. */
export type MessageEnvelope = Omit<LogEventOf<"message">, "message">;

const MESSAGE_KEY = '"message":';
const MESSAGE_START = `${MESSAGE_KEY}{"role":"`;

export function readMessageLine(line: {
  text: string;
  bytes: number;
}): { event: MessageEnvelope; messageBytes: number } | undefined {
  const { text } = line;
  const key = text.indexOf(MESSAGE_START);
  if (key < 0) return undefined;
  const start = key + MESSAGE_KEY.length;
  const end = text.lastIndexOf("]}") + 2;
  if (end < start + 2) return undefined;
  const head = text.slice(0, start);
  const tail = text.slice(end);
  const parsed = parseLogLineLoose(`${head}null${tail}`);
  if ("reason" in parsed || parsed.event.type !== "message") return undefined;
  const { message: _, ...event } = parsed.event;
  if (tail !== messageTail(event)) return undefined;
  return { event, messageBytes: line.bytes - byteLength(head) - byteLength(tail) };
}

/** What the writer puts after the message, for these fields. */
function messageTail(event: MessageEnvelope): string {
  let tail = "}";
  if (event.images !== undefined) tail = `,"images":${JSON.stringify(event.images)}${tail}`;
  if (event.reminder !== undefined) tail = `,"reminder":${JSON.stringify(event.reminder)}${tail}`;
  if (event.factsBytes !== undefined) tail = `,"factsBytes":${event.factsBytes}${tail}`;
  return tail;
}
