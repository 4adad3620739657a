/**
 * A `.gitignore` that would trap ripgrep. rg opens the `.gitignore` of the search folder, of the
 * folders above it and of every folder it enters with a plain blocking open: one that is a FIFO
 * blocks rg forever, a device feeds it without end. The JavaScript walk never opens such a file
 * (workspace-walk.ts), so when one is found the search stops rg and walks instead.
 *
 * Looking costs a walk of the folders, so it is done only for an rg run still going after
 * `RG_TRAP_CHECK_AFTER_MS` (a normal search has finished by then and pays nothing): the folders
 * above the search folder, then every folder the walk enters (those rg enters too: the same
 * `.gitignore` rules, `.git` and `node_modules` left out). Anything named `.gitignore` that exists
 * and is not a regular file (after following a symlink) is a trap.
 */
import { stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { listFolders } from "../workspace-walk.js";

export const RG_TRAP_CHECK_AFTER_MS = 1000;

async function isTrap(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && !info.isFile();
}

/** The first `.gitignore` rg searching `root` would open that is not a regular file, if any. */
export async function ignoreFileTrap(root: string, signal: AbortSignal): Promise<string | undefined> {
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    if (await isTrap(join(dir, ".gitignore"))) return join(dir, ".gitignore");
    if (dirname(dir) === dir) break;
  }
  const { folders } = await listFolders(root, {
    levels: Number.POSITIVE_INFINITY,
    includeIgnored: false,
    signal,
  });
  for (const [dir, entries] of folders) {
    const entry = entries.find((e) => e.name === ".gitignore");
    if (!entry || entry.isFile()) continue;
    if (await isTrap(join(dir, entry.name))) return join(dir, entry.name);
  }
  return undefined;
}
