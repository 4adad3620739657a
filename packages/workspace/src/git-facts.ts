/**
 * Git facts of a workspace, read the way git itself resolves them:
 * - the git directory: `<root>/.git` when it is a folder; when it is a file (a linked worktree
 *   made by `git worktree add`, or a submodule) the folder its `gitdir:` line names;
 * - the branch: `HEAD` of that git directory (`ref: refs/heads/<branch>`), read without running
 *   git; undefined for a detached HEAD or no repository;
 * - dirty: `git status --porcelain --untracked-files=no` has output (tracked files changed). This
 *   one runs git, through the safe runner (safe-git.ts: no program the repository names ever
 *   runs), bounded by a timeout, and is undefined when git is missing or fails.
 */
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { runGitSync } from "./safe-git.js";

export interface GitDir {
  path: string;
  /** A linked worktree or submodule (its `.git` is a file). */
  linked: boolean;
}

export function gitDirOf(root: string): GitDir | undefined {
  const dotGit = join(root, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return { path: dotGit, linked: false };
    const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"));
    return pointer ? { path: resolve(root, pointer[1]!.trim()), linked: true } : undefined;
  } catch {
    return undefined;
  }
}

/** The checked-out branch of the repository at `root`, or undefined (no repo, detached HEAD). */
export function gitBranch(root: string): string | undefined {
  const dir = gitDirOf(root);
  if (!dir) return undefined;
  try {
    const head = readFileSync(join(dir.path, "HEAD"), "utf8").trim();
    return /^ref: refs\/heads\/(.+)$/.exec(head)?.[1];
  } catch {
    return undefined;
  }
}

/** Whether tracked files have uncommitted changes; undefined when git cannot say. */
export function gitDirty(root: string, timeoutMs = 2000): boolean | undefined {
  if (!gitDirOf(root)) return undefined;
  const result = runGitSync(root, ["status", "--porcelain", "--untracked-files=no"], { timeoutMs });
  if (!result.ok) return undefined;
  return result.stdout.trim().length > 0;
}
