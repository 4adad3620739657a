/**
 * @picasso/tools — the core tools: bash, read, write, edit, search, todo_write, ask_user, subagent.
 *
 * Each tool is one `ToolDefinition` (schema, description, effect, family, handler) that never
 * throws: bad input and failures come back as `{ content, isError: true }` for the model. File
 * tools keep to the workspace (`resolveWorkspacePath`) and enforce read-before-write; approvals,
 * plan mode, output truncation and scheduling belong to the engine.
 */
export { askUserTool } from "./ask-user.js";
export { type BackgroundJob, BackgroundJobs, type JobOutput } from "./background-jobs.js";
export { BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS, createBashTool } from "./bash.js";
export { deferredTools, toolFamilies, toolGroups } from "./deferred-tools.js";
export { defineTool, type ToolDeclaration, toolError } from "./define-tool.js";
export { editTool } from "./edit.js";
export { DISK_FILES, type FileAccess } from "./file-access.js";
export { createFileReadTracker } from "./file-read-tracker.js";
export { applyPatchTool, globTool, listDirTool, multiEditTool, notebookEditTool } from "./files/index.js";
export { type Goal, GoalBoard, type GoalStatus } from "./goal/goal-board.js";
export { goalTools } from "./goal/goal-tools.js";
export { SUPERVISOR_NAME } from "./group-supervisor.js";
export { presentTool } from "./present/present.js";
export { ProcessGroups } from "./process-groups.js";
export { READ_DEFAULT_LIMIT, readTool } from "./read.js";
export {
  CommandSandbox,
  hiddenPaths,
  probeSandbox,
  type SandboxMode,
  type SandboxPlace,
  type SandboxSettings,
} from "./sandbox/sandbox.js";
export {
  checkSandbox,
  renderSandboxCheck,
  type SandboxCheck,
  type SandboxCheckReport,
} from "./sandbox/sandbox-check.js";
export { createSandboxTemp, sweepStaleSandboxTemps } from "./sandbox/sandbox-temp.js";
export { searchTool } from "./search.js";
export { createSessionQueryTool } from "./session/session-query.js";
export { MAX_REPORT_WAIT_SECONDS, subagentLaneTools } from "./subagent/subagent-lane-tools.js";
export { subagentTool } from "./subagent.js";
export { terminalTools } from "./terminal/terminal-tools.js";
export { type TerminalRecord, Terminals } from "./terminal/terminals.js";
export { createTodoBoard, type TodoBoard } from "./todo-board.js";
export { createTodoWriteTool, todoWriteTool } from "./todo-write.js";
export { ToolInputError } from "./tool-input.js";
export {
  builtinTools,
  createToolRuntime,
  type ToolRuntime,
  type ToolRuntimeOptions,
} from "./tool-runtime.js";
export {
  createWebFetchTool,
  createWebSearchTool,
  DEFAULT_WEB_SETTINGS,
  isPrivateAddress,
  type WebSettings,
  webTools,
} from "./web/index.js";
export { type ResolvedPath, resolveWorkspacePath } from "./workspace-path.js";
export { worktreeTools } from "./worktree/worktree-tools.js";
export { writeTool } from "./write.js";
