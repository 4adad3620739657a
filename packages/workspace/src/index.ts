/**
 * @picasso/workspace — the one owner of facts about where Picasso runs: the workspace (root, git
 * branch incl. worktrees, dirty state) and process identity (pid + start time + boot).
 */

export {
  type BoundedRead,
  type BoundedReadOptions,
  decodeUtf8Prefix,
  describeNonFile,
  readBoundedFile,
} from "./bounded-file.js";
export { type GitDir, gitBranch, gitDirOf, gitDirty } from "./git-facts.js";
export { bootId, processAlive, processStartTime } from "./process-identity.js";
export { workspaceFacts } from "./workspace-facts.js";
export { findWorkspaceRoot } from "./workspace-root.js";
