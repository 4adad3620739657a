/**
 * The simulated prompt cache kept on disk, so it outlives one process the way a provider's cache
 * does: `picasso -p … --provider mock` and a later `--continue` within the TTL read the cached
 * prefix instead of reporting a drop. One JSON file per PICASSO_HOME (`mock-cache.json`):
 * `{version: 1, entries: {anthropic, openai}}` with absolute expiry times; expired entries are
 * dropped on every save. Saving merges with what is on disk (each key keeps the later expiry), so
 * two processes add up instead of overwriting each other, and writes go to a temporary file that
 * is renamed over the old one, so a reader never sees half a file. A missing, unreadable or
 * malformed file is an empty cache — never an error: it is only a simulation.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { CacheEntries, CacheSimulator } from "./cache-simulator.js";

interface CacheFile {
  version: 1;
  entries: CacheEntries;
}

export function loadCacheEntries(path: string): CacheEntries | undefined {
  try {
    const file = JSON.parse(readFileSync(path, "utf8")) as Partial<CacheFile>;
    const entries = file.version === 1 ? file.entries : undefined;
    return entries && Array.isArray(entries.anthropic) && Array.isArray(entries.openai) ? entries : undefined;
  } catch {
    return undefined;
  }
}

/** Write the simulator's live entries, merged with the file's. A failed write is ignored. */
export function saveCacheEntries(path: string, cache: CacheSimulator): void {
  const onDisk = loadCacheEntries(path);
  if (onDisk) cache.adopt(onDisk);
  const file: CacheFile = { version: 1, entries: cache.entries() };
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, JSON.stringify(file));
    renameSync(temporary, path);
  } catch {
    // A simulation: a cache that cannot be kept is a cold cache next time, nothing worse.
  }
}
