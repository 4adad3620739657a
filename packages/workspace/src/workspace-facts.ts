/**
 * `workspaceFacts(root)`: what a session records and tells the model about its workspace — the
 * git branch (worktrees included), whether this is a linked worktree, and whether tracked files
 * were dirty. The one owner of these facts; session facts, `session_start` and the surfaces read
 * them from here.
 */
import type { WorkspaceFacts } from "@picasso/protocol";
import { gitBranch, gitDirOf, gitDirty } from "./git-facts.js";

export function workspaceFacts(root: string, options: { dirty?: boolean } = {}): WorkspaceFacts {
  const dir = gitDirOf(root);
  if (!dir) return {};
  const branch = gitBranch(root);
  const dirty = options.dirty === false ? undefined : gitDirty(root);
  return {
    ...(branch ? { gitBranch: branch } : {}),
    ...(dir.linked ? { gitWorktree: true } : {}),
    ...(dirty !== undefined ? { gitDirty: dirty } : {}),
  };
}
