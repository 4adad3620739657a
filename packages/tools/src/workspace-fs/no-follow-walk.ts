/**
 * The no-follow walk (Linux): reach the folder that holds a path's last component so that no
 * symlink appearing on the way — say one a background process swaps in between the boundary check
 * (workspace-path.ts) and the operation — can take the operation outside the workspace.
 *
 * Node has no openat(2), but on Linux opening `/proc/self/fd/<fd>/<name>` does the same: the
 * kernel resolves the magic link `/proc/self/fd/<fd>` to the very folder the descriptor holds (not
 * to a path that could have been swapped since) and looks `name` up in it. Checked on Linux 6.x:
 * a folder renamed away after it was opened still receives what is created through its
 * descriptor; open(O_DIRECTORY|O_NOFOLLOW) of a symlink fails (ENOTDIR, or ELOOP); open(O_NOFOLLOW)
 * of a symlinked file fails with ELOOP; open(O_CREAT|O_EXCL) of a dangling symlink fails with
 * EEXIST and creates nothing; rename, unlink, mkdir, lstat and readlink through the magic link
 * act on the last component itself, never on what a symlink there points to.
 *
 * The walk (`walkToParent(scope, abs)`; `abs` absolute and normalised, as workspace-path.ts gives):
 * 1. The anchor is opened by path: the real workspace root when `abs` lies inside it, else `/`
 *    (a path outside that the user allowed). The root is real and above the reach of the tools.
 * 2. Each folder component is opened with O_RDONLY|O_DIRECTORY|O_NOFOLLOW through the previous
 *    folder's descriptor, which is then closed. With `createParents`, a missing folder is made
 *    with mkdir through the descriptor, then opened the same way.
 * 3. A component that is a symlink is followed only after its target is read through the
 *    descriptor (readlink of `/proc/self/fd/<fd>/<name>`) and resolved lexically against the
 *    folder it lies in (the path walked so far), the rest of the path appended. That new path must
 *    lie inside the workspace or be allowed by the user (`isOutsideAllowed`); otherwise the walk
 *    is refused with a `WorkspaceEscapeError` and nothing is touched. An accepted path is walked
 *    again from its anchor (steps 1–3), at most `MAX_LINK_HOPS` times.
 * 4. The last component is lstat-ed through the descriptor; a symlink there is treated as in
 *    step 3. Anything else (or nothing) is returned with the folder's descriptor, and the caller
 *    acts on the last component by name inside that folder, with operations that never follow a
 *    symlink there (workspace-fs/no-follow-files.ts).
 * A component that flips between a symlink and a folder while it is looked at is looked at again,
 * up to 64 times, then the walk gives up with an error (EAGAIN) saying so.
 *
 * What it guarantees: every folder the operation passes through was, when opened, reached from
 * the anchor through real folders and checked symlinks only; the operation then happens in the
 * folder the last descriptor holds, even if that folder is renamed meanwhile. Where Linux's
 * /proc/self/fd is missing (macOS, a Linux without /proc) `hasProcSelfFd()` is false and the
 * file operations fall back to paths (workspace-fs/by-path-files.ts).
 */
import { closeSync, constants, lstatSync, mkdirSync, openSync, readlinkSync, type Stats } from "node:fs";
import { join, resolve, sep } from "node:path";
import { isInside, realPathOf, type WorkspaceScope } from "../workspace-path.js";

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = constants;

/** Symlinks followed on the way to one path (Linux's own limit is 40). */
export const MAX_LINK_HOPS = 32;
/** Looks at one component that keeps changing kind (symlink ⇄ folder) before giving up. */
const MAX_FLIPS = 64;

/** A symlink on the way whose target leaves the workspace (and was not allowed). */
export class WorkspaceEscapeError extends Error {
  override readonly name = "WorkspaceEscapeError";
}

/** The path that names `name` inside the folder descriptor `fd` holds. */
export function atFd(fd: number, name: string): string {
  return `/proc/self/fd/${fd}/${name}`;
}

let procSelfFd: boolean | undefined;

/** Whether `/proc/self/fd/<fd>/<name>` reaches into the folder a descriptor holds (Linux with /proc). */
export function hasProcSelfFd(): boolean {
  if (procSelfFd !== undefined) return procSelfFd;
  procSelfFd = false;
  if (process.platform !== "linux") return procSelfFd;
  try {
    const fd = openSync("/", O_RDONLY | O_DIRECTORY);
    try {
      const viaFd = lstatSync(atFd(fd, "."));
      const direct = lstatSync("/");
      procSelfFd = viaFd.ino === direct.ino && viaFd.dev === direct.dev;
    } finally {
      closeSync(fd);
    }
  } catch {
    procSelfFd = false;
  }
  return procSelfFd;
}

