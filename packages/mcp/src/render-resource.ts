/**
 * What the model sees of a `resources/read` result (`__read__`), each content in turn:
 * - text: a `[resource <uri> (<mime>)]` line and the text, cut at `MAX_RESOURCE_TEXT_CHARS`
 *   (the engine then cuts and spills a long output like any tool output);
 * - a blob that is a PNG, JPEG, GIF or WebP: an image block the model looks at, capped and
 *   downscaled by @picasso/images exactly as the `read` tool's images, with one line naming it;
 * - any other blob: its bytes saved in the session's spill folder under a name made here (never
 *   one the server gave), and one line naming the file, the MIME type and the size — never base64
 *   in context. A blob over `MAX_RESOURCE_BLOB_BYTES` is not decoded at all.
 * Secret values are masked in the text.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { describeImage, prepareImage } from "@picasso/images";
import { formatByteSize, type ImageBlock, type ToolOutput } from "@picasso/protocol";

export const MAX_RESOURCE_TEXT_CHARS = 400_000;
export const MAX_RESOURCE_BLOB_BYTES = 20 * 1024 * 1024;
const MAX_CONTENTS = 50;

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/json": "json",
  "application/zip": "zip",
  "application/gzip": "gz",
  "text/plain": "txt",
  "text/markdown": "md",
  "text/html": "html",
  "text/csv": "csv",
  "audio/wav": "wav",
  "audio/mpeg": "mp3",
  "image/svg+xml": "svg",
};

/** Where blobs go: the session's spill folder and a label unique to this read. */
export interface BlobPlace {
  spillDir: string;
  label: string;
}

export function renderResourceContents(
  result: ReadResourceResult,
  place: BlobPlace,
  mask: (text: string) => string,
): ToolOutput {
  const parts: string[] = [];
  const images: ImageBlock[] = [];
  const contents = Array.isArray(result.contents) ? result.contents : [];
  contents.slice(0, MAX_CONTENTS).forEach((content, index) => {
    const uri = oneLine(String(content.uri ?? ""));
    const mime = typeof content.mimeType === "string" ? oneLine(content.mimeType).slice(0, 100) : undefined;
    if ("text" in content && typeof content.text === "string") {
      const text = content.text;
      const cut = text.length > MAX_RESOURCE_TEXT_CHARS;
      parts.push(`[resource ${uri}${mime ? ` (${mime})` : ""}]`);
      parts.push(
        cut
          ? `${text.slice(0, MAX_RESOURCE_TEXT_CHARS)}\n[… cut at ${MAX_RESOURCE_TEXT_CHARS} characters of ${text.length}]`
          : text,
      );
      return;
    }
    if ("blob" in content && typeof content.blob === "string") {
      parts.push(
        blobLine(content.blob, uri, mime, { ...place, label: `${place.label}-${index + 1}` }, images),
      );
      return;
    }
    parts.push(`[resource ${uri}: content of an unknown kind, not shown]`);
  });
  if (contents.length > MAX_CONTENTS)
    parts.push(`[${contents.length - MAX_CONTENTS} more contents not shown]`);
  const content = mask(parts.join("\n").trim() || "(the resource has no contents)");
  return images.length ? { content, images } : { content };
}

function blobLine(
  base64: string,
  uri: string,
  mime: string | undefined,
  place: BlobPlace,
  images: ImageBlock[],
): string {
  const approxBytes = Math.floor((base64.length * 3) / 4);
  if (approxBytes > MAX_RESOURCE_BLOB_BYTES)
    return `[resource ${uri}: ${mime ?? "binary"} blob of about ${formatByteSize(approxBytes)}, over ${formatByteSize(MAX_RESOURCE_BLOB_BYTES)}: not read]`;
  const bytes = Buffer.from(base64, "base64");
  const prepared = prepareImage(bytes, `resource ${images.length + 1}`);
  if (prepared.ok) {
    images.push(prepared.block);
    const from = prepared.downscaledFrom
      ? `, downscaled from ${prepared.downscaledFrom.width}×${prepared.downscaledFrom.height}`
      : "";
    return `[resource ${uri}: image ${describeImage(prepared.block)}${from}; the image follows]`;
  }
  const ext = (mime && EXTENSIONS[mime]) ?? (mime?.startsWith("image/") ? "img" : "bin");
  const file = join(place.spillDir, `${place.label}.${ext}`);
  try {
    mkdirSync(place.spillDir, { recursive: true });
    writeFileSync(file, bytes);
    return `[resource ${uri}: ${mime ?? "binary"} blob, ${formatByteSize(bytes.length)} (${bytes.length} bytes), saved to ${file}]`;
  } catch {
    return `[resource ${uri}: ${mime ?? "binary"} blob, ${formatByteSize(bytes.length)}, could not be saved]`;
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 1000 ? `${line.slice(0, 997)}...` : line;
}
