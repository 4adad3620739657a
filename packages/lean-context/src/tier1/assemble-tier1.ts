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
  byteLength,
  canonicalJson,
  type SkillInfo,
  type SystemBlock,
  sha256,
  type Tier1,
  type ToolDefinition,
  type ToolSpec,
} from "@picasso/protocol";
import type { Composition } from "../composition/compose.js";
import { mcpGatewaySpec, toolCallSpec, toolSearchSpec } from "../gateways/gateway-specs.js";
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

export interface Tier1Input {
  composition: Composition;
  /** Every registered tool; the composition decides which are core. */
  tools: readonly ToolDefinition[];
  mcpServers: readonly string[];
  instructions: readonly InstructionFile[];
  skills: readonly SkillInfo[];
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

export function sealTier1(tools: ToolSpec[], system: SystemBlock[]): Tier1 {
  const toolSizes = tools.map((t) => ({ name: t.name, bytes: byteLength(canonicalJson(t)) }));
  const sections = system.map((b) => ({ id: b.id, bytes: byteLength(b.text), hash: sha256(b.text) }));
  const bytesTools = byteLength(canonicalJson(tools));
  const bytesSystem = sections.reduce((sum, s) => sum + s.bytes, 0);
  return {
    tools,
    system,
    hash: sha256(canonicalJson({ tools, system })),
    bytes: { tools: bytesTools, system: bytesSystem, total: bytesTools + bytesSystem },
    sections,
    toolSizes,
  };
}

export function assembleTier1(input: Tier1Input): Tier1Assembly {
  const { composition } = input;
  const settings = composition.settings;
  const split = splitTools(composition, input.tools);
  const mcpServers = sortedServers(input.mcpServers);
  const tools: ToolSpec[] = [
    ...split.core.map((t) => t.spec),
    toolSearchSpec,
    toolCallSpec,
    ...mcpServers.map(mcpGatewaySpec),
  ].map(canonicalCopy);

  const instructionIndex = buildInstructionIndex([...input.instructions], {
    maxBytes: settings["agent-instructions.maxBytes"],
    targetBytes: settings["agent-instructions.targetBytes"],
  });
  const skillIndex = buildSkillIndex(input.skills, {
    budgetBytes: settings["skills.indexBudgetBytes"],
    namesBudgetBytes: settings["skills.namesBudgetBytes"],
    triggerMaxChars: settings["skills.triggerMaxChars"],
  });
  const system: SystemBlock[] = [
    ...composition.sections.map((row) => ({
      id: row.id,
      text: renderSection(row.id, settings, { deferredFamilies: split.deferred.map((t) => t.family) }),
    })),
    { id: INSTRUCTIONS_SECTION, text: instructionIndex.text },
    { id: SKILLS_SECTION, text: skillIndex.text },
  ].filter((block) => block.text.length > 0);

  return { tier1: sealTier1(tools, system), split, mcpServers, instructionIndex, skillIndex };
}
