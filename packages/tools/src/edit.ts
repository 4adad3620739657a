/**
 * `edit`: replace an exact, unique piece of a text file.
 *
 * Rules: `old_string` must occur in the file exactly as given. Zero matches → an error saying so,
 * with the lines where its first line appears when indentation is ignored (a whitespace hint).
 * Several matches without `replace_all` → an error with the count and line numbers. A file with
 * CRLF line ends also matches an `old_string` written with LF (both strings are converted). The
 * file must have been read this session, be UTF-8 text, and lie inside the workspace. The change
 * is written atomically and returned as a small unified diff.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "./define-tool.js";
import { DISK_FILES, type FileAccess } from "./file-access.js";
import { fileDiff } from "./file-diff.js";
import { writeWholeFile } from "./file-mutations.js";
import { notReadError } from "./file-read-tracker.js";
import { classifyText } from "./text-file.js";
import { optionalBoolean, requiredString } from "./tool-input.js";
import { workspaceFs } from "./workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "./workspace-path.js";

const MAX_LISTED_LINES = 20;

/** Start offsets of the non-overlapping occurrences of `needle` in `text`. */
export function findOccurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at === -1) return found;
    found.push(at);
    from = at + needle.length;
  }
}

function lineNumbersOf(text: string, offsets: number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (const offset of offsets) {
    for (; scanned < offset; scanned++) if (text.charCodeAt(scanned) === 10) line++;
    lines.push(line);
  }
  return lines;
}

function listLines(lines: number[]): string {
  const shown = lines.slice(0, MAX_LISTED_LINES).join(", ");
  return lines.length > MAX_LISTED_LINES ? `${shown}, …` : shown;
}

function noMatchHint(text: string, oldString: string): string {
  const firstLine = oldString
    .split(/\r?\n/)
    .find((l) => l.trim() !== "")
    ?.trim();
  if (firstLine) {
    const near: number[] = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === firstLine || (firstLine.length >= 8 && line.includes(firstLine))) near.push(i + 1);
    });
    if (near.length > 0) {
      return (
        `Its first line appears, ignoring indentation, at line(s) ${listLines(near)}: ` +
        "compare whitespace, indentation and the following lines with the file."
      );
    }
  }
  return "Read the file again and copy the exact current text, including whitespace and indentation.";
}

async function runEdit(
  files: FileAccess,
  input: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolOutput> {
  const path = requiredString(input, "path");
  const oldString = requiredString(input, "old_string", { allowEmpty: true });
  const newString = requiredString(input, "new_string", { allowEmpty: true });
  const replaceAll = optionalBoolean(input, "replace_all") ?? false;
  if (oldString === "") {
    return toolError("old_string is empty. Give the exact text to replace; to create a file use write.");
  }
  if (oldString === newString)
    return toolError("old_string and new_string are identical; nothing to change.");

  const target = resolveWorkspacePath(ctx, path);
  if (!target.ok) return toolError(target.error);
  const info = await workspaceFs().stat(ctx, target.abs);
  if (!info) return toolError(`File not found: ${path}. To create a new file use write.`);
  if (!info.isFile())
    return toolError(`${target.shown} is not a regular file; edit changes text files only.`);
  if (!ctx.files.wasRead(target.abs)) return toolError(notReadError(target.shown));

  const decoded = classifyText(await files.read(target.abs, ctx));
  if (decoded.kind !== "text") {
    const what = decoded.kind === "binary" ? "a binary file" : "not valid UTF-8 text";
    return toolError(
      `${target.shown} is ${what}; edit only changes UTF-8 text files. Use bash if it must change.`,
    );
  }
  const text = decoded.text;
  let needle = oldString;
  let replacement = newString;
  let offsets = findOccurrences(text, needle);
  if (offsets.length === 0 && text.includes("\r\n") && needle.includes("\n") && !needle.includes("\r")) {
    needle = oldString.replace(/\n/g, "\r\n");
    replacement = newString.replace(/\r?\n/g, "\r\n");
    offsets = findOccurrences(text, needle);
  }
  if (offsets.length === 0) {
    return toolError(
      `old_string was not found in ${target.shown}; nothing matched. ${noMatchHint(text, oldString)}`,
    );
  }
  if (offsets.length > 1 && !replaceAll) {
    return toolError(
      `old_string occurs ${offsets.length} times in ${target.shown} (lines ${listLines(lineNumbersOf(text, offsets))}). ` +
        "Include more surrounding lines to make it unique, or set replace_all to change every occurrence.",
    );
  }
  const after = replaceAll
    ? text.split(needle).join(replacement)
    : text.slice(0, offsets[0]) + replacement + text.slice(offsets[0]! + needle.length);
  await writeWholeFile(ctx, target.abs, after, files);
  ctx.files.markRead(target.abs);

  const diff = fileDiff(target.shown, text, after);
  const count = replaceAll ? offsets.length : 1;
  return {
    content: `Edited ${target.shown}: replaced ${count} occurrence${count === 1 ? "" : "s"}.\n${diff.text}`,
    display: { kind: "diff", path: target.shown, diff: diff.text },
  };
}

export const createEditTool = (files: FileAccess) =>
  defineTool({
    name: "edit",
    description:
      "Replace old_string with new_string (empty to delete) in a file. old_string must match exactly, " +
      "whitespace included, and be unique (give enough context) unless replace_all. Returns a unified diff.",
    properties: {
      path: { type: "string" },
      old_string: { type: "string" },
      new_string: { type: "string" },
      replace_all: { type: "boolean" },
    },
    required: ["path", "old_string", "new_string"],
    effect: "write",
    family: "fs",
    run: (input, ctx) => runEdit(files, input, ctx),
  });

export const editTool = createEditTool(DISK_FILES);
