/**
 * Assemble a workspace's Tier 1 and eager baseline outside a session (what `picasso context`
 * prints): find the workspace root, load the surface's composition and the instruction files,
 * assemble both, and build the report. The only I/O is in the loaders it calls.
 */
import type { PermissionMode, SkillInfo, ToolDefinition, ToolSpec } from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
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
  mcpServers?: readonly { name: string; tools: readonly ToolSpec[] }[];
  skills?: readonly (SkillInfo & { body?: string })[];
  patchesDir?: string;
}

export interface WorkspaceContext {
  workspaceRoot: string;
  assembly: Tier1Assembly;
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
  const skills = options.skills ?? [];
  const servers = options.mcpServers ?? [];
  const assembly = assembleTier1({
    composition,
    tools: options.tools,
    mcpServers: servers.map((s) => s.name),
    instructions: instructions.files,
    skills,
  });
  const baseline = assembleEagerBaseline({
    composition,
    tools: options.tools,
    mcpServers: servers,
    instructions: instructions.files,
    skills: skills.map((s) => ({ ...s, body: s.body ?? s.description })),
    memories: [],
  });
  const warnings = tier1Warnings(instructions.warnings, assembly);
  const report = buildContextReport({
    assembly,
    baseline,
    composition,
    mode: options.mode ?? "default",
    warnings,
  });
  return { workspaceRoot, assembly, report };
}
