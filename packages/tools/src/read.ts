/**
 * `read`: show a UTF-8 text file with line numbers, one window at a time.
 *
 * Rules: `offset` is the first line (1-based, default 1), `limit` the number of lines (default
 * 2000). Lines longer than 2000 characters are cut, and output stops before 100 KB; each cut is
 * stated with the `offset` to continue from. Files up to 16 MiB are read whole (so the total line
 * count is known); larger files are streamed up to the window's end. Binary and non-UTF-8 files
 * get a clear note instead of bytes — but a PNG/JPEG/GIF/WebP (by name or by its bytes) comes back
 * as an image block the model sees (read-image.ts); folders get an error pointing at `search`. Showing any window
 * of a file marks it read for the read-before-write rule. The disk is read through workspace-fs/,
 * so on Linux a symlink swapped in after the boundary check cannot make it show a file outside.
 */
import type { FileHandle } from "node:fs/promises";
import { createInterface } from "node:readline";
import { isImageFileName, sniffImage } from "@picasso/images";
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "./define-tool.js";
import { DISK_FILES, type FileAccess } from "./file-access.js";
import { imageOutput, readImageFile } from "./read-image.js";
import { classifyText, splitLines } from "./text-file.js";
import { optionalInteger, requiredString } from "./tool-input.js";
import { workspaceFs } from "./workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "./workspace-path.js";

export const READ_DEFAULT_LIMIT = 2000;
export const READ_MAX_LINE_CHARS = 2000;
export const READ_MAX_OUTPUT_CHARS = 100_000;
export const READ_WHOLE_FILE_MAX_BYTES = 16 * 1024 * 1024;
const SNIFF_BYTES = 64 * 1024;

interface Window {
  lines: string[];
  /** Total lines when known (whole-file read); undefined when the file was streamed. */
  total?: number;
  moreFollow: boolean;
}

function readWindowWhole(text: string, offset: number, limit: number): Window {
  const all = splitLines(text);
  const lines = all.slice(offset - 1, offset - 1 + limit);
  return { lines, total: all.length, moreFollow: offset - 1 + limit < all.length };
}

async function readWindowStreaming(handle: FileHandle, offset: number, limit: number): Promise<Window> {
  const stream = handle.createReadStream({ encoding: "utf8", start: 0, autoClose: false });
  const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const lines: string[] = [];
  let lineNo = 0;
  let moreFollow = false;
  for await (const line of reader) {
    lineNo++;
    if (lineNo < offset) continue;
    if (lines.length >= limit) {
      moreFollow = true;
      break;
    }
    lines.push(line);
  }
  reader.close();
  stream.destroy();
  return { lines, moreFollow };
}

function formatWindow(shown: string, window: Window, offset: number, size: number): ToolOutput {
  const out: string[] = [];
  let chars = 0;
  let cutLines = 0;
  let stoppedAt: number | undefined;
  for (let i = 0; i < window.lines.length; i++) {
    const lineNo = offset + i;
    let line = window.lines[i]!;
    if (lineNo === 1 && line.startsWith("\uFEFF")) line = line.slice(1);
    if (line.length > READ_MAX_LINE_CHARS) {
      line = `${line.slice(0, READ_MAX_LINE_CHARS)}… [${line.length - READ_MAX_LINE_CHARS} more characters]`;
      cutLines++;
    }
    const formatted = `${String(lineNo).padStart(6)}\t${line}`;
    if (chars + formatted.length + 1 > READ_MAX_OUTPUT_CHARS && out.length > 0) {
      stoppedAt = lineNo;
      break;
    }
    out.push(formatted);
    chars += formatted.length + 1;
  }
  const last = offset + out.length - 1;
  const notes: string[] = [];
  if (stoppedAt !== undefined) {
    notes.push(`Output stopped at line ${last} to stay under 100 KB; read on with offset=${stoppedAt}.`);
  } else if (window.moreFollow) {
    const of = window.total !== undefined ? ` of ${window.total}` : "";
    const big = window.total === undefined ? ` The file is large (${Math.round(size / 1048576)} MiB).` : "";
    notes.push(`Showing lines ${offset}-${last}${of}.${big} Read on with offset=${last + 1}.`);
  }
  if (cutLines > 0) notes.push(`${cutLines} long line(s) were cut at ${READ_MAX_LINE_CHARS} characters.`);
  const content = out.join("\n") + (notes.length > 0 ? `\n\n[${notes.join(" ")}]` : "");
  const range = window.total !== undefined ? ` of ${window.total}` : "";
  return { content, display: { kind: "text", text: `Read ${shown} (lines ${offset}-${last}${range})` } };
}

