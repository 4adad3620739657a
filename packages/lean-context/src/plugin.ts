/**
 * `createLeanContextPlugin`: lean context as a plugin on the engine's hooks.
 *
 * - `registerTools`: the gateways `tool_search`, `tool_call` (fixed in Tier 1), the `skill` tool
 *   (a core row of the composition) and the deferred `skill_search`;
 * - `families` / `groups`: its own `skills` family and the skills, mcp and docs catalog groups
 *   (family-table.ts: they come last, after every other extension's).
 * - `assembleSystemPrompt`: the workspace's Tier 1 as tier1/workspace-tier1.ts makes it (the
 *   composition unless given, the instruction files, the skills and doc topics beside the entries
 *   other plugins contributed, Tier 1 with its skill index and the families line of the
 *   extensions' declared families, the catalog the gateways navigate, grouped as they declare),
 *   the catalog written to `$PICASSO_HOME/tool-catalog/` for people and the model to read, the
 *   registry captured, and what changed since the workspace's last catalog build
 *   (catalog/catalog-store.ts).
 *   The first assembly for a workspace and cwd is reused, so a session sees one Tier 1.
 * - `sessionFacts`: date, cwd, platform, branch, pinned memories — never Tier 1.
 * - `preStep`: the PreStepNormaliser's appended reminders; its stats go to ContextStats after
 *   the decision is made. Then the Tier-2 budget (budget/tier2-budget.ts): when the lane's open
 *   Tier-2 entries exceed `catalog.tier2BudgetBytes`, one `tier2-budget` reminder collapses the
 *   least recently used; its state is in the step's stats (`tier2Budget`) and the panel.
 * - `toolResult`: an output carrying a `dedupeKey` (a file read) that history already holds
 *   becomes a pointer to the earlier copy.
 * - `describeSettings`: the `picasso-lean-context` namespace (registry, snapshot, counters, events).
 * - `panel`: the same record as lean context's `/context` panel (stats/context-stats-panel.ts),
 *   with a `Catalog` row saying what changed since the last build.
 * - `observe`: Tier-2 loads, compactions and mode changes into the stats journal; Tier-2 loads
 *   into the budget's ledger (`start` reads a resumed session's earlier loads from its log, and
 *   records the catalog build: a `catalog_build` event).
 * With `stats: false` nothing is collected; the bytes sent are the same either way.
 */

import type {
  AssembleContext,
  ExtensionStartContext,
  LogEvent,
  Message,
  PicassoExtension,
  PreStepContext,
  PreStepResult,
  SessionFactsContext,
  Tier1,
  ToolOutput,
  ToolResultContext,
} from "@picasso/protocol";
import {
  DEFAULT_TIER2_BUDGET_BYTES,
  decideTier2Budget,
  type Tier2BudgetState,
} from "./budget/tier2-budget.js";
import { type OpenTier2Entry, Tier2Ledger } from "./budget/tier2-ledger.js";
import { buildCatalog, type Catalog } from "./catalog/build-catalog.js";
import { LEAN_CONTEXT_GROUPS } from "./catalog/catalog-groups.js";
import { type CatalogChanges, changesLine } from "./catalog/catalog-store.js";
import { syncCatalog } from "./catalog/catalog-sync.js";
import { LEAN_CONTEXT_FAMILIES } from "./catalog/family-table.js";
import type { Composition } from "./composition/compose.js";
import { skillSearchTool, toolCallTool, toolSearchTool } from "./gateways/gateway-tools.js";
import type { InstructionFiles } from "./instructions/instruction-files.js";
import { type DedupeResult, dedupeAppend } from "./pre-step/dedupe.js";
import { PreStepNormaliser } from "./pre-step/pre-step-normaliser.js";
import { sessionFacts } from "./session-facts.js";
import type { Skill } from "./skills/skill-discovery.js";
import { skillTool } from "./skills/skill-tool.js";
import { CONTEXT_STATS_NAMESPACE, ContextStats } from "./stats/context-stats.js";
import { contextStatsPanel } from "./stats/context-stats-panel.js";
import type { Tier1Assembly } from "./tier1/assemble-tier1.js";
import { assembleWorkspaceTier1 } from "./tier1/workspace-tier1.js";

export const LEAN_CONTEXT_PLUGIN = "lean-context";

