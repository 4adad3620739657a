/**
 * Running git for the worktree tools: through `@picasso/workspace`'s safe runner (no hook, filter,
 * pager, prompt or any other program the repository names ever runs); failures come back as text.
 */
import { runGit } from "@picasso/workspace";

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  signal?: AbortSignal | undefined;
  /** Other working trees git will run git in (worktree remove checks the tree's status there). */
  alsoIn?: readonly string[];
}

export async function git(cwd: string, args: string[], options: GitOptions = {}): Promise<GitResult> {
  const run = await runGit(cwd, args, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.alsoIn ? { alsoIn: options.alsoIn } : {}),
  });
  return {
    ok: run.ok,
    stdout: run.stdout.trim(),
    stderr: run.stderr.trim() || run.failure || "",
  };
}

export interface WorktreeInfo {
  path: string;
  head: string;
  /** Short branch name; undefined when detached. */
  branch?: string;
  main: boolean;
  locked: boolean;
  prunable: boolean;
}

/** `git worktree list --porcelain`, parsed. The first entry is the main worktree. */
export function parseWorktrees(porcelain: string): WorktreeInfo[] {
  const out: WorktreeInfo[] = [];
  for (const block of porcelain.split(/\n\n+/)) {
    const lines = block.split("\n").filter(Boolean);
    const path = lines.find((l) => l.startsWith("worktree "))?.slice(9);
    if (!path) continue;
    const branchRef = lines.find((l) => l.startsWith("branch "))?.slice(7);
    out.push({
      path,
      head: lines.find((l) => l.startsWith("HEAD "))?.slice(5) ?? "",
      ...(branchRef ? { branch: branchRef.replace(/^refs\/heads\//, "") } : {}),
      main: out.length === 0,
      locked: lines.some((l) => l.startsWith("locked")),
      prunable: lines.some((l) => l.startsWith("prunable")),
    });
  }
  return out;
}
