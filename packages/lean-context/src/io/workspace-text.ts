/**
 * Reading a text file the user (or a repository) put in the workspace or PICASSO_HOME — AGENTS.md,
 * docs, SKILL.md, patch files — as UTF-8 text, at most `maxBytes` of it, never opening a FIFO,
 * socket or device (@picasso/workspace `readBoundedFile`). A problem is one short phrase for the
 * caller's one-line warning: "a FIFO (named pipe), not a file", "binary content (NUL bytes), not
 * text", "not valid UTF-8", "unreadable (EACCES)".
 *
 * A caller that would rather keep a file than lose it (instruction files: one stray byte from an
 * old editor must not drop a project's rules) asks for `invalidUtf8: "latin1"`: bytes that are not
 * valid UTF-8 are then read as Latin-1, where every byte is a character, and the result says
 * `latin1: true` so the caller warns. NUL bytes are binary either way.
 */
import { decodeUtf8Prefix, readBoundedFile } from "@picasso/workspace";

/** The most of one such file that is read: 1 MiB. */
export const WORKSPACE_TEXT_READ_BYTES = 1024 * 1024;

export type WorkspaceText =
  | { kind: "text"; text: string; size: number; truncated: boolean; latin1?: true }
  | { kind: "missing" }
  | { kind: "problem"; problem: string; notText: boolean };

export interface WorkspaceTextOptions {
  /** What bytes that are not valid UTF-8 make: a problem (the default) or Latin-1 text. */
  invalidUtf8?: "problem" | "latin1";
}

export function readWorkspaceText(
  path: string,
  maxBytes = WORKSPACE_TEXT_READ_BYTES,
  options: WorkspaceTextOptions = {},
): WorkspaceText {
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
    if (options.invalidUtf8 === "latin1")
      return {
        kind: "text",
        text: read.bytes.toString("latin1"),
        size: read.size,
        truncated: read.truncated,
        latin1: true,
      };
    return { kind: "problem", problem: "not valid UTF-8", notText: true };
  }
}
