/**
 * A cache of parse results between sessions, so a start does not parse YAML it parsed before:
 * `$PICASSO_HOME/cache/<name>.json` maps the sha256 of a file's path and content to what parsing
 * that content gave (patch files' ops: composition/patch-cache.ts; descriptor files' YAML values:
 * catalog/descriptor-overlay.ts). The caller still reads every file and hashes its bytes, so a
 * changed file misses and is parsed again — the cache never answers for content it has not seen.
 *
 * The file is untrusted input, checked like the catalog state: read only as a regular file of at
 * most `MAX_PARSE_CACHE_BYTES`, of this format and of this build of the code (`codeStamp`: the
 * parsers may change between builds, the key would not), every value used checked by the caller's
 * validator; one that is damaged, stale or of another build is ignored and rewritten, never an
 * error. Only JSON-exact values are stored (`isJsonExact`): a value JSON cannot carry unchanged
 * (Infinity, -0, undefined) is parsed on every start instead. Writes go through a temporary file
 * and a rename, only when an entry was added, and keep at most `MAX_PARSE_CACHE_ENTRIES`.
 */
import { lstatSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "@picasso/protocol";
import { leanContextPackageDir } from "./package-dir.js";

export const PARSE_CACHE_FORMAT = 1;
export const MAX_PARSE_CACHE_BYTES = 4 * 1024 * 1024;
export const MAX_PARSE_CACHE_ENTRIES = 256;

/** Counters for tests and the start-up trace: how many parses a cache saved or could not. */
export interface ParseCacheStats {
  hits: number;
  misses: number;
  writes: number;
}
export const parseCacheStats: ParseCacheStats = { hits: 0, misses: 0, writes: 0 };

let stamp: string | undefined;
/** This build of the code: the URL of the module holding it, its size and modification time. */
export function codeStamp(): string {
  if (stamp === undefined) {
    const url = import.meta.url;
    try {
      const s = statSync(fileURLToPath(url));
      stamp = `${url}|${s.size}|${s.mtimeMs}`;
    } catch {
      stamp = url;
    }
  }
  return stamp;
}

export function parseCachePath(picassoHome: string, name: string): string {
  return join(picassoHome, "cache", `${name}.json`);
}

let seedDir: string | null | undefined;
/** Where the seed is read from: a folder, none (`null`), or the package's own (`undefined`). For
 *  tests and the seed's own build. */
export function setParseSeedDir(dir: string | null | undefined): void {
  seedDir = dir;
}

/**
 * The seed shipped with this package: the build (`scripts/parse-seed.mjs`, after `tsc`) parses
 * Picasso's own patch and descriptor files once into `dist/parse-seed/<name>.json`, so even a
 * first start with a fresh `$PICASSO_HOME` parses no YAML of its own. Keyed like the cache (path
 * and bytes: a moved checkout or an edited file simply misses), read-only, each value checked by
 * the same validator.
 */
export function parseSeedPath(name: string): string | undefined {
  if (seedDir === null) return undefined;
  if (seedDir !== undefined) return join(seedDir, `${name}.json`);
  try {
    return join(leanContextPackageDir(), "dist", "parse-seed", `${name}.json`);
  } catch {
    return undefined;
  }
}

/** The key of one file's content: its path and its bytes. */
export function contentKey(path: string, text: string): string {
  return sha256(`${path}\0${text}`);
}

/** Plain JSON data that survives `JSON.stringify` → `JSON.parse` unchanged. */
export function isJsonExact(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((v) => isJsonExact(v, depth + 1));
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.entries(value).every(([k, v]) => k !== "__proto__" && isJsonExact(v, depth + 1));
}

const HEX = /^[0-9a-f]{64}$/;

export class ParseCache<T> {
  private readonly entries = new Map<string, unknown>();
  private readonly seed = new Map<string, unknown>();
  private readonly used = new Set<string>();
  private dirty = false;
  /** Why the stored file was ignored, if it was (for tests; never shown as an error). */
  readonly note: string | undefined;

  constructor(
    readonly path: string,
    private readonly valid: (value: unknown) => value is T,
    seedPath?: string,
  ) {
    this.note = this.load(this.path, this.entries, true);
    if (seedPath) this.load(seedPath, this.seed, false);
  }

  /** Entries of a stored file into `into`; `sameBuild`: only of this build of the code. */
  private load(path: string, into: Map<string, unknown>, sameBuild: boolean): string | undefined {
    let text: string;
    try {
      const s = lstatSync(path);
      if (!s.isFile()) return "not a regular file";
      if (s.size > MAX_PARSE_CACHE_BYTES) return "too large";
      text = readFileSync(path, "utf8");
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : "unreadable";
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return "not valid JSON";
    }
    const v = value as { format?: unknown; code?: unknown; entries?: unknown };
    if (!v || typeof v !== "object" || v.format !== PARSE_CACHE_FORMAT) return "another format";
    if (sameBuild && v.code !== codeStamp()) return "another build";
    if (!v.entries || typeof v.entries !== "object" || Array.isArray(v.entries)) return "no entries";
    for (const [key, entry] of Object.entries(v.entries)) if (HEX.test(key)) into.set(key, entry);
    return undefined;
  }

  /** The stored value for this key, if there is one and it passes the validator. */
  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      // The shipped seed answers for Picasso's own files; it is never written to the home cache.
      const seeded = this.seed.get(key);
      if (seeded !== undefined && this.valid(seeded)) {
        parseCacheStats.hits++;
        return seeded;
      }
      parseCacheStats.misses++;
      return undefined;
    }
    if (!this.valid(value)) {
      this.entries.delete(key);
      this.dirty = true;
      parseCacheStats.misses++;
      return undefined;
    }
    this.used.add(key);
    parseCacheStats.hits++;
    return value;
  }

  set(key: string, value: T): void {
    if (!isJsonExact(value)) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.used.add(key);
    this.dirty = true;
  }

  /** Writes the file when an entry was added or dropped; never throws. */
  flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    // The entries used now are kept first; the others (older versions of files) while there is room.
    const keys = [...this.used, ...[...this.entries.keys()].reverse().filter((k) => !this.used.has(k))];
    const entries: Record<string, unknown> = {};
    for (const key of keys.slice(0, MAX_PARSE_CACHE_ENTRIES)) entries[key] = this.entries.get(key);
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      const temp = `${this.path}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ format: PARSE_CACHE_FORMAT, code: codeStamp(), entries }));
      renameSync(temp, this.path);
      parseCacheStats.writes++;
    } catch {
      // A cache that cannot be written only costs the next start a parse.
    }
  }
}
