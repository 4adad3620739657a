/**
 * Session facts: the per-session state that must never enter Tier 1 (date, working directory,
 * platform, git branch, pinned memories). The engine puts this text in the first user-role
 * context block, where it stays in history, so the prefix before it is the same for every
 * session of the workspace.
 */
import type { SessionFactsContext } from "@picasso/protocol";

export interface SessionFactsOptions {
  /** Pinned memories and preferences, one line each (`@picasso/memory`, wired by the surface). */
  pinnedMemories?: readonly string[];
}

function gitLine(ctx: SessionFactsContext): string {
  const { gitBranch, gitWorktree, gitDirty } = ctx.workspace;
  if (!gitBranch) return "none (not a git repository, or a detached HEAD)";
  const notes = [
    ...(gitWorktree ? ["a linked worktree"] : []),
    ...(gitDirty === true ? ["uncommitted changes"] : gitDirty === false ? ["clean"] : []),
  ];
  return notes.length ? `${gitBranch} (${notes.join(", ")})` : gitBranch;
}

export function sessionFacts(ctx: SessionFactsContext, options: SessionFactsOptions = {}): string {
  const pinned = options.pinnedMemories ?? [];
  return [
    "<session-facts>",
    `Date: ${ctx.date}`,
    `Working directory: ${ctx.cwd}`,
    ...(ctx.workspaceRoot !== ctx.cwd ? [`Workspace root: ${ctx.workspaceRoot}`] : []),
    `Platform: ${ctx.platform}`,
    `Git branch: ${gitLine(ctx)}`,
    pinned.length > 0
      ? `Pinned memories:\n${pinned.map((m) => `- ${m}`).join("\n")}`
      : "Pinned memories: none",
    "</session-facts>",
  ].join("\n");
}
