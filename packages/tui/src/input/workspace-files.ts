/**
 * Workspace files for `@path` completion. The list is read once, lazily, by a breadth-first walk
 * of the workspace that skips `.git`, `node_modules`, build output (`dist`, `build`, `.turbo`,
 * `coverage`) and other hidden folders, and stops at `limit` entries so a huge tree never stalls
 * the prompt. Ranking for a partial path: a path starting with it, then a file name starting
 * with it, then any path containing it (case-insensitive); shorter paths first within a rank.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

const SKIPPED = new Set(["node_modules", "dist", "build", "coverage", ".git", ".turbo"]);

export function listWorkspaceFiles(root: string, limit = 20_000): string[] {
  const files: string[] = [];
  const queue = [root];
  while (queue.length > 0 && files.length < limit) {
    const dir = queue.shift()!;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (SKIPPED.has(entry.name) || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        queue.push(path);
        files.push(`${relative(root, path)}/`);
      } else files.push(relative(root, path));
      if (files.length >= limit) break;
    }
  }
  return files;
}

export function rankPaths(files: readonly string[], partial: string, max = 8): string[] {
  const q = partial.toLowerCase();
  const scored: { path: string; rank: number }[] = [];
  for (const path of files) {
    const p = path.toLowerCase();
    const name = p.replace(/\/$/, "").split("/").pop() ?? p;
    const rank = p.startsWith(q) ? 0 : name.startsWith(q) ? 1 : p.includes(q) ? 2 : -1;
    if (rank >= 0) scored.push({ path, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || a.path.length - b.path.length || a.path.localeCompare(b.path));
  return scored.slice(0, max).map((s) => s.path);
}