export interface WalkedParent {
  /** The descriptor of the folder holding the last component; the caller closes it. */
  dirFd: number;
  /** That folder's path as walked (where it was when it was opened). */
  dirPath: string;
  /** The last component. */
  name: string;
  /** lstat of the last component when it was looked at: never a symlink; undefined if missing. */
  info: Stats | undefined;
}

interface Link {
  /** The symlink's own path, as walked. */
  linkPath: string;
  target: string;
  /** Where the walk continues: the target resolved in its folder, the rest appended. */
  next: string;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

function lstatAt(fd: number, name: string): Stats | undefined {
  try {
    return lstatSync(atFd(fd, name));
  } catch (error) {
    if (codeOf(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** The target of the symlink `name` in `fd`, or undefined when it is no longer a symlink. */
function readLinkAt(fd: number, name: string): string | undefined {
  try {
    return readlinkSync(atFd(fd, name));
  } catch (error) {
    if (codeOf(error) === "EINVAL" || codeOf(error) === "ENOENT") return undefined;
    throw error;
  }
}

function errno(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Open the folder `name` inside `fd` without following a symlink: its descriptor, or the symlink's target. */
function openFolderAt(
  fd: number,
  dirPath: string,
  name: string,
  create: boolean,
): number | { target: string } {
  const path = join(dirPath, name);
  for (let look = 0; look < MAX_FLIPS; look++) {
    try {
      return openSync(atFd(fd, name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    } catch (error) {
      const code = codeOf(error);
      if (code === "ENOENT") {
        if (!create) throw errno("ENOENT", `${path} does not exist`);
        try {
          mkdirSync(atFd(fd, name), 0o777);
        } catch (made) {
          if (codeOf(made) !== "EEXIST") throw made;
        }
        continue;
      }
      if (code !== "ENOTDIR" && code !== "ELOOP") throw error;
      const target = readLinkAt(fd, name);
      if (target !== undefined) return { target };
      const info = lstatAt(fd, name);
      if (info && !info.isDirectory() && !info.isSymbolicLink())
        throw errno("ENOTDIR", `${path} is not a folder`);
      // A symlink when opened, a folder (or gone) now: look again.
    }
  }
  throw errno(
    "EAGAIN",
    `${path} kept changing between a folder and a symlink while it was opened; try again`,
  );
}

/** One walk from the anchor: the parent of the last component, or the first symlink met. */
function walkOnce(root: string, path: string, createParents: boolean): WalkedParent | Link {
  const anchor = path !== root && isInside(root, path) ? root : sep;
  const parts = path
    .slice(anchor.length)
    .split(sep)
    .filter((part) => part !== "");
  const name = parts.pop();
  if (name === undefined) throw errno("EISDIR", `${path} is the file system root`);
  let fd = openSync(anchor, O_RDONLY | O_DIRECTORY);
  let dirPath = anchor;
  let handedOver = false;
  try {
    for (const [i, part] of parts.entries()) {
      const opened = openFolderAt(fd, dirPath, part, createParents);
      if (typeof opened !== "number") {
        const rest = [...parts.slice(i + 1), name];
        return {
          linkPath: join(dirPath, part),
          target: opened.target,
          next: resolve(dirPath, opened.target, ...rest),
        };
      }
      closeSync(fd);
      fd = opened;
      dirPath = join(dirPath, part);
    }
    for (let look = 0; look < MAX_FLIPS; look++) {
      const info = lstatAt(fd, name);
      if (!info?.isSymbolicLink()) {
        handedOver = true;
        return { dirFd: fd, dirPath, name, info };
      }
      const target = readLinkAt(fd, name);
      if (target !== undefined)
        return { linkPath: join(dirPath, name), target, next: resolve(dirPath, target) };
    }
    throw errno(
      "EAGAIN",
      `${join(dirPath, name)} kept changing into a symlink and back while it was looked at; try again`,
    );
  } finally {
    if (!handedOver) closeSync(fd);
  }
}

/**
 * Walk to the folder holding `abs`'s last component, following only symlinks that stay inside
 * the workspace (or an allowed path). Throws `WorkspaceEscapeError` for one that does not, and
 * the kernel's error (ENOENT, ENOTDIR…) when a folder on the way is missing or not a folder.
 */
export function walkToParent(
  scope: WorkspaceScope,
  abs: string,
  options: { createParents?: boolean } = {},
): WalkedParent {
  const root = realPathOf(resolve(scope.workspaceRoot));
  let path = resolve(abs);
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    const step = walkOnce(root, path, options.createParents === true);
    if ("dirFd" in step) return step;
    if (!isInside(root, step.next) && !scope.isOutsideAllowed(step.next)) {
      throw new WorkspaceEscapeError(
        `${step.linkPath} is a symlink to ${step.target}, which leads outside the workspace ${root}; ` +
          "it was not followed and nothing was touched (the path may have changed after it was checked).",
      );
    }
    path = step.next;
  }
  throw errno("ELOOP", `Too many symlinks on the way to ${abs}`);
}
