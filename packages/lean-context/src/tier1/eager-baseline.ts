/**
 * The eager baseline: what the same inputs would cost if everything were loaded up front —
 * every core, deferred and MCP tool schema in `tools`, the instruction files in full (no cap),
 * every skill body and every memory body in the system prompt. The cache-probe compares the
 * lean Tier 1 against it (the product promises a far smaller first-turn prefix). Pure.
 */
import {
  mcpGatewayName,
  type SkillInfo,
  type SystemBlock,
  sealTier1,
  type Tier1,
  type ToolDefinition,
  type ToolFamily,
  type ToolSpec,
} from "@picasso/protocol";
import { familyTable } from "../catalog/family-table.js";
import type { Composition } from "../composition/compose.js";
import type { InstructionFile } from "../instructions/instruction-index.js";
import { renderSection } from "../sections/canonical-sections.js";
import { canonicalCopy, sortedServers } from "./assemble-tier1.js";
import { splitTools } from "./tool-split.js";

export interface EagerBaselineInput {
  composition: Composition;
  tools: readonly ToolDefinition[];
  /** Each MCP server with the tools it lists. */
  mcpServers: readonly { name: string; tools: readonly ToolSpec[] }[];
  instructions: readonly InstructionFile[];
  skills: readonly (SkillInfo & { body: string })[];
  memories: readonly { id: string; body: string }[];
  /** The families the mounted extensions declare, as for `assembleTier1`. */
  families: readonly ToolFamily[];
}

export function assembleEagerBaseline(input: EagerBaselineInput): Tier1 {
  const servers = new Map(input.mcpServers.map((s) => [s.name, s]));
  // Eagerly, a server's tools are sent themselves: its gateway is not.
  const gateways = new Set([...servers.keys()].map(mcpGatewayName));
  const split = splitTools(
    input.composition,
    input.tools.filter((t) => !gateways.has(t.spec.name)),
  );
  const mcpTools = sortedServers([...servers.keys()]).flatMap((name) =>
    servers.get(name)!.tools.map((t) => ({ ...t, name: `${name}__${t.name}`.slice(0, 64) })),
  );
  const tools = [...split.core, ...split.deferred]
    .map((t) => t.spec)
    .concat(mcpTools)
    .map(canonicalCopy);
  const settings = input.composition.settings;
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  const system: SystemBlock[] = [
    ...input.composition.sections.map((row) => ({
      id: row.id,
      text: renderSection(row.id, settings, {
        deferredFamilies: split.deferred.map((t) => t.family),
        families: familyTable(input.families).families,
      }),
    })),
    ...input.instructions.map((f) => ({ id: `instructions:${f.path}`, text: f.text })),
    ...[...input.skills].sort(byName).map((s) => ({ id: `skill:${s.name}`, text: s.body })),
    ...input.memories.map((m) => ({ id: `memory:${m.id}`, text: m.body })),
  ].filter((b) => b.text.length > 0);
  return sealTier1(tools, system);
}
