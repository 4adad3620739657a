/**
 * `apply_patch`: add, update, delete and move files with one patch in the `*** Begin Patch`
 * format (patch-parse.ts), all or nothing.
 *
 * Every operation is checked and computed before anything is written: a path outside the
 * workspace, adding a file that exists, updating or deleting one that does not, moving onto an
 * existing file, or a hunk that does not match → an error naming the file, and no file changes.
 * Hunks match exactly, then ignoring trailing whitespace, then ignoring indentation. The
 * context lines prove the model knows the text, so read-before-write is not required here; the
 * files changed count as read afterwards. Writes are atomic per file; if one fails, the files
 * already written are put back (the error names any that could not be).
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { DISK_FILES } from "../file-access.js";
import { fileDiff } from "../file-diff.js";
import { removeFile, writeWholeFile } from "../file-mutations.js";
import { classifyText } from "../text-file.js";
import { requiredString } from "../tool-input.js";
import { WorkspaceEscapeError } from "../workspace-fs/no-follow-walk.js";
import { workspaceFs } from "../workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "../workspace-path.js";
import { applyHunks, PatchError, type PatchOp, parsePatch } from "./patch-parse.js";

interface Change {
  abs: string;
  shown: string;
  before: string | undefined;
  after: string | undefined;
}

function resolve(ctx: ToolContext, path: string): { abs: string; shown: string } {
  const target = resolveWorkspacePath(ctx, path);
  if (!target.ok) throw new PatchError(target.error);
  return { abs: target.abs, shown: target.shown };
}

async function currentText(ctx: ToolContext, abs: string, shown: string): Promise<string | undefined> {
  const info = await workspaceFs().stat(ctx, abs);
  if (!info) return undefined;
  if (!info.isFile()) throw new PatchError(`${shown} is not a regular file`);
  const decoded = classifyText(await DISK_FILES.read(abs, ctx));
  if (decoded.kind !== "text")
    throw new PatchError(`${shown} is not UTF-8 text; apply_patch changes text files only`);
  return decoded.text;
}

/** Every file's state after the patch, keyed by real path, in patch order. */
async function plan(ops: PatchOp[], ctx: ToolContext): Promise<Map<string, Change>> {
  const changes = new Map<string, Change>();
  const state = async (abs: string, shown: string) => {
    const known = changes.get(abs);
    if (known) return known;
    const change: Change = { abs, shown, before: await currentText(ctx, abs, shown), after: undefined };
    change.after = change.before;
    changes.set(abs, change);
    return change;
  };
  for (const op of ops) {
    const { abs, shown } = resolve(ctx, op.path);
    const file = await state(abs, shown);
    if (op.kind === "add") {
      if (file.after !== undefined)
        throw new PatchError(`Add File: ${shown} already exists; use Update File`);
      file.after = op.content;
    } else if (op.kind === "delete") {
      if (file.after === undefined) throw new PatchError(`Delete File: ${shown} does not exist`);
      file.after = undefined;
    } else {
      if (file.after === undefined)
        throw new PatchError(`Update File: ${shown} does not exist; use Add File`);
      const updated = applyHunks(file.after, op.hunks, shown);
      if (op.moveTo) {
        const dest = resolve(ctx, op.moveTo);
        const target = await state(dest.abs, dest.shown);
        if (target !== file && target.after !== undefined)
          throw new PatchError(`Move to: ${dest.shown} already exists`);
        file.after = undefined;
        target.after = updated;
      } else {
        file.after = updated;
      }
    }
  }
  return changes;
}

async function write(ctx: ToolContext, change: Change, content: string | undefined): Promise<void> {
  if (content === undefined) await removeFile(ctx, change.abs);
  else await writeWholeFile(ctx, change.abs, content);
}

async function runApplyPatch(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const patch = requiredString(input, "patch");
  let changes: Change[];
  try {
    changes = [...(await plan(parsePatch(patch), ctx)).values()].filter((c) => c.before !== c.after);
  } catch (error) {
    if (error instanceof PatchError || error instanceof WorkspaceEscapeError)
      return toolError(`The patch was not applied (no file changed): ${error.message}.`);
    throw error;
  }
  const done: Change[] = [];
  try {
    for (const change of changes) {
      await write(ctx, change, change.after);
      done.push(change);
    }
  } catch (error) {
    const notPutBack: string[] = [];
    for (const change of done.reverse()) {
      await write(ctx, change, change.before).catch((undo: Error) =>
        notPutBack.push(`${change.shown} (${undo.message})`),
      );
    }
    const message = (error as Error).message;
    if (notPutBack.length === 0) return toolError(`Writing failed, every file was put back: ${message}`);
    return toolError(
      `Writing failed: ${message}. These files could not be put back: ${notPutBack.join("; ")}`,
    );
  }
  const summary: string[] = [];
  const diffs: string[] = [];
  for (const change of changes) {
    if (change.after !== undefined) ctx.files.markRead(change.abs);
    const verb = change.before === undefined ? "A" : change.after === undefined ? "D" : "M";
    summary.push(`${verb} ${change.shown}`);
    diffs.push(fileDiff(change.shown, change.before ?? "", change.after ?? "", 80).text);
  }
  const diffText = diffs.join("\n");
  return {
    content: `Applied the patch:\n${summary.join("\n")}\n${diffText}`,
    display: { kind: "diff", path: changes.map((c) => c.shown).join(", "), diff: diffText },
  };
}

export const applyPatchTool = defineTool({
  name: "apply_patch",
  description:
    "Apply a patch or diff (one you wrote, or one from a colleague or a review) to the code: it adds, updates, deletes or moves files, all or nothing, " +
    'written in the "*** Begin Patch" format. ' +
    'Sections: "*** Add File: path" (every line prefixed +), "*** Delete File: path", "*** Update File: path" ' +
    'optionally followed by "*** Move to: new/path", then hunks starting "@@" (optionally "@@ line to find first") ' +
    'with " " context, "-" removed and "+" added lines (3 lines of context around each change). End with "*** End Patch".',
  properties: {
    patch: { type: "string" },
  },
  required: ["patch"],
  effect: "write",
  family: "files",
  what: "Applies one patch that adds, updates, deletes or moves several files, all or nothing.",
  when: "A change spans several files or arrives as a diff; one file: edit or multi_edit; a separate branch: worktree_create.",
  run: runApplyPatch,
});
