/**
 * `assembleTier1`: the byte-stable request prefix from the composition and the workspace inputs.
 *
 * Order — tools: the core tools (composition row order), `tool_search`, `tool_call`, then one
 * `<server>_call` per MCP server sorted by name. System: the composition's section rows (sorted
 * by order; canonically identity → persona → style → practice → file reference → core tools →
 * gateways), then the instruction index, then the skill index; an empty block is left out.
 * Every tool spec is rebuilt with sorted keys (canonical JSON), so the objects handed to a
 * provider serialise byte-identically whatever order their keys were built in. The hash is the
 * SHA-256 of canonical `{tools, system}`. Pure: no clock, no mode, no I/O, no machine paths.
 */
import {
  canonicalJson,
  mcpGatewayName,
  mcpGatewaySpec,
  type SkillInfo,
  type SystemBlock,
  sealTier1,
  type Tier1,
  type Tier1SectionRole,
  type Tier1ToolRole,
  type ToolDefinition,
  type ToolFamily,
  type ToolSpec,
} from "@picasso/protocol";
import { familyTable } from "../catalog/family-table.js";
import type { Composition } from "../composition/compose.js";
import { toolCallSpec, toolSearchSpec } from "../gateways/gateway-specs.js";
import {
  buildInstructionIndex,
  type InstructionFile,
  type InstructionIndex,
} from "../instructions/instruction-index.js";
import { renderSection } from "../sections/canonical-sections.js";
import { buildSkillIndex, type SkillIndex } from "../skills/skill-index.js";
import { splitTools, type ToolSplit } from "./tool-split.js";

export const INSTRUCTIONS_SECTION = "instructions:index";
export const SKILLS_SECTION = "skills:index";
export const GATEWAYS_SECTION = "lean:gateways";

export interface Tier1Input {
  composition: Composition;
  /** Every registered tool; the composition decides which are core. */
  tools: readonly ToolDefinition[];
  mcpServers: readonly string[];
  instructions: readonly InstructionFile[];
  skills: readonly SkillInfo[];
  /**
   * The families the mounted extensions declare, in mount order (`AssembleContext.families`):
   * the families line names each deferred one with its `when`, lean context's own last.
   */
  families: readonly ToolFamily[];
}

export interface Tier1Assembly {
  tier1: Tier1;
  split: ToolSplit;
  mcpServers: string[];
  instructionIndex: InstructionIndex;
  skillIndex: SkillIndex;
}

/** A JSON value rebuilt with sorted keys at every level. */
export const canonicalCopy = <T>(value: T): T => JSON.parse(canonicalJson(value)) as T;

export function sortedServers(servers: readonly string[]): string[] {
  return [...new Set(servers)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What a section is, for views that group Tier 1 (the `/context` map) without knowing section ids. */
function sectionRole(id: string): Tier1SectionRole {
  if (id === INSTRUCTIONS_SECTION) return "instructions";
  if (id === SKILLS_SECTION) return "skills";
  if (id === GATEWAYS_SECTION) return "gateways";
  return "canonical";
}

export function assembleTier1(input: Tier1Input): Tier1Assembly {
  const { composition } = input;
  const settings = composition.settings;
  const mcpServers = sortedServers(input.mcpServers);
  // A server's gateway is in Tier 1 after tool_call, never among the deferred tools; when the
  // plugin that contributed the server registered it, its spec is the one sent.
  const gatewayNames = mcpServers.map(mcpGatewayName);
  const isGateway = (t: ToolDefinition) => gatewayNames.includes(t.spec.name);
  const split = splitTools(
    composition,
    input.tools.filter((t) => !isGateway(t)),
  );
  const registered = new Map(input.tools.filter(isGateway).map((t) => [t.spec.name, t.spec]));
  const tools: ToolSpec[] = [
    ...split.core.map((t) => t.spec),
    toolSearchSpec,
    toolCallSpec,
    ...mcpServers.map((s) => registered.get(mcpGatewayName(s)) ?? mcpGatewaySpec(s)),
  ].map(canonicalCopy);

  const instructionIndex = buildInstructionIndex([...input.instructions], {
    maxBytes: settings["agent-instructions.maxBytes"],
    targetBytes: settings["agent-instructions.targetBytes"],
  });
  const skillIndex = buildSkillIndex(input.skills, {
    budgetBytes: settings["skills.indexBudgetBytes"],
    namesBudgetBytes: settings["skills.namesBudgetBytes"],
    triggerMaxChars: settings["skills.triggerMaxChars"],
    triggerMinChars: settings["skills.triggerMinChars"],
  });
  const system: SystemBlock[] = [
    ...composition.sections.map((row) => ({
      id: row.id,
      text: renderSection(row.id, settings, {
        deferredFamilies: split.deferred.map((t) => t.family),
        families: familyTable(input.families).families,
        mcpGateways: gatewayNames,
      }),
    })),
    { id: INSTRUCTIONS_SECTION, text: instructionIndex.text },
    { id: SKILLS_SECTION, text: skillIndex.text },
  ].filter((block) => block.text.length > 0);

  const coreNames = new Set(split.core.map((t) => t.spec.name));
  const toolRoles: Record<string, Tier1ToolRole> = {};
  for (const spec of tools) toolRoles[spec.name] = coreNames.has(spec.name) ? "core" : "gateway";
  const sectionRoles: Record<string, Tier1SectionRole> = {};
  for (const block of system) sectionRoles[block.id] = sectionRole(block.id);
  const tier1 = sealTier1(tools, system, { tools: toolRoles, sections: sectionRoles });
  return { tier1, split, mcpServers, instructionIndex, skillIndex };
}
