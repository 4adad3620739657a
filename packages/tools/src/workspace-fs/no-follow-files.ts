/**
 * File operations that a symlink swap cannot redirect (Linux): each walks to the folder holding
 * the last component with the no-follow walk (no-follow-walk.ts) and then acts on that component
 * by name inside the folder's descriptor (`/proc/self/fd/<fd>/<name>`), only with calls that never
 * follow a symlink there.
 *
 * - `writeFile`: missing parent folders are created one by one through descriptors; the bytes go
 *   to a temporary file `.<name>.picasso-<random>.tmp` created with O_CREAT|O_EXCL|O_NOFOLLOW in
 *   that folder (mode 0666 less the umask, like any new file; an existing target's permission
 *   bits are copied to it), which is then renamed over `<name>` within the same folder. A reader
 *   or a crash sees the old bytes or the new, never half; a symlink swapped in at `<name>` is
 *   replaced, not written through. A folder at `<name>` is refused (EISDIR).
 * - `removeFile`: unlink through the descriptor (a symlink there would be removed itself, never
 *   what it points to); a missing file is no error, a folder is refused.
 * - `makeFolder`: mkdir -p, one component at a time through descriptors.
 * - `openFile` (for reading): O_RDONLY|O_NOFOLLOW|O_NONBLOCK through the descriptor; if a symlink
 *   took the last component's place after the walk looked at it (ELOOP), the walk is redone, so
 *   that symlink's target is checked like any other. O_NONBLOCK keeps a FIFO from blocking the
 *   open; callers check the kind with `handle.stat()`.
 * - `stat`: the lstat the walk made of the last component (a symlink there followed, checked).
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, type Stats } from "node:fs";
import { type FileHandle, mkdir, open, rename, unlink } from "node:fs/promises";
import type { WorkspaceScope } from "../workspace-path.js";
import { atFd, MAX_LINK_HOPS, type WalkedParent, walkToParent } from "./no-follow-walk.js";

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK } = constants;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

function errno(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Walk to `abs`'s folder, run `act` there, and always close the folder's descriptor. */
async function inParent<T>(
  scope: WorkspaceScope,
  abs: string,
  createParents: boolean,
  act: (at: WalkedParent) => Promise<T>,
): Promise<T> {
  const at = walkToParent(scope, abs, { createParents });
  try {
    return await act(at);
  } finally {
    closeSync(at.dirFd);
  }
}

async function writeFile(scope: WorkspaceScope, abs: string, data: string | Uint8Array): Promise<void> {
  await inParent(scope, abs, true, async (at) => {
    if (at.info?.isDirectory()) throw errno("EISDIR", `${abs} is a folder`);
    const temp = atFd(at.dirFd, `.${at.name}.picasso-${randomBytes(6).toString("hex")}.tmp`);
    const handle = await open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666);
    try {
      try {
        await handle.writeFile(data);
        if (at.info) await handle.chmod(at.info.mode & 0o7777);
      } finally {
        await handle.close();
      }
      await rename(temp, atFd(at.dirFd, at.name));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  });
}

async function removeFile(scope: WorkspaceScope, abs: string): Promise<void> {
  try {
    await inParent(scope, abs, false, async (at) => {
      if (!at.info) return;
      if (at.info.isDirectory()) throw errno("EISDIR", `${abs} is a folder, not a file`);
      await unlink(atFd(at.dirFd, at.name));
    });
  } catch (error) {
    // A missing parent folder means a missing file: like rm --force, nothing to do.
    if (codeOf(error) !== "ENOENT") throw error;
  }
}

async function makeFolder(scope: WorkspaceScope, abs: string): Promise<void> {
  await inParent(scope, abs, true, async (at) => {
    if (at.info?.isDirectory()) return;
    if (at.info) throw errno("EEXIST", `${abs} exists and is not a folder`);
    await mkdir(atFd(at.dirFd, at.name), 0o777).catch((error: unknown) => {
      if (codeOf(error) !== "EEXIST") throw error;
    });
  });
}

async function openFile(scope: WorkspaceScope, abs: string): Promise<FileHandle> {
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    const handle = await inParent(scope, abs, false, async (at) => {
      if (!at.info) throw errno("ENOENT", `${abs} does not exist`);
      return open(atFd(at.dirFd, at.name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch((error: unknown) => {
        // ELOOP: a symlink took the last component's place after the walk looked; walk again.
        if (codeOf(error) === "ELOOP") return undefined;
        throw error;
      });
    });
    if (handle) return handle;
  }
  throw errno("ELOOP", `${abs} keeps changing into a symlink; try again`);
}

async function stat(scope: WorkspaceScope, abs: string): Promise<Stats | undefined> {
  try {
    return await inParent(scope, abs, false, async (at) => at.info);
  } catch (error) {
    if (codeOf(error) === "ENOENT" || codeOf(error) === "ENOTDIR") return undefined;
    throw error;
  }
}

export const NO_FOLLOW_FILES = { writeFile, removeFile, makeFolder, openFile, stat };
