/** The `worktree` family, declared beside its tools: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const worktreeFamily: ToolFamily = {
  name: "worktree",
  group: "workspace",
  when: "parallel checkouts",
  what: "Separate git checkouts on their own branches, for parallel or risky work.",
  rules:
    "Worktrees isolate parallel work: create one per independent change, work and test inside it, and merge or remove it when done. Never delete a worktree with uncommitted work without asking.",
};
