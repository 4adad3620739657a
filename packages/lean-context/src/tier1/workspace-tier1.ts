/**
 * A workspace's Tier 1 from its inputs — the one way lean context makes it, in a session (the
 * plugin's `assembleSystemPrompt`) and outside one (`picasso context`, `picasso tools`:
 * report/inspect-workspace.ts), so that what the report shows is what a session sends: the
 * surface's composition (unless one is given), the instruction files, the skills and doc topics
 * found beside the catalog entries other plugins contribute, Tier 1 assembled from them (its
 * families line from the families the extensions declare), the catalog the gateways navigate
 * (grouped as they declare), and the warnings to show (instruction files left out or cut,
 * missing core tools, bad SKILL.md files…). The only I/O is in the loaders it calls.
 */
import type { CatalogEntry, CatalogGroupTitle, ToolDefinition, ToolFamily } from "@picasso/protocol";
import type { Catalog } from "../catalog/build-catalog.js";
import { type CatalogSources, loadCatalogSources, sessionCatalog } from "../catalog/catalog-sources.js";
import { catalogSourcesKey } from "../catalog/catalog-sync.js";
import { unmatchedDescriptorNotes } from "../catalog/descriptor-overlay.js";
import type { Composition, Surface } from "../composition/compose.js";
import { loadComposition } from "../composition/load-composition.js";
import { type InstructionFiles, loadInstructionFiles } from "../instructions/instruction-files.js";
import { assembleTier1, type Tier1Assembly } from "./assemble-tier1.js";
import { tier1Warnings } from "./tier1-warnings.js";

export interface WorkspaceTier1Input {
  surface: Surface;
  workspaceRoot: string;
  cwd: string;
  picassoHome: string;
  /** Every registered tool; the composition decides which are core and which deferred. */
  tools: readonly ToolDefinition[];
  /** MCP servers mounted beside those the contributed entries name. */
  mcpServers?: readonly string[];
  /** Catalog entries other plugins contribute (MCP servers and tools, skills, docs). */
  contributed?: readonly CatalogEntry[];
  /** The families and group titles the mounted extensions declare, in mount order
   *  (`AssembleContext.families`, `.groups`): the families line and the catalog's groups follow them. */
  families: readonly ToolFamily[];
  groups: readonly CatalogGroupTitle[];
  /** A resolved composition; without one it is loaded from the surface's patch files. */
  composition?: Composition;
  /** Where the surface patch files live (default: the repository's `patches/`). */
  patchesDir?: string;
  /** Claude Code's user folder, whose `skills/` is read (default `$CLAUDE_CONFIG_DIR` or `~/.claude`). */
  claudeHome?: string;
  /** Replace the instruction-file loader (tests, other surfaces). */
  loadInstructions?: (workspaceRoot: string, cwd: string) => InstructionFiles;
}

export interface WorkspaceTier1 {
  composition: Composition;
  instructions: InstructionFiles;
  sources: CatalogSources;
  assembly: Tier1Assembly;
  /** The catalog the gateways navigate, built from `sources` on first read. */
  readonly catalog: Catalog;
  /** The key of what the catalog is built from (catalog/catalog-sync.ts), without building it. */
  catalogKey: () => string;
  warnings: string[];
  /** The answer budget of `tool_search` in this composition. */
  answerBudget: number;
  /** The Tier-2 budget of this composition (`catalog.tier2BudgetBytes`). */
  tier2Budget: number;
}

export function assembleWorkspaceTier1(input: WorkspaceTier1Input): WorkspaceTier1 {
  const { workspaceRoot, picassoHome } = input;
  const composition =
    input.composition ??
    loadComposition({
      surface: input.surface,
      picassoHome,
      workspaceRoot,
      ...(input.patchesDir ? { patchesDir: input.patchesDir } : {}),
    });
  const instructions = (input.loadInstructions ?? loadInstructionFiles)(workspaceRoot, input.cwd);
  const sources = loadCatalogSources({
    workspaceRoot,
    picassoHome,
    ...(input.claudeHome ? { claudeHome: input.claudeHome } : {}),
    contributed: input.contributed ?? [],
  });
  const assembly = assembleTier1({
    composition,
    tools: input.tools,
    mcpServers: [...(input.mcpServers ?? []), ...sources.mcpServers],
    instructions: instructions.files,
    skills: sources.skills,
    families: input.families,
  });
  const declared = { families: input.families, groups: input.groups };
  // Built when first asked for: a session whose catalog files are current needs it only when the
  // model searches (catalog/catalog-sync.ts).
  let built: Catalog | undefined;
  const catalogOf = () => {
    built ??= sessionCatalog(assembly.split.deferred, sources, declared);
    return built;
  };
  // Only the workspace's own descriptor files can name what is not in the catalog.
  const { descriptors } = sources;
  const ownDescriptors = [...descriptors.families.keys()].some((f) => !descriptors.builtIn.has(f));
  return {
    composition,
    instructions,
    sources,
    assembly,
    get catalog() {
      return catalogOf();
    },
    catalogKey: () => catalogSourcesKey(assembly.split.deferred, sources, declared),
    warnings: [
      ...tier1Warnings(instructions.warnings, assembly),
      ...sources.warnings,
      ...(ownDescriptors ? unmatchedDescriptorNotes(catalogOf().nodes, descriptors) : []),
    ],
    answerBudget: composition.settings["catalog.answerBudgetBytes"],
    tier2Budget: composition.settings["catalog.tier2BudgetBytes"],
  };
}