export interface LeanContextOptions {
  /** A resolved composition; without one it is loaded from the surface's patch files. */
  composition?: Composition;
  /** Where the surface patch files live (default: the repository's `patches/`). */
  patchesDir?: string;
  /** Collect ContextStats (default true). Never changes what is sent. */
  stats?: boolean;
  /** Replace the instruction-file loader (tests, other surfaces). */
  loadInstructions?: (workspaceRoot: string, cwd: string) => InstructionFiles;
  /** Claude Code's user folder, whose `skills/` is read (default `$CLAUDE_CONFIG_DIR` or `~/.claude`). */
  claudeHome?: string;
  /** Write the session's catalog to `$PICASSO_HOME/tool-catalog/` (default true). */
  writeCatalog?: boolean;
}

interface Assembled {
  assembly: Tier1Assembly;
  warnings: string[];
  /** Built on first read (a `tool_search`, the panel naming changes). */
  readonly catalog: Catalog;
  skills: Skill[];
  answerBudget: number;
  tier2Budget: number;
  /** What changed since the workspace's last catalog build; none when the catalog is not written. */
  changes?: CatalogChanges;
}

export interface LeanContextPlugin extends PicassoExtension {
  readonly stats: ContextStats | undefined;
  /** The last assembly (Tier 1 plus what it is made of), once assembled. */
  assembly(): Tier1Assembly | undefined;
  /** Warnings of the last assembly (unreadable instruction files, missing core tools…). */
  warnings(): readonly string[];
  /** Dedupe content before appending it (tool results of repeated reads, skill and memory bodies). */
  dedupeAppend(messages: readonly Message[], content: string, label: string, lane?: string): DedupeResult;
  /** The Tier-2 budget of a lane after its last pre-step (undefined before its first). */
  tier2Budget(lane?: string): Tier2BudgetState | undefined;
}

