/**
 * Find and read the project's instruction files (the thin I/O layer of the instruction index).
 *
 * Discovery: the workspace root, then every folder between it and cwd, nearest last. In each
 * folder `AGENTS.md` is read; `CLAUDE.md` and `PICASSO.md` that only point at it (`@AGENTS.md`
 * lines) are followed, never duplicated; one with real content is included once (its pointer
 * lines removed, skipped if its text equals a file already included). A missing file is fine; an
 * unreadable one (permissions, a folder in its place) becomes a warning and is left out, and so
 * does a binary one (NUL bytes), since it would put garbage into every request. Bytes that are not
 * valid UTF-8 (a Latin-1 `é` from an old editor) are read as Latin-1 with a warning: one stray
 * byte must not drop a project's rules, and Latin-1 reads the usual culprit right. A FIFO, socket or device in a
 * file's place is never opened (it would block the session's start), and a file over 1 MiB is read
 * only up to that (the index is capped at 8 KB anyway); both are said in one line naming the file.
 * Each warning is one line naming the file.
 */
import { isAbsolute, join, relative, sep } from "node:path";
import { formatByteSize } from "@picasso/protocol";
import { readWorkspaceText, WORKSPACE_TEXT_READ_BYTES } from "../io/workspace-text.js";
import type { InstructionFile } from "./instruction-index.js";

export interface InstructionFiles {
  files: InstructionFile[];
  warnings: string[];
}

const POINTER = /^@(\.\/)?AGENTS\.md$/;
/** The most of one instruction file that is read. */
export const INSTRUCTION_FILE_READ_BYTES = WORKSPACE_TEXT_READ_BYTES;
const COMPANIONS = ["CLAUDE.md", "PICASSO.md"];

/** Folders from the workspace root down to cwd (root only when cwd is outside it). */
export function instructionFolders(workspaceRoot: string, cwd: string): string[] {
  const rel = relative(workspaceRoot, cwd);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return [workspaceRoot];
  const folders = [workspaceRoot];
  let current = workspaceRoot;
  for (const part of rel.split(sep)) {
    current = join(current, part);
    folders.push(current);
  }
  return folders;
}

/** Text without `@AGENTS.md` pointer lines; empty when the file is only a pointer. */
export function withoutPointers(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .filter((line) => !POINTER.test(line.trim()))
    .join("\n")
    .trim();
}

export function loadInstructionFiles(workspaceRoot: string, cwd: string): InstructionFiles {
  const files: InstructionFile[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  const read = (folder: string, name: string): string | undefined => {
    const path = relative(workspaceRoot, join(folder, name)).split(sep).join("/");
    const found = readWorkspaceText(join(folder, name), INSTRUCTION_FILE_READ_BYTES, {
      invalidUtf8: "latin1",
    });
    if (found.kind === "missing") return undefined;
    if (found.kind === "problem") {
      warnings.push(
        `${path}: ${found.problem}; left out of the instruction index${found.notText ? " — save it as UTF-8 text" : ""}`,
      );
      return undefined;
    }
    if (found.latin1) warnings.push(`${path}: not valid UTF-8; read as Latin-1 — save it as UTF-8 text`);
    if (found.truncated)
      warnings.push(
        `${path}: ${formatByteSize(found.size)}; only its first ${formatByteSize(INSTRUCTION_FILE_READ_BYTES)} read for the instruction index — keep it short and point at docs/`,
      );
    return found.text;
  };
  const add = (folder: string, name: string, text: string) => {
    const key = text.trim();
    if (key === "" || seen.has(key)) return;
    seen.add(key);
    files.push({ path: relative(workspaceRoot, join(folder, name)).split(sep).join("/"), text });
  };
  for (const folder of instructionFolders(workspaceRoot, cwd)) {
    const agents = read(folder, "AGENTS.md");
    if (agents !== undefined) add(folder, "AGENTS.md", agents);
    for (const name of COMPANIONS) {
      const text = read(folder, name);
      if (text !== undefined) add(folder, name, withoutPointers(text));
    }
  }
  return { files, warnings };
}
