/**
 * The deferred tool families (docs/tools.md): tools every session registers but Tier 1 never
 * carries — the model finds them with `tool_search` and runs them with `tool_call`. The
 * composition (`patches/picasso-tier1.patch.yml`) lists them as deferred rows; none may be core.
 * Order in `deferredTools` is irrelevant to Tier 1 (the catalog sorts by name).
 *
 * `toolFamilies` are the families these tools (and the core ones) belong to, each declared in its
 * tool's folder; the tools extension carries them with `toolGroups`, the titles of the catalog
 * groups they join. The families' order is the order of Tier 1's families line ("Deferred tool
 * families here: …", which names only families with deferred tools, so not the core ones), and
 * the groups' order is the catalog's: reordering either changes Tier 1 or the catalog.
 */
import type { CatalogGroupTitle, ToolDefinition, ToolFamily } from "@picasso/protocol";
import { agentFamily, fsFamily, shellFamily } from "./core-families.js";
import { filesFamily } from "./files/files-family.js";
import { filesTools } from "./files/index.js";
import { goalFamily } from "./goal/goal-family.js";
import { goalTools } from "./goal/goal-tools.js";
import { jsonFamily } from "./json/json-family.js";
import { jsonQueryTool } from "./json/json-query.js";
import { presentTool } from "./present/present.js";
import { presentFamily } from "./present/present-family.js";
import { createHistoryReadTool } from "./session/history-read.js";
import { sessionFamily } from "./session/session-family.js";
import { createSessionQueryTool } from "./session/session-query.js";
import { subagentFamily } from "./subagent/subagent-family.js";
import { subagentLaneTools } from "./subagent/subagent-lane-tools.js";
import { terminalFamily } from "./terminal/terminal-family.js";
import { terminalTools } from "./terminal/terminal-tools.js";
import type { ToolRuntime } from "./tool-runtime.js";
import { webTools } from "./web/index.js";
import { webFamily } from "./web/web-family.js";
import { worktreeFamily } from "./worktree/worktree-family.js";
import { worktreeTools } from "./worktree/worktree-tools.js";

export function deferredTools(runtime: ToolRuntime): ToolDefinition[] {
  return [
    ...filesTools(),
    ...webTools(runtime.web),
    ...terminalTools(runtime.terminals),
    ...worktreeTools(),
    presentTool,
    createSessionQueryTool(() => runtime.sessionsDir),
    createHistoryReadTool(() => runtime.sessionsDir),
    ...goalTools(runtime.goal, runtime.todos),
    ...subagentLaneTools(),
    jsonQueryTool,
  ];
}

export const toolFamilies: readonly ToolFamily[] = [
  fsFamily,
  shellFamily,
  agentFamily,
  filesFamily,
  worktreeFamily,
  terminalFamily,
  sessionFamily,
  goalFamily,
  webFamily,
  presentFamily,
  subagentFamily,
  jsonFamily,
];

export const toolGroups: readonly CatalogGroupTitle[] = [
  { group: "workspace", title: "Files, worktrees and terminals beyond the core tools" },
  { group: "web", title: "Fetch web pages and search the web" },
  { group: "agents", title: "Subagent control and goals" },
  { group: "session", title: "Past sessions and memory" },
  { group: "present", title: "Show artifacts to the user" },
];
