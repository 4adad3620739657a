/**
 * Walking the files of a folder the way a developer sees the project.
 *
 * Rules: `.git` and `node_modules` folders are never entered; `.gitignore` files are honoured
 * at every level, from the workspace root down to each folder visited (rules of a deeper file are
 * applied after those above it, so its `!pattern` can re-include a path); symlinks are not
 * followed (no loops, no escapes). A start folder that is itself ignored is searched anyway
 * (the caller named it), without the rules above it. Entries are visited in name order, so results are stable.
 */
import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import ignore, { type Ignore } from "ignore";
import { isInside } from "./workspace-path.js";

const ALWAYS_SKIPPED = new Set([".git", "node_modules"]);

interface IgnoreLevel {
  base: string;
  rules: Ignore;
}

async function loadLevel(dir: string): Promise<IgnoreLevel | undefined> {
  const text = await readFile(join(dir, ".gitignore"), "utf8").catch(() => undefined);
  return text === undefined ? undefined : { base: dir, rules: ignore().add(text) };
}

function isIgnored(levels: IgnoreLevel[], abs: string, isDir: boolean): boolean {
  let ignored = false;
  for (const level of levels) {
    const rel = relative(level.base, abs).split(sep).join("/");
    if (rel === "" || rel === ".." || rel.startsWith("../")) continue;
    const result = level.rules.test(isDir ? `${rel}/` : rel);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** `.gitignore` levels of the folders from `root` down to (excluding) `start`. */
async function ancestorLevels(root: string, start: string): Promise<IgnoreLevel[]> {
  if (!isInside(root, start) || root === start) return [];
  const chain: string[] = [];
  for (let dir = dirname(start); isInside(root, dir); dir = dirname(dir)) {
    chain.unshift(dir);
    if (dir === root) break;
  }
  const levels = await Promise.all(chain.map(loadLevel));
  return levels.filter((l): l is IgnoreLevel => l !== undefined);
}

export interface WalkOptions {
  workspaceRoot: string;
  signal?: AbortSignal;
}

/** Every non-ignored regular file under `start`, as absolute paths, in a stable order. */
export async function* walkFiles(start: string, options: WalkOptions): AsyncGenerator<string> {
  const inherited = await ancestorLevels(options.workspaceRoot, start);
  async function* visit(dir: string, levels: IgnoreLevel[]): AsyncGenerator<string> {
    if (options.signal?.aborted) return;
    const own = await loadLevel(dir);
    const here = own ? [...levels, own] : levels;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED.has(entry.name) || isIgnored(here, abs, true)) continue;
        yield* visit(abs, here);
      } else if (entry.isFile() && !isIgnored(here, abs, false)) {
        yield abs;
      }
    }
  }
  // A folder named explicitly is searched even when it is itself ignored (e.g. `dist`).
  yield* visit(start, isIgnored(inherited, start, true) ? [] : inherited);
}
