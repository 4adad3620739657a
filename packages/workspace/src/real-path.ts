/**
 * A path as the file system resolves it (links followed), or — when it does not exist or cannot be
 * read — the path itself, resolved: the one way Picasso names a place stably for keys and
 * comparisons (trust approvals, the session's workspace, skill folders, the CLI's own entry).
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";

export function realPathOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