async function runRead(
  files: FileAccess,
  input: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolOutput> {
  const path = requiredString(input, "path");
  const offset = optionalInteger(input, "offset", 1, Number.MAX_SAFE_INTEGER) ?? 1;
  const limit = optionalInteger(input, "limit", 1, 100_000) ?? READ_DEFAULT_LIMIT;
  const target = resolveWorkspacePath(ctx, path);
  if (!target.ok) return toolError(target.error);
  const info = await workspaceFs().stat(ctx, target.abs);
  if (!info) {
    return toolError(`File not found: ${path}. Check the path; search with a glob can find files by name.`);
  }
  if (info.isDirectory()) {
    return toolError(
      `${target.shown} is a folder, not a file. Use search with a glob (e.g. glob "*" and path "${target.shown}") to list its files.`,
    );
  }
  if (!info.isFile()) return toolError(`${target.shown} is not a regular file (device, socket or pipe).`);
  if (info.size === 0) {
    ctx.files.markRead(target.abs);
    return {
      content: `(${target.shown} is empty)`,
      display: { kind: "text", text: `Read ${target.shown} (empty)` },
    };
  }

  if (isImageFileName(target.abs) || isImageFileName(path))
    return readImageFile(files, { shown: target.shown, abs: target.abs, size: info.size }, ctx);
  const request: ReadRequest = { path, shown: target.shown, abs: target.abs, size: info.size, offset, limit };
  if (info.size <= READ_WHOLE_FILE_MAX_BYTES)
    return showWindow(await files.read(target.abs, ctx), undefined, request, ctx);
  // Too large to read whole: sniffed, then streamed, through one handle opened inside the workspace.
  const handle = await workspaceFs().openFile(ctx, target.abs);
  try {
    if (!(await handle.stat()).isFile()) return toolError(`${target.shown} is not a regular file.`);
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return await showWindow(buffer.subarray(0, bytesRead), handle, request, ctx);
  } finally {
    await handle.close();
  }
}

interface ReadRequest {
  /** As the model gave it. */
  path: string;
  shown: string;
  abs: string;
  size: number;
  offset: number;
  limit: number;
}

/** Classify `bytes` (the whole file, or with `stream` its first bytes) and show the window. */
async function showWindow(
  bytes: Uint8Array,
  stream: FileHandle | undefined,
  { path, shown, abs, size, offset, limit }: ReadRequest,
  ctx: ToolContext,
): Promise<ToolOutput> {
  const kind = classifyText(bytes, { partial: stream !== undefined });
  if (kind.kind === "binary") {
    if (stream === undefined && sniffImage(bytes)) return imageOutput(bytes, { shown, abs, size }, ctx);
    return toolError(
      `${shown} is a binary file (${size} bytes); read only shows text. ` +
        "Inspect it with bash if needed (e.g. `file`, `xxd | head`).",
    );
  }
  if (kind.kind === "non-utf8") {
    return toolError(
      `${shown} is not valid UTF-8 (${kind.invalidCount} invalid byte sequences; perhaps Latin-1 or another ` +
        "encoding); read only shows UTF-8 text. Inspect it with bash, e.g. `iconv -f latin1 -t utf-8 <file>`.",
    );
  }
  const window = stream
    ? await readWindowStreaming(stream, offset, limit)
    : readWindowWhole(kind.text, offset, limit);
  if (window.lines.length === 0) {
    const has = window.total !== undefined ? `it has ${window.total} lines` : "it has fewer lines";
    return toolError(`offset ${offset} is past the end of ${shown}; ${has}.`);
  }
  ctx.files.markRead(abs);
  // The path as the model gave it names the copy (identical later reads may point back to it).
  return { ...formatWindow(shown, window, offset, size), dedupeKey: `file read of ${path}` };
}

export const createReadTool = (files: FileAccess) =>
  defineTool({
    name: "read",
    description:
      `Read a UTF-8 text file: up to limit (default ${READ_DEFAULT_LIMIT}) lines from offset (1-based, default 1), ` +
      "each as `number<TAB>text`; a longer file says how to read on. Binary and non-UTF-8 files are reported, not shown.",
    properties: {
      path: { type: "string" },
      offset: { type: "integer", minimum: 1 },
      limit: { type: "integer", minimum: 1, maximum: 100000 },
    },
    required: ["path"],
    effect: "read",
    family: "fs",
    run: (input, ctx) => runRead(files, input, ctx),
  });

export const readTool = createReadTool(DISK_FILES);
