/**
 * File operations by path: the fallback where Linux's /proc/self/fd is missing (macOS, a Linux
 * without /proc), so the no-follow walk (no-follow-walk.ts) cannot be done. The kernel follows
 * every symlink on the way, so a symlink swapped in after the boundary check (workspace-path.ts)
 * can still redirect these: on such systems only that check guards the workspace.
 *
 * `writeFile` is atomic: mkdir -p of the parent, a temporary file `.<name>.picasso-<random>.tmp`
 * beside the target (created exclusively), its permission bits copied from the target, then
 * renamed over it. `removeFile` is rm --force, `makeFolder` mkdir -p; `openFile` opens for
 * reading, `stat` follows symlinks (undefined when missing).
 */
import { randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
import {
  chmod,
  type FileHandle,
  mkdir,
  open,
  rename,
  rm,
  stat as statPath,
  writeFile as writeAt,
} from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { WorkspaceScope } from "../workspace-path.js";

async function writeFile(_scope: WorkspaceScope, abs: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(abs);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(abs)}.picasso-${randomBytes(6).toString("hex")}.tmp`);
  const previousMode = await statPath(abs).then(
    (s) => s.mode & 0o7777,
    () => undefined,
  );
  try {
    await writeAt(temp, data, { flag: "wx" });
    if (previousMode !== undefined) await chmod(temp, previousMode);
    await rename(temp, abs);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function removeFile(_scope: WorkspaceScope, abs: string): Promise<void> {
  await rm(abs, { force: true });
}

async function makeFolder(_scope: WorkspaceScope, abs: string): Promise<void> {
  await mkdir(abs, { recursive: true });
}

function openFile(_scope: WorkspaceScope, abs: string): Promise<FileHandle> {
  return open(abs, "r");
}

function stat(_scope: WorkspaceScope, abs: string): Promise<Stats | undefined> {
  return statPath(abs).catch(() => undefined);
}

export const BY_PATH_FILES = { writeFile, removeFile, makeFolder, openFile, stat };
