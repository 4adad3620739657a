/**
 * Reading a text file the user (or a repository) put in the workspace or PICASSO_HOME — AGENTS.md,
 * docs, SKILL.md, patch files — as UTF-8 text, at most `maxBytes` of it, never opening a FIFO,
 * socket or device (@picasso/workspace `readBoundedFile`). A problem is one short phrase for the
 * caller's one-line warning: "a FIFO (named pipe), not a file", "binary content (NUL bytes), not
 * text", "not valid UTF-8", "unreadable (EACCES)".
 */
import { decodeUtf8Prefix, readBoundedFile } from "@picasso/workspace";

/** The most of one such file that is read: 1 MiB. */
export const WORKSPACE_TEXT_READ_BYTES = 1024 * 1024;

export type WorkspaceText =
  | { kind: "text"; text: string; size: number; truncated: boolean }
  | { kind: "missing" }
  | { kind: "problem"; problem: string; notText: boolean };

export function readWorkspaceText(path: string, maxBytes = WORKSPACE_TEXT_READ_BYTES): WorkspaceText {
  const read = readBoundedFile(path, maxBytes);
  if (read.kind === "missing") return read;
  if (read.kind === "unreadable")
    return { kind: "problem", problem: `unreadable (${read.code})`, notText: false };
  if (read.kind === "not-a-file")
    return { kind: "problem", problem: `${read.what}, not a file`, notText: false };
  if (read.bytes.includes(0))
    return { kind: "problem", problem: "binary content (NUL bytes), not text", notText: true };
  try {
    return { kind: "text", text: decodeUtf8Prefix(read.bytes), size: read.size, truncated: read.truncated };
  } catch {
    return { kind: "problem", problem: "not valid UTF-8", notText: true };
  }
}
