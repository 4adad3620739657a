/**
 * Workspace discovery for surfaces that have only a cwd: the workspace root is the nearest
 * folder at or above cwd holding `.git` (a folder, or a worktree's or submodule's `.git` file) or
 * `.picasso`; without one, cwd itself.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export function findWorkspaceRoot(cwd: string): string {
  let current = resolve(cwd);
  for (;;) {
    if (existsSync(join(current, ".git")) || existsSync(join(current, ".picasso"))) return current;
    const parent = dirname(current);
    if (parent === current) return resolve(cwd);
    current = parent;
  }
}
