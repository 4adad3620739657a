/**
 * `workspaceFacts(root)`: what a session records and tells the model about its workspace — the
 * git branch (worktrees included), whether this is a linked worktree, and whether tracked files
 * were dirty. The one owner of these facts; session facts, `session_start` and the surfaces read
 * them from here.
 */
import type { WorkspaceFacts } from "@picasso/protocol";
import { gitBranch, gitDirOf, gitDirty, gitDirtySoon } from "./git-facts.js";

export function workspaceFacts(root: string, options: { dirty?: boolean } = {}): WorkspaceFacts {
  const dir = gitDirOf(root);
  if (!dir) return {};
  return factsOf(root, dir.linked, options.dirty === false ? undefined : gitDirty(root));
}

/**
 * `workspaceFacts`, without blocking on git: a session starts it as it begins to open and takes the
 * answer once its Tier 1 is assembled, so `git status` (slow in a large repository) runs beside that
 * work instead of before it.
 */
export async function workspaceFactsSoon(root: string): Promise<WorkspaceFacts> {
  const dir = gitDirOf(root);
  if (!dir) return {};
  return factsOf(root, dir.linked, await gitDirtySoon(root));
}

function factsOf(root: string, linked: boolean, dirty: boolean | undefined): WorkspaceFacts {
  const branch = gitBranch(root);
  return {
    ...(branch ? { gitBranch: branch } : {}),
    ...(linked ? { gitWorktree: true } : {}),
    ...(dirty !== undefined ? { gitDirty: dirty } : {}),
  };
}
