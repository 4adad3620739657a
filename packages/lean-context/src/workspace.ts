/**
 * Workspace discovery for surfaces that have only a cwd: the workspace root is the nearest
 * folder at or above cwd holding `.git` (a folder or a worktree's file) or `.picasso`; without
 * one, cwd itself. The git branch is read from `HEAD` without running git.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
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

/** The checked-out branch of the repository at `root`, or undefined (no repo, detached HEAD). */
export function gitBranch(root: string): string | undefined {
  try {
    let gitDir = join(root, ".git");
    if (statSync(gitDir).isFile()) {
      const pointer = /^gitdir: (.+)$/m.exec(readFileSync(gitDir, "utf8"));
      if (!pointer) return undefined;
      gitDir = resolve(root, pointer[1]!.trim());
    }
    const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
    return /^ref: refs\/heads\/(.+)$/.exec(head)?.[1];
  } catch {
    return undefined;
  }
}
