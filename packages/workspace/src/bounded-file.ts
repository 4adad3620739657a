/**
 * Reading a workspace file Picasso did not write (AGENTS.md, docs, SKILL.md, patch files) without
 * trusting it: a FIFO, socket or device is never opened (a FIFO would block the read forever), a
 * folder is not a file, and at most `maxBytes` are read (a 50 MB AGENTS.md costs 1 MiB, not 50).
 *
 * The check is made on the opened descriptor too (opened non-blocking), so a file swapped for a
 * FIFO between the stat and the open still cannot hang the reader.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";

export type BoundedRead =
  | { kind: "text"; bytes: Buffer; size: number; truncated: boolean }
  | { kind: "missing" }
  | { kind: "not-a-file"; what: string }
  | { kind: "unreadable"; code: string };

/** What a non-regular file is, for messages: "a FIFO", "a folder"… */
export function describeNonFile(info: Stats): string {
  if (info.isDirectory()) return "a folder";
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  return "not a regular file";
}

export function readBoundedFile(path: string, maxBytes: number): BoundedRead {
  let info: Stats;
  try {
    info = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return code === "ENOENT" || code === "ENOTDIR" ? { kind: "missing" } : { kind: "unreadable", code };
  }
  if (!info.isFile()) return { kind: "not-a-file", what: describeNonFile(info) };
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { kind: "unreadable", code: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) return { kind: "not-a-file", what: describeNonFile(opened) };
    const want = Math.min(opened.size, maxBytes);
    const bytes = Buffer.alloc(want);
    let got = 0;
    while (got < want) {
      const n = readSync(fd, bytes, got, want - got, got);
      if (n === 0) break;
      got += n;
    }
    return { kind: "text", bytes: bytes.subarray(0, got), size: opened.size, truncated: opened.size > got };
  } catch (error) {
    return { kind: "unreadable", code: (error as NodeJS.ErrnoException).code ?? String(error) };
  } finally {
    closeSync(fd);
  }
}

/** The UTF-8 text of `bytes`, dropping a character cut in half at the end; throws on invalid UTF-8. */
export function decodeUtf8Prefix(bytes: Buffer): string {
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
}
