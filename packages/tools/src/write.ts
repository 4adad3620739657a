/**
 * `write`: create a file, or replace a whole file the session has read.
 *
 * Rules: the path must be inside the workspace (or allowed); parent folders are created; an
 * existing file must have been read in this session (read-before-write), and a folder is never
 * replaced. The bytes land atomically (temporary file + rename, mode kept). The model gets a
 * one-line summary; the user sees "created" or a diff against the old content.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "./define-tool.js";
import { DISK_FILES, type FileAccess } from "./file-access.js";
import { fileDiff } from "./file-diff.js";
import { writeWholeFile } from "./file-mutations.js";
import { notReadError } from "./file-read-tracker.js";
import { splitLines } from "./text-file.js";
import { requiredString } from "./tool-input.js";
import { workspaceFs } from "./workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "./workspace-path.js";

const DIFF_MAX_FILE_BYTES = 1024 * 1024;

async function runWrite(
  files: FileAccess,
  input: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolOutput> {
  const path = requiredString(input, "path");
  const content = requiredString(input, "content", { allowEmpty: true });
  const target = resolveWorkspacePath(ctx, path);
  if (!target.ok) return toolError(target.error);
  const info = await workspaceFs().stat(ctx, target.abs);
  if (info?.isDirectory()) return toolError(`${target.shown} is a folder; give a file path to write.`);
  if (info && !info.isFile())
    return toolError(`${target.shown} is not a regular file; refusing to replace it.`);
  if (info && !ctx.files.wasRead(target.abs)) return toolError(notReadError(target.shown));

  // The old content is only needed for the user's diff; very large files get a summary instead.
  const before =
    info && info.size <= DIFF_MAX_FILE_BYTES
      ? Buffer.from(await files.read(target.abs, ctx)).toString("utf8")
      : undefined;
  await writeWholeFile(ctx, target.abs, content, files);
  ctx.files.markRead(target.abs);

  const lines = splitLines(content).length;
  const bytes = Buffer.byteLength(content);
  if (info && before === undefined) {
    return {
      content: `Wrote ${target.shown} (${lines} lines, ${bytes} bytes).`,
      display: { kind: "text", text: `Replaced ${target.shown} (${lines} lines)` },
    };
  }
  if (before === undefined) {
    return {
      content: `Created ${target.shown} (${lines} lines, ${bytes} bytes).`,
      display: { kind: "text", text: `Created ${target.shown} (${lines} lines)` },
    };
  }
  if (before === content) {
    return {
      content: `${target.shown} already had exactly this content; nothing changed.`,
      display: { kind: "text", text: `${target.shown} unchanged` },
    };
  }
  const diff = fileDiff(target.shown, before, content);
  return {
    content: `Wrote ${target.shown} (${lines} lines, ${bytes} bytes; +${diff.added} -${diff.removed} lines).`,
    display: { kind: "diff", path: target.shown, diff: diff.text },
  };
}

export const createWriteTool = (files: FileAccess) =>
  defineTool({
    name: "write",
    description:
      "Create a file or replace its whole content; parent folders are created. To change part of a file, use edit.",
    properties: {
      path: { type: "string" },
      content: { type: "string" },
    },
    required: ["path", "content"],
    effect: "write",
    family: "fs",
    run: (input, ctx) => runWrite(files, input, ctx),
  });

export const writeTool = createWriteTool(DISK_FILES);
