/**
 * `multi_edit`: several exact replacements in one file, all or nothing.
 *
 * Rules: the edits apply in order, each to the text the previous ones left, with the rules of
 * `edit` (exact match, unique unless `replace_all`, CRLF files also match LF text). If any edit
 * fails, nothing is written and the error names the edit (1-based) and why. The file must have
 * been read this session, be UTF-8 text and lie inside the workspace; it is written once,
 * atomically, and the whole change is returned as one unified diff.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { findOccurrences } from "../edit.js";
import { DISK_FILES } from "../file-access.js";
import { fileDiff } from "../file-diff.js";
import { writeWholeFile } from "../file-mutations.js";
import { notReadError } from "../file-read-tracker.js";
import { classifyText } from "../text-file.js";
import { requiredString, ToolInputError } from "../tool-input.js";
import { workspaceFs } from "../workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "../workspace-path.js";

const MAX_EDITS = 100;

interface OneEdit {
  oldString: string;
  newString: string;
  replaceAll: boolean;
}

function readEdits(input: Record<string, unknown>): OneEdit[] {
  const edits = input.edits;
  if (!Array.isArray(edits) || edits.length === 0)
    throw new ToolInputError('"edits" must be a non-empty array of {old_string, new_string, replace_all?}.');
  if (edits.length > MAX_EDITS)
    throw new ToolInputError(`"edits" has ${edits.length} items; at most ${MAX_EDITS}.`);
  return edits.map((raw, i) => {
    if (raw === null || typeof raw !== "object" || Array.isArray(raw))
      throw new ToolInputError(`edits[${i}] must be an object {old_string, new_string, replace_all?}.`);
    const item = raw as Record<string, unknown>;
    const replaceAll = item.replace_all;
    if (replaceAll !== undefined && typeof replaceAll !== "boolean")
      throw new ToolInputError(`edits[${i}].replace_all must be true or false.`);
    return {
      oldString: requiredString(item, "old_string", { allowEmpty: true }),
      newString: requiredString(item, "new_string", { allowEmpty: true }),
      replaceAll: replaceAll === true,
    };
  });
}

/** Apply one edit to `text`; a string result is the reason it failed. */
function applyOne(text: string, edit: OneEdit): { text: string; count: number } | string {
  if (edit.oldString === "") return "old_string is empty";
  if (edit.oldString === edit.newString) return "old_string and new_string are identical";
  let needle = edit.oldString;
  let replacement = edit.newString;
  let offsets = findOccurrences(text, needle);
  if (offsets.length === 0 && text.includes("\r\n") && needle.includes("\n") && !needle.includes("\r")) {
    needle = needle.replace(/\n/g, "\r\n");
    replacement = replacement.replace(/\r?\n/g, "\r\n");
    offsets = findOccurrences(text, needle);
  }
  if (offsets.length === 0)
    return "old_string was not found (earlier edits in the list have already been applied to the text it is matched against)";
  if (offsets.length > 1 && !edit.replaceAll)
    return `old_string occurs ${offsets.length} times; add surrounding lines to make it unique or set replace_all`;
  if (edit.replaceAll) return { text: text.split(needle).join(replacement), count: offsets.length };
  const at = offsets[0] ?? 0;
  return { text: text.slice(0, at) + replacement + text.slice(at + needle.length), count: 1 };
}

async function runMultiEdit(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const path = requiredString(input, "path");
  const edits = readEdits(input);
  const target = resolveWorkspacePath(ctx, path);
  if (!target.ok) return toolError(target.error);
  const info = await workspaceFs().stat(ctx, target.abs);
  if (!info) return toolError(`File not found: ${path}. To create a new file use write.`);
  if (!info.isFile()) return toolError(`${target.shown} is not a regular file.`);
  if (!ctx.files.wasRead(target.abs)) return toolError(notReadError(target.shown));
  const decoded = classifyText(await DISK_FILES.read(target.abs, ctx));
  if (decoded.kind !== "text")
    return toolError(`${target.shown} is not UTF-8 text; multi_edit only changes UTF-8 text files.`);

  let text = decoded.text;
  let replaced = 0;
  for (const [i, edit] of edits.entries()) {
    const result = applyOne(text, edit);
    if (typeof result === "string")
      return toolError(
        `Edit ${i + 1} of ${edits.length} failed: ${result}. Nothing was written to ${target.shown}; fix that edit and send the whole list again.`,
      );
    text = result.text;
    replaced += result.count;
  }
  await writeWholeFile(ctx, target.abs, text);
  ctx.files.markRead(target.abs);
  const diff = fileDiff(target.shown, decoded.text, text);
  return {
    content: `Edited ${target.shown}: ${edits.length} edit${edits.length === 1 ? "" : "s"}, ${replaced} replacement${replaced === 1 ? "" : "s"}.\n${diff.text}`,
    display: { kind: "diff", path: target.shown, diff: diff.text },
  };
}

export const multiEditTool = defineTool({
  name: "multi_edit",
  description:
    "Make several exact text replacements in one file in one go (rename something in several places, " +
    "change related lines together), all or nothing: edits apply in order, each to the previous result; " +
    "if one fails nothing is written. Matching as in edit; read the file first.",
  properties: {
    path: { type: "string" },
    edits: {
      type: "array",
      minItems: 1,
      maxItems: MAX_EDITS,
      items: {
        type: "object",
        properties: {
          old_string: { type: "string", description: "Exact text, unique unless replace_all." },
          new_string: { type: "string" },
          replace_all: { type: "boolean" },
        },
        required: ["old_string", "new_string"],
        additionalProperties: false,
      },
    },
  },
  required: ["path", "edits"],
  effect: "write",
  family: "files",
  what: "Applies several exact replacements to one file, all or nothing.",
  when: "Several related changes in one file (a rename in many places); one change: edit; several files: apply_patch.",
  run: runMultiEdit,
});
