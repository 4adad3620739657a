/**
 * Images in the session log: stored once, by hash, beside the log (docs/images.md).
 *
 * An image block's base64 (`data`) would bloat every line that holds it (the user message, a
 * compaction's summary, a history repair) and every later read of the log. So the writer takes it
 * out: the image's bytes go to `<session-id>/images/<sha256>.<ext>` next to `<session-id>.jsonl`
 * (written once; an existing file is kept), and the line keeps the block's media type, size, hash
 * and name. Readers that rebuild what the model saw (resume, `rebuildRequests`) put `data` back
 * from that file. If the side file cannot be written (a full disk), the line keeps `data` inline,
 * so the log still replays; if it is gone when read, the block stays without `data` and the
 * provider adapters send a one-line text note in its place.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ImageBlock, LogEvent } from "@picasso/protocol";

const EXTENSIONS: Record<ImageBlock["mediaType"], string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** The event types whose lines can hold messages, so image blocks. */
const WITH_MESSAGES = new Set(["message", "compaction", "history_repair", "model_request"]);

/** `<log without .jsonl>/images`: where a session's images are kept. */
export function sessionImagesDir(logPath: string): string {
  return join(logPath.replace(/\.jsonl$/, ""), "images");
}

export function imageFilePath(dir: string, block: Pick<ImageBlock, "sha256" | "mediaType">): string {
  return join(dir, `${block.sha256}.${EXTENSIONS[block.mediaType]}`);
}

/** `event` as its line should hold it: image bytes moved to `dir` (the same object when none). */
export function storeEventImages(event: LogEvent, dir: string): LogEvent {
  if (!WITH_MESSAGES.has(event.type)) return event;
  return mapImages(event, (block) => {
    if (block.data === undefined) return block;
    const path = imageFilePath(dir, block);
    try {
      if (!existsSync(path)) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path, Buffer.from(block.data, "base64"), { flag: "wx" });
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return block;
    }
    const { data: _kept, ...rest } = block;
    return rest;
  });
}

/** `event` with each image's `data` read back from `dir` (left out when its file is missing). */
export function restoreEventImages(event: LogEvent, dir: string): LogEvent {
  if (!WITH_MESSAGES.has(event.type)) return event;
  return mapImages(event, (block) => {
    if (block.data !== undefined) return block;
    try {
      return { ...block, data: readFileSync(imageFilePath(dir, block)).toString("base64") };
    } catch {
      return block;
    }
  });
}

function isImage(value: unknown): value is ImageBlock {
  const v = value as { type?: unknown; sha256?: unknown } | null;
  return typeof v === "object" && v !== null && v.type === "image" && typeof v.sha256 === "string";
}

/** A copy of `value` with every image block through `f`; the same object where nothing changed. */
function mapImages<T>(value: T, f: (block: ImageBlock) => ImageBlock): T {
  if (isImage(value)) return f(value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const mapped = mapImages(item, f);
      if (mapped !== item) changed = true;
      return mapped;
    });
    return (changed ? out : value) as T;
  }
  if (typeof value === "object" && value !== null) {
    let out: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== "object" || item === null) continue;
      const mapped = mapImages(item, f);
      if (mapped !== item) {
        out ??= { ...(value as Record<string, unknown>) };
        out[key] = mapped;
      }
    }
    return (out ?? value) as T;
  }
  return value;
}
