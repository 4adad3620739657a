/**
 * Split the registered tools into Tier-1 core tools and the deferred catalog, by composition.
 *
 * Core: the composition's core rows in row order, each matched to a registered tool by name (a
 * row with no registered tool is reported as missing, never invented). Deferred: every other
 * registered tool except the fixed gateways — a deferred row sets its family; a tool with no row
 * at all is still deferred (nothing registered is hidden). Deferred tools are sorted by name.
 */
import type { ToolDefinition } from "@picasso/protocol";
import type { Composition } from "../composition/compose.js";
import { TOOL_CALL, TOOL_SEARCH } from "../gateways/gateway-specs.js";

export interface ToolSplit {
  core: ToolDefinition[];
  deferred: ToolDefinition[];
  /** Core rows of the composition with no registered tool. */
  missing: string[];
}

const FIXED_GATEWAYS = new Set([TOOL_SEARCH, TOOL_CALL]);

export function splitTools(composition: Composition, registered: readonly ToolDefinition[]): ToolSplit {
  const byName = new Map<string, ToolDefinition>();
  for (const tool of registered)
    if (!FIXED_GATEWAYS.has(tool.spec.name) && !byName.has(tool.spec.name)) byName.set(tool.spec.name, tool);
  const core: ToolDefinition[] = [];
  const missing: string[] = [];
  const rows = new Map(composition.tools.map((row) => [row.name, row]));
  for (const row of composition.tools) {
    if (row.tier !== "core") continue;
    const tool = byName.get(row.name);
    if (tool) core.push(tool);
    else missing.push(row.name);
  }
  const coreNames = new Set(core.map((t) => t.spec.name));
  const deferred = [...byName.values()]
    .filter((t) => !coreNames.has(t.spec.name))
    .map((t) => {
      const row = rows.get(t.spec.name);
      return row && row.family !== t.family ? { ...t, family: row.family } : t;
    })
    .sort((a, b) => (a.spec.name < b.spec.name ? -1 : 1));
  return { core, deferred, missing };
}
