/**
 * Session facts: the per-session state that must never enter Tier 1 (date, working directory,
 * platform, git branch, and the labelled lines other extensions add — memory's pinned memories).
 * The engine puts this text in the first user-role context block, where it stays in history, so
 * the prefix before it is the same for every session of the workspace.
 */
import type { SessionFactLines, SessionFactsContext } from "@picasso/protocol";

function gitLine(ctx: SessionFactsContext): string {
  const { gitBranch, gitWorktree, gitDirty } = ctx.workspace;
  if (!gitBranch) return "none (not a git repository, or a detached HEAD)";
  const notes = [
    ...(gitWorktree ? ["a linked worktree"] : []),
    ...(gitDirty === true ? ["uncommitted changes"] : gitDirty === false ? ["clean"] : []),
  ];
  return notes.length ? `${gitBranch} (${notes.join(", ")})` : gitBranch;
}

function factText(fact: SessionFactLines): string {
  return fact.lines.length > 0
    ? `${fact.label}:\n${fact.lines.map((line) => `- ${line}`).join("\n")}`
    : `${fact.label}: ${fact.none}`;
}

export function sessionFacts(ctx: SessionFactsContext): string {
  return [
    "<session-facts>",
    `Date: ${ctx.date}`,
    `Working directory: ${ctx.cwd}`,
    ...(ctx.workspaceRoot !== ctx.cwd ? [`Workspace root: ${ctx.workspaceRoot}`] : []),
    `Platform: ${ctx.platform}`,
    `Git branch: ${gitLine(ctx)}`,
    ...(ctx.facts ?? []).map(factText),
    "</session-facts>",
  ].join("\n");
}
