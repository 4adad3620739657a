/**
 * Walking the files of a folder the way a developer (and ripgrep) sees the project.
 *
 * Rules: `.git` and `node_modules` folders are never entered; `.gitignore` files are honoured at
 * every level, from the filesystem root down to each folder visited, as ripgrep does (rules of a
 * deeper file are applied after those above it, so its `!pattern` can re-include a path); other
 * dot files are walked like any file; symlinks are not followed (no loops, no escapes); only
 * regular files are listed (never a FIFO, socket or device), and a `.gitignore` that is not a
 * regular file (a FIFO would block its reader forever) is never opened and has no rules. A start
 * folder that is itself ignored is walked anyway (the caller named it), without the rules above
 * it. The walk is tinyglobby's (fdir); the `.gitignore` rules are applied as each folder is read,
 * so an ignored folder is never entered. Results are in walk order (`compareWalkOrder`): by path,
 * one segment at a time, which is also the order a depth-first walk in name order gives.
 */
import type { Dirent } from "node:fs";
import { readdir as readdirCallback } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { readBoundedFile } from "@picasso/workspace";
import ignore, { type Ignore } from "ignore";
import { glob } from "tinyglobby";

export const ALWAYS_SKIPPED = new Set([".git", "node_modules"]);

export interface IgnoreLevel {
  base: string;
  rules: Ignore;
}

/** The most of one `.gitignore` that is read (ripgrep reads it whole; none is ever this large). */
const IGNORE_FILE_READ_BYTES = 8 * 1024 * 1024;

export async function loadIgnoreLevel(dir: string): Promise<IgnoreLevel | undefined> {
  const read = readBoundedFile(join(dir, ".gitignore"), IGNORE_FILE_READ_BYTES);
  return read.kind === "text" ? { base: dir, rules: ignore().add(read.bytes.toString("utf8")) } : undefined;
}

/** Whether `abs` is ignored by the levels, applied outermost first (a later `!rule` re-includes). */
export function isIgnored(levels: readonly IgnoreLevel[], abs: string, isDir: boolean): boolean {
  let ignored = false;
  for (const level of levels) {
    // Plain slicing, not path.relative: this runs for every entry of the walk.
    const base = level.base.endsWith(sep) ? level.base : `${level.base}${sep}`;
    if (!abs.startsWith(base)) continue;
    const rel = sep === "/" ? abs.slice(base.length) : abs.slice(base.length).split(sep).join("/");
    const result = level.rules.test(isDir ? `${rel}/` : rel);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** `.gitignore` levels of the folders above `start`, outermost first. */
export async function ancestorIgnoreLevels(start: string): Promise<IgnoreLevel[]> {
  const chain: string[] = [];
  for (let dir = dirname(start); ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  const levels = await Promise.all(chain.map(loadIgnoreLevel));
  return levels.filter((l): l is IgnoreLevel => l !== undefined);
}

/** The levels a walk from `start` inherits: those above it, or none when they ignore `start`. */
export async function inheritedIgnoreLevels(start: string): Promise<IgnoreLevel[]> {
  const above = await ancestorIgnoreLevels(start);
  return isIgnored(above, start, true) ? [] : above;
}

/** Order of walk results: by relative path one segment at a time (`a/b` before `a.txt`). */
export function compareWalkOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    if (ca === 47) return -1; // "/" ends a segment: the shorter name sorts first
    if (cb === 47) return 1;
    return ca - cb;
  }
  return a.length - b.length;
}

export interface WalkOptions {
  signal?: AbortSignal;
}

type ReaddirCallback = (error: NodeJS.ErrnoException | null, entries: Dirent[]) => void;

interface CrawlOptions extends WalkOptions {
  /** Folder levels read below `root` (0: only `root`); default all. */
  deep?: number;
  onlyFiles: boolean;
  /** Keep ignored entries too (they are still counted). */
  includeIgnored?: boolean;
  /** Each folder read, with the entries kept and how many the rules dropped. */
  onFolder?: (dir: string, kept: Dirent[], ignored: number) => void;
}

/**
 * tinyglobby (fdir) over `root`, reading each folder through an adapter that applies the rules:
 * ignored entries are dropped before fdir sees them, and a `.git` / `node_modules` folder is
 * kept as an entry but read as empty. Returns paths relative to `root`, in fdir's order.
 */
function crawl(root: string, options: CrawlOptions): Promise<string[]> {
  const levelsOf = new Map<string, Promise<IgnoreLevel[]>>();
  levelsOf.set(dirname(root), inheritedIgnoreLevels(root));
  const levelsFor = (dir: string): Promise<IgnoreLevel[]> => {
    let levels = levelsOf.get(dir);
    if (!levels) {
      levels = Promise.all([levelsFor(dirname(dir)), loadIgnoreLevel(dir)]).then(([above, own]) =>
        own ? [...above, own] : above,
      );
      levelsOf.set(dir, levels);
    }
    return levels;
  };
  const readdir = (path: string, opts: { withFileTypes: true }, done: ReaddirCallback) => {
    const dir = resolve(path);
    if (dir !== root && ALWAYS_SKIPPED.has(basename(dir))) return done(null, []);
    readdirCallback(dir, opts, (error, entries) => {
      if (error) return done(error, []);
      levelsFor(dir).then(
        (levels) => {
          let ignored = 0;
          const kept = entries.filter((entry) => {
            const isDir = entry.isDirectory();
            if (isDir && ALWAYS_SKIPPED.has(entry.name)) return true;
            if (!isIgnored(levels, join(dir, entry.name), isDir)) return true;
            ignored++;
            return options.includeIgnored === true;
          });
          options.onFolder?.(dir, kept, ignored);
          done(null, kept);
        },
        (failure: NodeJS.ErrnoException) => done(failure, []),
      );
    });
  };
  return glob("**", {
    cwd: root,
    dot: true,
    onlyFiles: options.onlyFiles,
    followSymbolicLinks: false,
    expandDirectories: false,
    // fdir only ever calls readdir(path, { withFileTypes: true }, callback); the adapter is
    // typed for that form, not for all of fs.readdir's overloads.
    fs: { readdir: readdir as unknown as typeof readdirCallback },
    ...(options.deep !== undefined ? { deep: options.deep } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** Every non-ignored regular file under `start`, as absolute paths, in walk order. */
export async function walkFiles(start: string, options: WalkOptions = {}): Promise<string[]> {
  const root = resolve(start);
  const found = await crawl(root, { ...options, onlyFiles: true });
  found.sort(compareWalkOrder);
  return found.map((rel) => join(root, rel));
}

export interface FolderListings {
  /** Entries of each folder read (absolute path), as the rules keep them, unsorted. */
  folders: Map<string, Dirent[]>;
  /** Entries the rules dropped, over all folders read. */
  ignored: number;
}

/** The folders `levels` deep under `start` (1: `start` alone), each with its entries. */
export async function listFolders(
  start: string,
  options: WalkOptions & { levels: number; includeIgnored: boolean },
): Promise<FolderListings> {
  const listings: FolderListings = { folders: new Map(), ignored: 0 };
  await crawl(resolve(start), {
    ...options,
    onlyFiles: false,
    deep: options.levels - 1,
    onFolder: (dir, kept, ignored) => {
      listings.folders.set(dir, kept);
      listings.ignored += ignored;
    },
  });
  return listings;
}
