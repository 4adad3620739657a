/**
 * The deferred tool families (docs/tools.md): tools every session registers but Tier 1 never
 * carries — the model finds them with `tool_search` and runs them with `tool_call`. The
 * composition (`patches/picasso-tier1.patch.yml`) lists them as deferred rows; none may be core.
 * Order here is irrelevant to Tier 1 (the catalog sorts by name).
 */
import type { ToolDefinition } from "@picasso/protocol";
import { filesTools } from "./files/index.js";
import { goalTools } from "./goal/goal-tools.js";
import { presentTool } from "./present/present.js";
import { createSessionQueryTool } from "./session/session-query.js";
import { subagentLaneTools } from "./subagent/subagent-lane-tools.js";
import { terminalTools } from "./terminal/terminal-tools.js";
import type { ToolRuntime } from "./tool-runtime.js";
import { webTools } from "./web/index.js";
import { worktreeTools } from "./worktree/worktree-tools.js";

export function deferredTools(runtime: ToolRuntime): ToolDefinition[] {
  return [
    ...filesTools(),
    ...webTools(runtime.web),
    ...terminalTools(runtime.terminals),
    ...worktreeTools(),
    presentTool,
    createSessionQueryTool(() => runtime.sessionsDir),
    ...goalTools(runtime.goal, runtime.todos),
    ...subagentLaneTools(),
  ];
}
