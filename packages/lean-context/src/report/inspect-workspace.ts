/**
 * Assemble a workspace's Tier 1, catalog and eager baseline outside a session (what `picasso
 * context` and `picasso tools` print): find the workspace root, load the surface's composition,
 * the instruction files, the skills and doc topics (beside any contributed entries), assemble
 * both prefixes, build the catalog (grouped by the families the caller's extensions declare) and
 * the report. The only I/O is in the loaders it calls.
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
import { loadCatalogSources, sessionCatalog } from "../catalog/catalog-sources.js";
import type { Surface } from "../composition/compose.js";
import { loadComposition } from "../composition/load-composition.js";
import { loadInstructionFiles } from "../instructions/instruction-files.js";
import { assembleTier1, type Tier1Assembly } from "../tier1/assemble-tier1.js";
import { assembleEagerBaseline } from "../tier1/eager-baseline.js";
import { tier1Warnings } from "../tier1/tier1-warnings.js";
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
  const composition = loadComposition({
    surface: options.surface ?? "cli",
    picassoHome: options.picassoHome,
    workspaceRoot,
    ...(options.patchesDir ? { patchesDir: options.patchesDir } : {}),
  });
  const instructions = loadInstructionFiles(workspaceRoot, options.cwd);
  const found = loadCatalogSources({
    workspaceRoot,
    picassoHome: options.picassoHome,
    ...(options.claudeHome ? { claudeHome: options.claudeHome } : {}),
    contributed: options.entries ?? [],
  });
  const assembly = assembleTier1({
    composition,
    tools: options.tools,
    mcpServers: found.mcpServers,
    instructions: instructions.files,
    skills: found.skills,
    families: options.families,
  });
  const baseline = assembleEagerBaseline({
    composition,
    tools: options.tools,
    mcpServers: mcpServersWithTools(found.mcpServers, options.entries ?? []),
    instructions: instructions.files,
    skills: found.skills.map((s) => ({ ...s, body: s.body || s.description })),
    memories: [],
    families: options.families,
  });
  const warnings = [...tier1Warnings(instructions.warnings, assembly), ...found.warnings];
  const report = buildContextReport({
    assembly,
    baseline,
    composition,
    mode: options.mode ?? "default",
    warnings,
  });
  const catalog = sessionCatalog(assembly.split.deferred, found, {
    families: options.families,
    groups: options.groups,
  });
  return {
    workspaceRoot,
    assembly,
    catalog,
    answerBudget: composition.settings["catalog.answerBudgetBytes"],
    report,
  };
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