export function createLeanContextPlugin(options: LeanContextOptions = {}): LeanContextPlugin {
  const stats = options.stats === false ? undefined : new ContextStats();
  const normaliser = new PreStepNormaliser();
  const ledger = new Tier2Ledger();
  const budgets = new Map<string, Tier2BudgetState>();
  const collapsedSoFar = new Map<string, string[]>();
  const assemblies = new Map<string, Assembled>();
  let last: Assembled | undefined;
  const empty = buildCatalog({});
  const sources = {
    catalog: () => last?.catalog ?? empty,
    coreNames: () => last?.assembly.split.core.map((t) => t.spec.name) ?? [],
    answerBudget: () => last?.answerBudget ?? 4096,
  };
  /** An entry's title line: the catalog's title of the leaf it names, else its name. */
  const titleOf = (entry: OpenTier2Entry): string =>
    sources.catalog().leaves.find((l) => l.name === entry.name)?.title ?? entry.name;

  return {
    name: LEAN_CONTEXT_PLUGIN,
    families: LEAN_CONTEXT_FAMILIES,
    groups: LEAN_CONTEXT_GROUPS,
    stats,
    registerTools: () => [
      toolSearchTool(sources),
      toolCallTool(sources),
      skillTool(() => last?.skills ?? []),
      skillSearchTool(sources),
    ],

    assembleSystemPrompt(ctx: AssembleContext): Tier1 {
      const key = `${ctx.surface}\0${ctx.workspaceRoot}\0${ctx.cwd}`;
      let entry = assemblies.get(key);
      if (!entry) {
        const ws = assembleWorkspaceTier1({
          surface: ctx.surface,
          workspaceRoot: ctx.workspaceRoot,
          cwd: ctx.cwd,
          picassoHome: ctx.picassoHome,
          tools: ctx.tools,
          mcpServers: ctx.mcpServers,
          contributed: ctx.catalog ?? [],
          families: ctx.families ?? [],
          groups: ctx.groups ?? [],
          ...(options.composition ? { composition: options.composition } : {}),
          ...(options.patchesDir ? { patchesDir: options.patchesDir } : {}),
          ...(options.claudeHome ? { claudeHome: options.claudeHome } : {}),
          ...(options.loadInstructions ? { loadInstructions: options.loadInstructions } : {}),
        });
        const warnings = ws.warnings;
        // The files in `$PICASSO_HOME/tool-catalog/` and what changed since this workspace's last
        // build; nothing is built or written when the sources and the files are as last left.
        let changes: CatalogChanges | undefined;
        if (options.writeCatalog !== false) {
          const sync = syncCatalog({
            picassoHome: ctx.picassoHome,
            workspaceRoot: ctx.workspaceRoot,
            sourcesKey: ws.catalogKey(),
            catalog: () => ws.catalog,
          });
          if (sync.warning) warnings.push(sync.warning);
          changes = sync.changes;
        }
        entry = {
          assembly: ws.assembly,
          warnings,
          get catalog() {
            return ws.catalog;
          },
          skills: ws.sources.skills,
          answerBudget: ws.answerBudget,
          tier2Budget: ws.tier2Budget,
          ...(changes ? { changes } : {}),
        };
        assemblies.set(key, entry);
      }
      last = entry;
      stats?.captureRegistry(entry.assembly, entry.warnings);
      return entry.assembly.tier1;
    },

    sessionFacts(ctx: SessionFactsContext): string {
      return sessionFacts(ctx);
    },

    preStep(ctx: PreStepContext): PreStepResult {
      const decision = normaliser.step(ctx);
      // Captured after the decision; the stats object is a copy-free read of it.
      stats?.recordStep(ctx, decision.stats);
      const budget = decideTier2Budget(
        ledger.lane(ctx.lane),
        ctx.messages,
        last?.tier2Budget ?? DEFAULT_TIER2_BUDGET_BYTES,
        titleOf,
      );
      budgets.set(ctx.lane, budget.state);
      if (budget.state.collapsed.length)
        collapsedSoFar.set(ctx.lane, [...(collapsedSoFar.get(ctx.lane) ?? []), ...budget.state.collapsed]);
      return {
        append: budget.append ? [...decision.append, budget.append] : decision.append,
        dedupe: { drops: decision.stats.dedupe.drops, bytesSaved: decision.stats.dedupe.bytesSaved },
        stats: {
          ...decision.stats,
          tier2Budget: {
            budgetBytes: budget.state.budgetBytes,
            openBytes: budget.state.openBytes,
            open: budget.state.open.length,
            collapsed: budget.state.collapsed,
          },
        },
      };
    },

    describeSettings() {
      return stats?.describe() ?? { namespace: CONTEXT_STATS_NAMESPACE, value: null };
    },

    panel() {
      const panel = contextStatsPanel(
        LEAN_CONTEXT_PLUGIN,
        stats?.describe().value,
        budgets.get("main"),
        collapsedSoFar.get("main"),
      );
      const changes = last?.changes;
      if (!changes || !last) return panel;
      // The catalog is built for the names of what changed only (none: not built for the panel).
      const moved = changes.added + changes.changed + changes.removed > 0;
      const named = changesLine(changes, moved ? last.catalog : empty);
      const row = { label: "Catalog", value: named.replace(/^catalog: /, "") };
      return {
        ...panel,
        rows: [...panel.rows, { ...row, ...(changes.note ? { tone: "warn" as const } : {}) }],
      };
    },

    observe(event: LogEvent): void {
      stats?.observe(event);
      ledger.observe(event);
    },

    tier2Budget: (lane = "main") => budgets.get(lane),

    /** A resumed session's earlier Tier-2 loads, for the budget (new ones arrive by `observe`). */
    async start(ctx: ExtensionStartContext): Promise<void> {
      // A new session's log holds only its opening, which `observe` has seen: nothing to read back.
      if (ctx.resumed !== false) await ledger.seedFromLog(ctx.logPath);
      const changes = last?.changes;
      if (changes) ctx.record({ type: "catalog_build", ...changes });
    },

    assembly: () => last?.assembly,
    warnings: () => last?.warnings ?? [],

    dedupeAppend(messages, content, label, lane) {
      const result = dedupeAppend(messages, content, label);
      if (result.deduped) stats?.recordDedupe(label, result.bytesSaved, lane);
      return result;
    },

    toolResult(ctx: ToolResultContext): ToolOutput | undefined {
      if (!ctx.output.dedupeKey) return undefined;
      const result = this.dedupeAppend(ctx.messages, ctx.output.content, ctx.output.dedupeKey, ctx.lane);
      return result.deduped ? { ...ctx.output, content: result.content } : undefined;
    },
  };
}
