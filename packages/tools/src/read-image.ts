/**
 * `read` on an image file (PNG, JPEG, GIF, WebP — by name, or by its bytes when a binary file turns
 * out to be one): the result is one line describing the image plus the image itself, capped and
 * downscaled by @picasso/images, for the model to look at (docs/images.md). The workspace boundary
 * is the text read's (`resolveWorkspacePath`, workspace-fs). A file over the read cap, or one that
 * is not an image or is too large to downscale, is a one-line error result; the session goes on.
 * `loadWorkspaceImage` is the same read for an image a person names in a prompt (the surface's
 * prompt-image resolver).
 */

import { describeImage, MAX_IMAGE_FILE_BYTES, prepareImage } from "@picasso/images";
import { formatByteSize, type ImageBlock, type ToolContext, type ToolOutput } from "@picasso/protocol";
import { toolError } from "./define-tool.js";
import { DISK_FILES, type FileAccess } from "./file-access.js";
import { workspaceFs } from "./workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "./workspace-path.js";

export interface ImageRead {
  shown: string;
  abs: string;
  size: number;
}

/** Read and prepare the image at `abs` (its size already known from a stat). */
export async function readImageFile(
  files: FileAccess,
  file: ImageRead,
  ctx: ToolContext,
): Promise<ToolOutput> {
  if (file.size > MAX_IMAGE_FILE_BYTES)
    return toolError(
      `${file.shown} is ${formatByteSize(file.size)}; images over ${formatByteSize(MAX_IMAGE_FILE_BYTES)} are not read. Make a smaller copy first.`,
    );
  return imageOutput(await files.read(file.abs, ctx), file, ctx);
}

/** The tool output for image bytes already read. */
export function imageOutput(bytes: Uint8Array, file: ImageRead, ctx: ToolContext): ToolOutput {
  const prepared = prepareImage(bytes, file.shown);
  if (!prepared.ok) return toolError(`${file.shown} cannot be shown as an image: it is ${prepared.reason}.`);
  ctx.files.markRead(file.abs);
  const from = prepared.downscaledFrom
    ? `, downscaled from ${prepared.downscaledFrom.width}×${prepared.downscaledFrom.height}`
    : "";
  const line = `Image ${describeImage(prepared.block)}${from}; the image follows.`;
  return {
    content: line,
    images: [prepared.block],
    display: { kind: "text", text: `Read ${describeImage(prepared.block)}${from}` },
  };
}

/** Why a named image file did not become an image block (`missing`: nothing is at the path). */
export type WorkspaceImage =
  | { ok: true; block: ImageBlock; downscaledFrom?: { width: number; height: number } }
  | { ok: false; missing: boolean; reason: string };

/**
 * An image file a person named (`@shot.png`, a dropped path, `--image`), read as `read` would:
 * relative to `scope.cwd`, inside the workspace unless the user allowed the path, a regular file
 * within the read cap, then capped and downscaled.
 */
export async function loadWorkspaceImage(
  scope: Pick<ToolContext, "cwd" | "workspaceRoot" | "isOutsideAllowed">,
  path: string,
): Promise<WorkspaceImage> {
  const target = resolveWorkspacePath(scope, path);
  if (!target.ok)
    return {
      ok: false,
      missing: false,
      reason: target.error.includes("outside the workspace")
        ? "it is outside the workspace (copy it in, or allow its folder: allowedOutsidePaths)"
        : target.error,
    };
  const info = await workspaceFs().stat(scope, target.abs);
  if (!info) return { ok: false, missing: true, reason: "no such file" };
  if (!info.isFile()) return { ok: false, missing: false, reason: "not a regular file" };
  if (info.size > MAX_IMAGE_FILE_BYTES)
    return {
      ok: false,
      missing: false,
      reason: `${formatByteSize(info.size)}, over the ${formatByteSize(MAX_IMAGE_FILE_BYTES)} image read cap`,
    };
  const prepared = prepareImage(await DISK_FILES.read(target.abs, scope), target.shown);
  if (!prepared.ok) return { ok: false, missing: false, reason: prepared.reason };
  return prepared;
}
