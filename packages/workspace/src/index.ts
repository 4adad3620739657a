/** @picasso/workspace — the one owner of workspace facts (root, git branch incl. worktrees, dirty). */
export { type GitDir, gitBranch, gitDirOf, gitDirty } from "./git-facts.js";
export { workspaceFacts } from "./workspace-facts.js";
export { findWorkspaceRoot } from "./workspace-root.js";
