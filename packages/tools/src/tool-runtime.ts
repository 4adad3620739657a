/**
 * The per-session state the core tools share, and the fixed list of built-in tools.
 *
 * The engine makes one `ToolRuntime` per session, registers `builtinTools(runtime)`, and calls
 * `runtime.dispose()` when the session ends: every background job and every process group a
 * command left behind is killed. Once the session's id is known, `recordProcessGroupsIn(path)`
 * kills what an earlier run of that session left alive and keeps this run's groups recorded
 * there (process-groups.ts). Making a runtime starts no child process and waits for none: the
 * sandbox probes bwrap in the background (its commands await the answer), and the group
 * supervisor starts with the first tool process. The order of `builtinTools` is fixed (it is part of Tier 1):
 * bash, read, write, edit, search, todo_write, ask_user, subagent.
 */
import type { ToolDefinition } from "@picasso/protocol";
import { askUserTool } from "./ask-user.js";
import { BackgroundJobs } from "./background-jobs.js";
import { createBashTool } from "./bash.js";
import { createEditTool } from "./edit.js";
import { DISK_FILES, type FileAccess } from "./file-access.js";
import { GoalBoard } from "./goal/goal-board.js";
import { ProcessGroups } from "./process-groups.js";
import { createReadTool } from "./read.js";
import {
  CommandSandbox,
  type SandboxPlace,
  type SandboxProber,
  type SandboxSettings,
} from "./sandbox/sandbox.js";
import { searchTool } from "./search.js";
import { subagentTool } from "./subagent.js";
import { Terminals } from "./terminal/terminals.js";
import { createTodoBoard, type TodoBoard } from "./todo-board.js";
import { createTodoWriteTool } from "./todo-write.js";
import { DEFAULT_WEB_SETTINGS } from "./web/index.js";
import type { WebSettings } from "./web/web-fetch.js";
import { createWriteTool } from "./write.js";

export interface ToolRuntime {
  jobs: BackgroundJobs;
  todos: TodoBoard;
  /** Every process group the tools started and have not seen end. */
  groups: ProcessGroups;
  /** The command sandbox, when the runtime was given one. */
  sandbox?: CommandSandbox;
  /** The project's session logs folder, for session_query (set once the session is open). */
  sessionsDir?: string;
  /** The session's goal (goal_set… and goal rounds). */
  goal: GoalBoard;
  /** The session's terminals (terminal_start…), killed with their groups by `dispose()`. */
  terminals: Terminals;
  /** What the web tools may reach and where web_search asks (composition settings `web.*`). */
  web: WebSettings;
  /** How read, write and edit reach whole files (the disk unless a surface routes them). */
  files: FileAccess;
  /**
   * Kill the process groups an earlier run of this session recorded in `path` and left alive;
   * record this run's groups there from now on. Returns the pgids killed.
   */
  recordProcessGroupsIn(path: string): Promise<number[]>;
  /** Kill every background job and leftover process group of this session. */
  dispose(): Promise<void>;
}

export interface ToolRuntimeOptions {
  /** Time between SIGTERM and SIGKILL when ending a process group (default 2000 ms). */
  killGraceMs?: number;
  /** Run commands in the command sandbox (sandbox/sandbox.ts); without it they run unconfined. */
  sandbox?: { settings: SandboxSettings; place: SandboxPlace; prober?: SandboxProber };
  /** Settings of the web tools (default: public internet only, no search backend). */
  web?: WebSettings;
  /** The project's session logs folder (session_query); can also be set later on the runtime. */
  sessionsDir?: string;
  /** Where read, write and edit read and write whole files (default: the disk). */
  files?: FileAccess;
}

export function createToolRuntime(options: ToolRuntimeOptions = {}): ToolRuntime {
  const killGraceMs = options.killGraceMs ?? 2000;
  const groups = new ProcessGroups(killGraceMs);
  const sandbox = options.sandbox
    ? new CommandSandbox(options.sandbox.settings, options.sandbox.place, options.sandbox.prober)
    : undefined;
  const jobs = new BackgroundJobs(killGraceMs, groups, sandbox);
  const terminals = new Terminals(groups, killGraceMs, sandbox);
  return {
    ...(options.sessionsDir ? { sessionsDir: options.sessionsDir } : {}),
    jobs,
    todos: createTodoBoard(),
    goal: new GoalBoard(),
    groups,
    terminals,
    web: options.web ?? DEFAULT_WEB_SETTINGS,
    files: options.files ?? DISK_FILES,
    ...(sandbox ? { sandbox } : {}),
    recordProcessGroupsIn: (path) => groups.recordIn(path),
    dispose: async () => {
      await terminals.killAll();
      await jobs.killAll();
      groups.close();
    },
  };
}

export function builtinTools(runtime: ToolRuntime = createToolRuntime()): ToolDefinition[] {
  return [
    createBashTool(runtime.jobs),
    createReadTool(runtime.files),
    createWriteTool(runtime.files),
    createEditTool(runtime.files),
    searchTool,
    createTodoWriteTool(runtime.todos),
    askUserTool,
    subagentTool,
  ];
}
