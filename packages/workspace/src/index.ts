/**
 * @picasso/workspace — the one owner of facts about where Picasso runs: the workspace (root, git
 * branch incl. worktrees, dirty state), where its state lives (`PICASSO_HOME`), which workspace
 * paths are protected and which project files the user approved, process identity (pid + start
 * time + boot), and the one way Picasso runs git (`runGit`/`runGitSync`: no program the
 * repository names ever runs).
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
export {
  type Approval,
  type ApprovalState,
  approvalDigest,
  approvalState,
  approvalsOf,
  approveProjectFile,
  revokeProjectFile,
  TRUST_FILE,
  trustFilePath,
  trustStoreProblem,
} from "./project-trust.js";
export {
  GIT_PROTECTED_ENTRIES,
  protectedPathReason,
  ROOT_PROTECTED_FILES,
} from "./protected-paths.js";
export { realPathOrResolved } from "./real-path.js";
export {
  type GitRun,
  runGit,
  runGitSync,
  type SafeGitAsyncOptions,
  type SafeGitOptions,
} from "./safe-git.js";
export {
  MAX_OUTPUT_BYTES,
  runUserCommand,
  type UserCommandOptions,
  type UserCommandRun,
  type UserCommandSandbox,
  userCommandEnvironment,
} from "./user-command.js";
export {
  PREFETCH_FRESH_MS,
  prefetchWorkspaceFacts,
  workspaceFacts,
  workspaceFactsSoon,
} from "./workspace-facts.js";
export {
  defaultPicassoHome,
  findWorkspaceRoot,
  unsafeWorkspaceReason,
  type WorkspaceGuard,
} from "./workspace-root.js";
