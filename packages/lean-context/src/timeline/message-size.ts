/**
 * The size of a `message` event's message, read off its raw log line instead of serialising the
 * parsed message again (the fold's largest cost on long logs). The writer puts a message line
 * together as `{…envelope,"type":"message","index":N,"source":"…","message":{"role":…},…tail}`
 * where the tail is `"factsBytes"` and/or `"reminder"` when present, so
 *   message bytes = line bytes − bytes before the message − bytes of the tail.
 * The result is used only when the line has exactly that shape (the message slice starts with
 * `{"role":"` and ends with `]}`, and the tail is what the parsed event says); anything else —
 * a hand-edited line with spaces, another key order — returns undefined and the fold measures
 * the parsed message (the same canonical-JSON size either way).
 */
import { byteLength, type LogEventOf } from "@picasso/protocol";

const MESSAGE_KEY = '"message":';

export function messageBytesFromLine(
  line: { text: string; bytes: number },
  event: LogEventOf<"message">,
): number | undefined {
  const { text } = line;
  const key = text.indexOf(MESSAGE_KEY);
  if (key < 0) return undefined;
  const start = key + MESSAGE_KEY.length;
  if (!text.startsWith('{"role":"', start)) return undefined;
  let tail = "}";
  if (event.reminder !== undefined) tail = `,"reminder":${JSON.stringify(event.reminder)}${tail}`;
  if (event.factsBytes !== undefined) tail = `,"factsBytes":${event.factsBytes}${tail}`;
  if (!text.endsWith(tail)) return undefined;
  const end = text.length - tail.length;
  if (end - start < 2 || text.charCodeAt(end - 1) !== 125 || text.charCodeAt(end - 2) !== 93)
    return undefined;
  return line.bytes - byteLength(text.slice(0, start)) - byteLength(tail);
}
