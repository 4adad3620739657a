/**
 * @picasso/tools — the core tools: bash, read, write, edit, search, todo_write, ask_user, subagent.
 *
 * Each tool is one `ToolDefinition` (schema, description, effect, family, handler) that never
 * throws: bad input and failures come back as `{ content, isError: true }` for the model. File
 * tools keep to the workspace (`resolveWorkspacePath`) and enforce read-before-write; approvals,
 * plan mode, output truncation and scheduling belong to the engine.
 *
 * Exported on purpose: each name is here because another package (runtime code, tests, benches or
 * the CLI) imports it, never `export *`; a module's other exports stay its own. Add a name when a
 * package needs it. (Each group's comment stands apart so that sorting keeps the groups.)
 */

// The tools a session mounts: the core set, the deferred families and the runtime that owns them.

export { deferredTools, toolFamilies, toolGroups } from "./deferred-tools.js";
export { builtinTools, createToolRuntime, type ToolRuntime } from "./tool-runtime.js";

// Where file tools read and write: the disk, or a client's files (ACP).

export { DISK_FILES, type FileAccess } from "./file-access.js";
export { loadWorkspaceImage, type WorkspaceImage } from "./read-image.js";

// The goal and todo boards the surface's goal rounds read.

export { restoreBoards } from "./board-restore.js";
export { type Goal, GoalBoard } from "./goal/goal-board.js";
export { protectedToolState } from "./protected-state.js";
export { createTodoBoard, type TodoBoard } from "./todo-board.js";

// For extensions that run a command the model gave exactly as `bash` runs it (loops' checks).

export type { BackgroundJobs } from "./background-jobs.js";
export { runShellCommand, type ShellCommandResult, type ShellCommandRun } from "./bash.js";

// The tools of a forked subagent's lane.

export { subagentLaneTools } from "./subagent/subagent-lane-tools.js";

// Building blocks of the tools of other extensions (packages/watch, loops): a tool's declaration, its
// input accessors, the workspace boundary, and a read-only tap on a job's or terminal's output.

export { defineTool, toolError } from "./define-tool.js";
export { type OutputTap, tapProcessOutput } from "./output-tap.js";
export {
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
  ToolInputError,
} from "./tool-input.js";
export { resolveWorkspacePath } from "./workspace-path.js";

// The process-group supervisor, as it shows in a process list.

export { SUPERVISOR_NAME } from "./group-supervisor.js";

// The command sandbox: its modes and walls, its temp folders, the check.

export {
  CommandSandbox,
  hiddenPaths,
  probeSandbox,
  probeSandboxAsync,
  type SandboxMode,
  type SandboxProber,
} from "./sandbox/sandbox.js";
export { checkSandbox, renderSandboxCheck, type SandboxCheckReport } from "./sandbox/sandbox-check.js";
export { createSandboxTemp, sweepStaleSandboxTemps } from "./sandbox/sandbox-temp.js";
