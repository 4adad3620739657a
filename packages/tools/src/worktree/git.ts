/** Running git for the worktree tools: never a pager or a prompt; failures come back as text. */

import { execa } from "execa";
import { commandEnvironment } from "../command-env.js";

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

export async function git(cwd: string, args: string[], signal?: AbortSignal): Promise<GitResult> {
  const run = await execa("git", args, {
    cwd,
    reject: false,
    stdin: "ignore",
    extendEnv: false,
    env: commandEnvironment({ LC_ALL: "C" }),
    ...(signal ? { cancelSignal: signal } : {}),
  });
  return {
    ok: run.exitCode === 0,
    stdout: String(run.stdout ?? "").trim(),
    stderr: String(run.stderr ?? "").trim() || (run.failed && !run.exitCode ? String(run.message) : ""),
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
