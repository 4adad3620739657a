/**
 * Patch files parsed once per content: `$PICASSO_HOME/cache/patch-files.json` (io/parse-cache.ts)
 * maps a file's path and bytes to its parsed items — its ops, each at its file and line, with its
 * `include:`s left as markers that load-composition.ts resolves on every load (the included file
 * is read and looked up in turn), so a change to any file of a chain misses for that file only.
 *
 * A cached entry is checked before use as strictly as the parser checks YAML: the known op kinds
 * with their fields and nothing else, names and settings as patch-file.ts accepts them, every
 * position in the file being read. A malformed entry is dropped and the file parsed again.
 * Only files that parse without error are stored; a file with a mistake is parsed (and its error
 * reported) on every load.
 */
import { type ParseCache as Cache, ParseCache, parseCachePath, parseSeedPath } from "../io/parse-cache.js";
import type { PatchOp, SourcePos } from "./patch-file.js";
import { checkSetting, isSettingKey } from "./settings.js";

/** An `include:` left for the loader: the path as written, where it was and its field. */
export interface IncludeMarker {
  kind: "include";
  target: string;
  at: SourcePos;
  field: string;
}

export type PatchItem = PatchOp | IncludeMarker;

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const TIERS = new Set(["core", "deferred"]);
const TARGETS = new Set(["tool", "section", "plugin"]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const text = (v: unknown): v is string => typeof v === "string" && v.length > 0;
const keysIn = (v: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(v).every((k) => allowed.includes(k));
const pos = (v: unknown, file: string) =>
  isRecord(v) &&
  keysIn(v, ["file", "line"]) &&
  v.file === file &&
  Number.isInteger(v.line) &&
  (v.line as number) >= 1;
const finite = (v: unknown) => typeof v === "number" && Number.isFinite(v);

/** Whether one cached item is an op (or include) patch-file.ts could have made from `file`. */
export function isPatchItem(item: unknown, file: string): item is PatchItem {
  if (!isRecord(item) || !pos(item.at, file)) return false;
  const row = item.row as Record<string, unknown>;
  switch (item.kind) {
    case "insert-tool":
      return (
        keysIn(item, ["kind", "row", "at"]) &&
        isRecord(row) &&
        keysIn(row, ["name", "tier", "family"]) &&
        text(row.name) &&
        TOOL_NAME.test(row.name) &&
        TIERS.has(row.tier as string) &&
        text(row.family)
      );
    case "insert-section":
      return (
        keysIn(item, ["kind", "row", "at"]) &&
        isRecord(row) &&
        keysIn(row, ["id", "order"]) &&
        text(row.id) &&
        finite(row.order)
      );
    case "insert-plugin":
      return (
        keysIn(item, ["kind", "row", "at"]) &&
        isRecord(row) &&
        keysIn(row, ["name", "config"]) &&
        text(row.name) &&
        isRecord(row.config)
      );
    case "set-setting":
      return (
        keysIn(item, ["kind", "key", "value", "at"]) &&
        typeof item.key === "string" &&
        isSettingKey(item.key) &&
        checkSetting(item.key, item.value) === undefined
      );
    case "override-tool":
      return (
        keysIn(item, ["kind", "name", "tier", "family", "at"]) &&
        text(item.name) &&
        TOOL_NAME.test(item.name) &&
        (!("tier" in item) || TIERS.has(item.tier as string)) &&
        (!("family" in item) || text(item.family))
      );
    case "override-section":
      return keysIn(item, ["kind", "id", "order", "at"]) && text(item.id) && finite(item.order);
    case "override-plugin":
      return keysIn(item, ["kind", "name", "config", "at"]) && text(item.name) && isRecord(item.config);
    case "disable":
      return (
        keysIn(item, ["kind", "target", "name", "at"]) &&
        TARGETS.has(item.target as string) &&
        text(item.name)
      );
    case "include":
      return keysIn(item, ["kind", "target", "at", "field"]) && text(item.target) && text(item.field);
    default:
      return false;
  }
}

/** A stored entry: the file it was parsed from (positions must name it) and its items. */
interface Entry {
  file: string;
  items: PatchItem[];
}

const isEntry = (v: unknown): v is Entry =>
  isRecord(v) &&
  keysIn(v, ["file", "items"]) &&
  typeof v.file === "string" &&
  Array.isArray(v.items) &&
  v.items.every((item) => isPatchItem(item, v.file as string));

export type PatchCache = Cache<Entry>;

/** The cache in `$PICASSO_HOME` over the seed shipped with the package (io/parse-cache.ts). */
export function openPatchCache(picassoHome: string, seed = true): PatchCache {
  return new ParseCache(
    parseCachePath(picassoHome, "patch-files"),
    isEntry,
    seed ? parseSeedPath("patch-files") : undefined,
  );
}
