/**
 * Workspace discovery for surfaces that have only a cwd: the workspace root is the nearest
 * folder at or above cwd holding `.git` (a folder, or a worktree's or submodule's `.git` file) or
 * `.picasso`; without one, cwd itself.
 *
 * The workspace is what model-written commands may write and the file tools may touch, so it is
 * never a folder that holds the user's home dotfiles or Picasso's own state: not the home folder
 * or any folder above it (`~/.ssh`, `~/.bashrc`…), not `/`, and not a folder that contains
 * `PICASSO_HOME` (session logs, memory, approvals). When the discovered root is such a folder (a
 * `.picasso` folder in `~`, say), the workspace falls back to cwd alone; when cwd itself is one,
 * it is a `UserError` naming the folder and what to do.
 */
import { lstatSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { UserError } from "@picasso/protocol/basics";

/** Where Picasso keeps its state: `$PICASSO_HOME`, else `~/.picasso`. */
export function defaultPicassoHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.PICASSO_HOME && env.PICASSO_HOME.length > 0 ? env.PICASSO_HOME : join(homedir(), ".picasso");
}

export interface WorkspaceGuard {
  /** The user's home folder (default `os.homedir()`). */
  home?: string;
  /** Picasso's state folder (default `defaultPicassoHome()`). */
  picassoHome?: string;
}

export function findWorkspaceRoot(cwd: string, guard: WorkspaceGuard = {}): string {
  const start = resolve(cwd);
  let current = start;
  let found = start;
  for (;;) {
    if (isMarker(join(current, ".git")) || isMarker(join(current, ".picasso"))) {
      found = current;
      break;
    }
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  if (unsafeWorkspaceReason(found, guard) === undefined) return found;
  const why = unsafeWorkspaceReason(start, guard);
  if (why === undefined) return start;
  throw new UserError(
    `${start} cannot be the workspace: ${why}; start Picasso in a project folder (cd into it), or set PICASSO_HOME elsewhere if that is the reason`,
  );
}

/** Why `folder` may not be a workspace, or undefined when it may. */
export function unsafeWorkspaceReason(folder: string, guard: WorkspaceGuard = {}): string | undefined {
  const root = resolve(folder);
  const home = resolve(guard.home ?? homedir());
  const picassoHome = resolve(guard.picassoHome ?? defaultPicassoHome());
  if (root === sep) return "it is the root of the file system";
  if (contains(root, home))
    return root === home
      ? "it is your home folder, which holds your dotfiles (~/.ssh, ~/.bashrc, ~/.picasso…)"
      : `it contains your home folder ${home}`;
  if (contains(root, picassoHome)) return `it contains Picasso's state folder PICASSO_HOME (${picassoHome})`;
  return undefined;
}

/** `outer` is `inner` or one of its parents. */
function contains(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
}

/** A `.git` or `.picasso` marker: anything there (looked at, never opened, so a FIFO cannot block). */
function isMarker(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
