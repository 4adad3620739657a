/**
 * The facts a session starts with (date, cwd, platform, git branch) for the `session/facts`
 * hook. They go into the first user message — never into Tier 1 — so Tier 1 has no clock.
 * The git branch is read from `.git/HEAD` of the workspace (no git process), undefined when the
 * workspace is not a git checkout or HEAD is detached.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SessionFactsContext } from "@picasso/protocol";

export function gitBranch(workspaceRoot: string): string | undefined {
  try {
    const head = readFileSync(join(workspaceRoot, ".git", "HEAD"), "utf8").trim();
    const match = /^ref: refs\/heads\/(.+)$/.exec(head);
    return match?.[1];
  } catch {
    return undefined;
  }
}

export function sessionFactsContext(
  workspaceRoot: string,
  cwd: string,
  now: Date = new Date(),
): SessionFactsContext {
  const branch = gitBranch(workspaceRoot);
  return {
    workspaceRoot,
    cwd,
    date: now.toISOString().slice(0, 10),
    platform: process.platform,
    ...(branch ? { gitBranch: branch } : {}),
  };
}
