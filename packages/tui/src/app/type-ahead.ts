/**
 * Type-ahead: keys typed between launching `picasso` and its first frame. Until the TUI switches
 * the terminal to raw mode it is in cooked mode, where the terminal turns Enter into `\n` — which
 * in raw mode means Ctrl+J ("insert a newline"). So before Ink takes the input over, whatever is
 * already waiting is read (raw mode on, one non-blocking read), each `\n` in it becomes the `\r`
 * that Enter sends in raw mode, and it is put back at the front of the stream for Ink to read as
 * ordinary keys: `hello⏎` typed early submits `hello`. Keys typed after the first frame arrive in
 * raw mode and need nothing. It is done once per stream: the CLI does it as it draws its plain
 * first frame (apps/cli first-frame.ts), long before Ink starts, and Ink's start then leaves the
 * keys typed since — raw-mode keys — as they are. Loaded without Ink (`@picasso/tui/type-ahead`).
 */
import { readSync } from "node:fs";

const kept = new WeakSet<NodeJS.ReadStream>();

/** Read what was typed before raw mode and put it back with cooked-mode Enters as Enters. */
export function keepTypeAhead(stdin: NodeJS.ReadStream): void {
  const fd = (stdin as { fd?: unknown }).fd;
  if (!stdin.isTTY || typeof stdin.setRawMode !== "function" || typeof fd !== "number") return;
  if (kept.has(stdin)) return;
  kept.add(stdin);
  stdin.setRawMode(true);
  const waiting = readWaiting(fd);
  if (waiting.length > 0) stdin.unshift(Buffer.from(enterAsRaw(waiting.toString("utf8")), "utf8"));
}

/** Cooked-mode line ends, as raw-mode Enter keys. */
export function enterAsRaw(typed: string): string {
  return typed.replace(/\r?\n/g, "\r");
}

function readWaiting(fd: number): Buffer {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(4096);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer, 0, buffer.length, null);
    } catch {
      break; // EAGAIN: nothing (more) is waiting
    }
    if (n <= 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    if (n < buffer.length) break;
  }
  return Buffer.concat(chunks);
}
