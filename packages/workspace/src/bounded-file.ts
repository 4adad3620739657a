/**
 * Reading a workspace file Picasso did not write (AGENTS.md, docs, SKILL.md, patch files) without
 * trusting it: a FIFO, socket or device is never opened (a FIFO would block the read forever), a
 * folder is not a file, and at most `maxBytes` are read (a 50 MB AGENTS.md costs 1 MiB, not 50).
 *
 * The check is made on the opened descriptor too (opened non-blocking), so a file swapped for a
 * FIFO between the stat and the open still cannot hang the reader.
 *
 * A caller reading many files (the `search` tool) may hand in one `buffer` to read into (the bytes
 * returned are then a view of it, valid until the next read into the same buffer), and, for a path
 * it has just seen listed as a regular file (a directory walk's entry), skip the look before the
 * open (`listedAsFile`): the opened descriptor is still checked, so a file swapped since is closed
 * unread. On 20,000 small files that look is a third of the reading's CPU time.
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

export interface BoundedReadOptions {
  /** Read into this buffer (at most its length) instead of a new one. */
  buffer?: Buffer;
  /** The caller has just seen `path` listed as a regular file: no look before the open. */
  listedAsFile?: boolean;
}

function failure(error: unknown): BoundedRead {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  return code === "ENOENT" || code === "ENOTDIR" ? { kind: "missing" } : { kind: "unreadable", code };
}

export function readBoundedFile(
  path: string,
  maxBytes: number,
  options: BoundedReadOptions = {},
): BoundedRead {
  const { buffer } = options;
  if (!options.listedAsFile) {
    let info: Stats;
    try {
      info = statSync(path);
    } catch (error) {
      return failure(error);
    }
    if (!info.isFile()) return { kind: "not-a-file", what: describeNonFile(info) };
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return options.listedAsFile
      ? failure(error)
      : { kind: "unreadable", code: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) return { kind: "not-a-file", what: describeNonFile(opened) };
    const want = Math.min(opened.size, maxBytes, buffer?.length ?? Number.POSITIVE_INFINITY);
    const bytes = buffer ?? Buffer.alloc(want);
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
