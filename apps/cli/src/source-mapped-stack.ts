/**
 * A bug's stack in TypeScript positions, worked out only when a bug is reported.
 *
 * Node's own source-map support (`--enable-source-maps`, `process.setSourceMapsEnabled`) reads and
 * parses every chunk's map as the chunk loads — about 100 ms of CPU on the way to a ready session,
 * paid on every start for the rare stack that needs it. Instead, the frames of a stack that point
 * into the bundle (`…/dist/<chunk>.js:line:column`) are looked up here, in the `.map` file beside
 * that chunk (read once per chunk, with Node's `SourceMap`), and rewritten to the source's path,
 * line and column. A frame without a map, or a map that cannot be read, is left as it was: this
 * runs while reporting a failure and must never fail itself.
 */
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** `(file:///…/x.js:12:34)` or `at file:///…/x.js:12:34` — the location part of a V8 stack frame. */
const FRAME_LOCATION = /(file:\/\/[^\s()]+\.js|\/[^\s()]+\.js):(\d+):(\d+)/g;

export function sourceMappedStack(stack: string): string {
  const maps = new Map<string, SourceMap | undefined>();
  return stack.replace(FRAME_LOCATION, (whole, file: string, line: string, column: string) => {
    const path = file.startsWith("file://") ? fileURLToPath(file) : file;
    if (!maps.has(path)) maps.set(path, readMap(path));
    const map = maps.get(path);
    if (!map) return whole;
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (entry.originalSource === undefined || entry.originalLine === undefined) return whole;
    const source = entry.originalSource.startsWith("file://")
      ? fileURLToPath(entry.originalSource)
      : resolve(dirname(path), entry.originalSource);
    return `${source}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}`;
  });
}

function readMap(path: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8")));
  } catch {
    return undefined;
  }
}
