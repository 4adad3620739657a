/**
 * Assemble a workspace's Tier 1, catalog and eager baseline outside a session (what `picasso
 * context` and `picasso tools` print): find the workspace root, make its Tier 1 as a session does
 * (tier1/workspace-tier1.ts: composition, instruction files, skills and doc topics beside any
 * contributed entries, the catalog grouped by the families the caller's extensions declare), then
 * the eager baseline and the report. The only I/O is in the loaders it calls.
 */
import type {
  CatalogEntry,
  CatalogGroupTitle,
  PermissionMode,
  ToolDefinition,
  ToolFamily,
} from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Catalog } from "../catalog/build-catalog.js";
import type { Surface } from "../composition/compose.js";
import type { Tier1Assembly } from "../tier1/assemble-tier1.js";
import { assembleEagerBaseline } from "../tier1/eager-baseline.js";
import { assembleWorkspaceTier1 } from "../tier1/workspace-tier1.js";
import { buildContextReport, type ContextReport } from "./context-report.js";

export interface InspectWorkspaceOptions {
  cwd: string;
  picassoHome: string;
  surface?: Surface;
  mode?: PermissionMode;
  tools: readonly ToolDefinition[];
  /** The families and group titles the mounted extensions declare, in mount order (as a session's
   *  host hands them over): the families line and the catalog's groups follow them. */
  families: readonly ToolFamily[];
  groups: readonly CatalogGroupTitle[];
  /** Entries other plugins would contribute (MCP servers and tools, skills, docs). */
  entries?: readonly CatalogEntry[];
  /** Claude Code's user folder (default `$CLAUDE_CONFIG_DIR` or `~/.claude`). */
  claudeHome?: string;
  patchesDir?: string;
}

export interface WorkspaceContext {
  workspaceRoot: string;
  assembly: Tier1Assembly;
  catalog: Catalog;
  /** The answer budget of `tool_search` in this composition. */
  answerBudget: number;
  report: ContextReport;
}

export function inspectWorkspace(options: InspectWorkspaceOptions): WorkspaceContext {
  const workspaceRoot = findWorkspaceRoot(options.cwd);
  const { composition, instructions, sources, assembly, catalog, warnings, answerBudget } =
    assembleWorkspaceTier1({
      surface: options.surface ?? "cli",
      workspaceRoot,
      cwd: options.cwd,
      picassoHome: options.picassoHome,
      tools: options.tools,
      contributed: options.entries ?? [],
      families: options.families,
      groups: options.groups,
      ...(options.patchesDir ? { patchesDir: options.patchesDir } : {}),
      ...(options.claudeHome ? { claudeHome: options.claudeHome } : {}),
    });
  const baseline = assembleEagerBaseline({
    composition,
    tools: options.tools,
    mcpServers: mcpServersWithTools(sources.mcpServers, options.entries ?? []),
    instructions: instructions.files,
    skills: sources.skills.map((s) => ({ ...s, body: s.body || s.description })),
    memories: [],
    families: options.families,
  });
  const report = buildContextReport({
    assembly,
    baseline,
    composition,
    mode: options.mode ?? "default",
    warnings,
  });
  return { workspaceRoot, assembly, catalog, answerBudget, report };
}

/** Each MCP server with the tool specs its entries carry, for the eager baseline. */
export function mcpServersWithTools(servers: readonly string[], entries: readonly CatalogEntry[]) {
  const named = new Set([...servers, ...entries.filter((e) => e.kind === "mcp_tool").map((e) => e.server!)]);
  return [...named].map((name) => ({
    name,
    tools: entries
      .filter((e) => e.kind === "mcp_tool" && e.server === name)
      .map((e) => ({
        name: e.name,
        description: e.description,
        inputSchema: e.inputSchema ?? { type: "object" },
      })),
  }));
}
