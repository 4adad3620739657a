/**
 * A session's title for the /resume list: the input of its first `turn_start`, read from the
 * first 256 KB of its log (session_start and the request header come before it), flattened to
 * one line. No turn yet, or an unreadable log: undefined.
 */
import { closeSync, openSync, readSync } from "node:fs";

const HEAD_BYTES = 256 * 1024;

export function sessionTitle(logPath: string, max = 60): string | undefined {
  let head: string;
  try {
    const fd = openSync(logPath, "r");
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
      head = buffer.subarray(0, read).toString("utf8");
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  for (const line of head.split("\n")) {
    if (!line.includes('"turn_start"')) continue;
    try {
      const event = JSON.parse(line) as { type?: string; input?: unknown };
      if (event.type !== "turn_start" || typeof event.input !== "string") continue;
      const flat = event.input.replace(/\s+/g, " ").trim();
      return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
    } catch {
      // A torn line: keep looking.
    }
  }
  return undefined;
}
