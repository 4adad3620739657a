/**
 * Git facts of a workspace, read the way git itself resolves them:
 * - the git directory: `<root>/.git` when it is a folder; when it is a file (a linked worktree
 *   made by `git worktree add`, or a submodule) the folder its `gitdir:` line names. Either way it
 *   must hold a regular `HEAD`, as git requires;
 * - the branch: `HEAD` of that git directory (`ref: refs/heads/<branch>`), read without running
 *   git; undefined for a detached HEAD or no repository;
 * - dirty: `git status --porcelain --untracked-files=no` has output (tracked files changed). This
 *   one runs git, through the safe runner (safe-git.ts: no program the repository names ever
 *   runs), bounded by a timeout, and is undefined when git is missing or fails.
 *
 * Nothing here opens a file that is not regular: a FIFO, socket or device as `.git`, as the file a
 * `gitdir:` line names, or as `HEAD` means "no repository" (opening a FIFO would block start-up
 * forever). Files are read with `readBoundedFile` (a few KB at most).
 */
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { readBoundedFile } from "./bounded-file.js";
import { type GitRun, runGit, runGitSync } from "./safe-git.js";

export interface GitDir {
  path: string;
  /** A linked worktree or submodule (its `.git` is a file). */
  linked: boolean;
}

/** `.git` files and `HEAD` are one line; anything past this is not git's. */
const SMALL_FILE_BYTES = 4096;

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function readSmallFile(path: string): string | undefined {
  const read = readBoundedFile(path, SMALL_FILE_BYTES);
  return read.kind === "text" ? read.bytes.toString("utf8") : undefined;
}

/** A git directory as git accepts one: a folder with a regular `HEAD` (a FIFO is no HEAD). */
function gitDirAt(path: string): boolean {
  if (!isDirectory(path)) return false;
  try {
    return statSync(join(path, "HEAD")).isFile();
  } catch {
    return false;
  }
}

export function gitDirOf(root: string): GitDir | undefined {
  const dotGit = join(root, ".git");
  if (isDirectory(dotGit)) return gitDirAt(dotGit) ? { path: dotGit, linked: false } : undefined;
  const text = readSmallFile(dotGit);
  const pointer = text === undefined ? undefined : /^gitdir: (.+)$/m.exec(text)?.[1]?.trim();
  if (!pointer) return undefined;
  const path = resolve(root, pointer);
  return gitDirAt(path) ? { path, linked: true } : undefined;
}

/** The checked-out branch of the repository at `root`, or undefined (no repo, detached HEAD). */
export function gitBranch(root: string): string | undefined {
  const dir = gitDirOf(root);
  if (!dir) return undefined;
  const head = readSmallFile(join(dir.path, "HEAD"))?.trim();
  return head === undefined ? undefined : /^ref: refs\/heads\/(.+)$/.exec(head)?.[1];
}

/** Whether tracked files have uncommitted changes; undefined when git cannot say. */
export function gitDirty(root: string, timeoutMs = 2000): boolean | undefined {
  if (!gitDirOf(root)) return undefined;
  return dirtyFrom(runGitSync(root, STATUS, { timeoutMs }));
}

/** `gitDirty`, without blocking: git runs while the caller goes on (a session opening). */
export async function gitDirtySoon(root: string, timeoutMs = 2000): Promise<boolean | undefined> {
  if (!gitDirOf(root)) return undefined;
  return dirtyFrom(await runGit(root, STATUS, { timeoutMs }));
}

const STATUS = ["status", "--porcelain", "--untracked-files=no"];

function dirtyFrom(result: GitRun): boolean | undefined {
  return result.ok ? result.stdout.trim().length > 0 : undefined;
}
