/**
 * The plugin host: the typed hooks of `PicassoPlugin`, called in plugin order.
 * - `tool/register`: every plugin's tools are collected once; a duplicate name is an error
 *   naming both plugins.
 * - `catalog/entries`: every plugin's contributed catalog entries, in plugin order, collected
 *   once right before assembly and handed to the assembler as `AssembleContext.catalog`.
 * - `system-prompt/assemble`: the first plugin that implements it builds Tier 1, once per
 *   session (the host caches it). Without such a plugin the host uses a minimal Tier 1 of every
 *   registered tool and one identity block, so the engine runs on its own in tests.
 * - `session/facts`: the texts of all plugins, joined by a blank line (`sessionFactParts`: each
 *   plugin's own, which the protected context keeps as sections).
 * - `agent/pre-step`: every plugin's appended messages, in plugin order, and the sum of their
 *   dedupe figures; a plugin that throws is reported and skipped, never fatal to the step.
 * - `tool/result`: each plugin in turn may rewrite a successful tool output.
 * - `agents/definitions`: every plugin's agent definitions, in plugin order; a name defined twice
 *   keeps its first (the extension that reads the files already put project ones first).
 * - `settings/describe`: one namespaced value per plugin.
 * - observers: see `SessionLog`.
 * The surface-facing half of `PicassoExtension` (protocol extension.ts):
 * - `families` and `groups`: collected in mount order, handed to the assembler; a family or group
 *   declared twice is an error naming both extensions;
 * - `factLines`: collected in mount order into `SessionFactsContext.facts`;
 * - `start`: in mount order once the session is open; `close`: in reverse order, each once, a
 *   failing one reported and the rest still closed;
 * - `panels`: each extension's `/context` panel, in mount order (a throwing one becomes a panel
 *   saying so);
 * - `gates`: the lifecycle gates (lifecycle-gates.ts), strictest answer wins;
 * - `operations`: every extension's operations; a name that is not `OPERATION_NAME` or is taken
 *   twice is an error naming both extensions.
 */
import {
  type AgentDefinition,
  type AppendedMessage,
  type AssembleContext,
  type CatalogEntry,
  type CatalogGroupTitle,
  type ContextPanel,
  type ExtensionOperation,
  type ExtensionStartContext,
  OPERATION_NAME,
  type PicassoExtension,
  type PreStepContext,
  type SessionFactsContext,
  type SystemBlock,
  sealTier1,
  type Tier1,
  type ToolDefinition,
  type ToolFamily,
  type ToolOutput,
  type ToolResultContext,
  type ToolSpec,
} from "@picasso/protocol";
import { extensionPanels } from "./extension-panels.js";
import { LifecycleGates } from "./lifecycle-gates.js";

export class PluginHost {
  private tier1: Tier1 | undefined;
  private readonly toolList: ToolDefinition[];
  private readonly toolsByName = new Map<string, ToolDefinition>();

  private readonly familyList: ToolFamily[] = [];
  private readonly groupList: CatalogGroupTitle[] = [];
  private readonly operationList: ExtensionOperation[] = [];
  private closing: Promise<void> | undefined;
  /** The extensions' lifecycle gates (lifecycle-gates.ts). */
  readonly gates: LifecycleGates;

  constructor(readonly plugins: readonly PicassoExtension[]) {
    this.gates = new LifecycleGates(plugins);
    const owner = new Map<string, string>();
    this.toolList = [];
    const declared = (kind: string, seen: Map<string, string>, name: string, by: string) => {
      const first = seen.get(name);
      if (first) throw new Error(`${kind} "${name}" is declared twice: by extension ${first} and by ${by}`);
      seen.set(name, by);
    };
    const families = new Map<string, string>();
    const groups = new Map<string, string>();
    const operations = new Map<string, string>();
    for (const plugin of plugins) {
      for (const family of plugin.families ?? []) {
        declared("tool family", families, family.name, plugin.name);
        this.familyList.push(family);
      }
      for (const group of plugin.groups ?? []) {
        declared("catalog group", groups, group.group, plugin.name);
        this.groupList.push(group);
      }
      for (const operation of plugin.operations ?? []) {
        if (!OPERATION_NAME.test(operation.name))
          throw new Error(
            `operation "${operation.name}" of extension ${plugin.name}: use lowercase letters, digits and "-" (at most 64), starting with a letter`,
          );
        declared("operation", operations, operation.name, plugin.name);
        this.operationList.push(operation);
      }
    }
    for (const plugin of plugins) {
      for (const tool of plugin.registerTools?.() ?? []) {
        const name = tool.spec.name;
        const first = owner.get(name);
        if (first)
          throw new Error(`tool "${name}" is registered twice: by plugin ${first} and by ${plugin.name}`);
        owner.set(name, plugin.name);
        this.toolList.push(tool);
        this.toolsByName.set(name, tool);
      }
    }
  }

  get tools(): readonly ToolDefinition[] {
    return this.toolList;
  }

  tool(name: string): ToolDefinition | undefined {
    return this.toolsByName.get(name);
  }

  /** Tier 1 for this session, assembled on first call and then cached. */
  async assemble(ctx: Omit<AssembleContext, "tools">): Promise<Tier1> {
    if (this.tier1) return this.tier1;
    const assembler = this.plugins.find((p) => p.assembleSystemPrompt);
    const catalog: CatalogEntry[] = [];
    for (const plugin of this.plugins) {
      if (!plugin.catalogEntries) continue;
      const { surface, workspaceRoot, cwd, picassoHome } = ctx;
      catalog.push(...(await plugin.catalogEntries({ surface, workspaceRoot, cwd, picassoHome })));
    }
    const full: AssembleContext = {
      ...ctx,
      tools: [...this.toolList],
      ...(catalog.length > 0 ? { catalog } : {}),
      families: this.familyList,
      groups: this.groupList,
    };
    this.tier1 = assembler?.assembleSystemPrompt
      ? await assembler.assembleSystemPrompt(full)
      : defaultTier1(this.toolList.map((t) => t.spec));
    return this.tier1;
  }

  /** Use an already known Tier 1 (a resumed session keeps the one it was logged with). */
  adoptTier1(tier1: Tier1): void {
    this.tier1 = tier1;
  }

  sessionFacts(ctx: SessionFactsContext): string | undefined {
    const parts = sessionFactParts(this.plugins, ctx);
    return parts.length ? parts.map((part) => part.text).join("\n\n") : undefined;
  }

  async preStep(
    ctx: PreStepContext,
    onError: (plugin: string, error: unknown) => void,
  ): Promise<{
    append: AppendedMessage[];
    dedupe: { drops: number; bytesSaved: number };
    stats: Record<string, unknown>;
  }> {
    const append: AppendedMessage[] = [];
    const dedupe = { drops: 0, bytesSaved: 0 };
    const stats: Record<string, unknown> = {};
    for (const plugin of this.plugins) {
      if (!plugin.preStep) continue;
      try {
        const result = await plugin.preStep(ctx);
        append.push(...result.append);
        dedupe.drops += result.dedupe?.drops ?? 0;
        dedupe.bytesSaved += result.dedupe?.bytesSaved ?? 0;
        if (result.stats) stats[plugin.name] = result.stats;
      } catch (error) {
        onError(plugin.name, error);
      }
    }
    return { append, dedupe, stats };
  }

  /** A successful tool output, as every `tool/result` hook leaves it. */
  toolResult(ctx: ToolResultContext): ToolOutput {
    let output = ctx.output;
    for (const plugin of this.plugins) output = plugin.toolResult?.({ ...ctx, output }) ?? output;
    return output;
  }

  /** The agent definitions `subagent {agent}` may name (a name taken twice keeps its first). */
  agentDefinitions(): AgentDefinition[] {
    const seen = new Set<string>();
    const out: AgentDefinition[] = [];
    for (const plugin of this.plugins)
      for (const agent of plugin.agentDefinitions?.() ?? []) {
        if (seen.has(agent.name)) continue;
        seen.add(agent.name);
        out.push(agent);
      }
    return out;
  }

  describeSettings(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const plugin of this.plugins) {
      const described = plugin.describeSettings?.();
      if (described) out[described.namespace] = described.value;
    }
    return out;
  }

  observers(): Array<NonNullable<PicassoExtension["observe"]>> {
    return this.plugins.filter((p) => p.observe).map((p) => p.observe!.bind(p));
  }

  /** The tool families the extensions declare, in mount order. */
  get families(): readonly ToolFamily[] {
    return this.familyList;
  }

  /** Every extension's operations, in mount order. */
  get operations(): readonly ExtensionOperation[] {
    return this.operationList;
  }

  /** The extensions' `/context` panels, in mount order. */
  panels(): ContextPanel[] {
    return extensionPanels(this.plugins);
  }

  /** Start every extension, in mount order; one that throws stops the opening. */
  async start(ctx: ExtensionStartContext): Promise<void> {
    for (const plugin of this.plugins) {
      await plugin.start?.(ctx);
    }
  }

  /**
   * Close every extension once, in reverse mount order — started or not (an extension may hold
   * resources from its creation). A failing close is passed to `onError` and the rest still close.
   */
  close(onError: ExtensionErrorHandler = () => {}): Promise<void> {
    this.closing ??= closeExtensions(this.plugins, onError);
    return this.closing;
  }
}

/**
 * Each extension's session-facts text (every extension's `factLines` handed to all), in mount
 * order, empty ones left out: `sessionFacts` joins them; the protected context keeps each as a
 * section sourced by its extension.
 */
export function sessionFactParts(
  extensions: readonly PicassoExtension[],
  ctx: SessionFactsContext,
): { source: string; text: string }[] {
  const full = { ...ctx, facts: extensions.flatMap((p) => p.factLines?.() ?? []) };
  return extensions.flatMap((p) => {
    const text = p.sessionFacts?.(full);
    return text ? [{ source: p.name, text }] : [];
  });
}

export type ExtensionErrorHandler = (extension: string, error: unknown) => void;

/** Close extensions in reverse mount order; a failing close goes to `onError`, the rest still close. */
export async function closeExtensions(
  extensions: readonly PicassoExtension[],
  onError: ExtensionErrorHandler,
): Promise<void> {
  for (const extension of [...extensions].reverse()) {
    try {
      await extension.close?.();
    } catch (error) {
      onError(extension.name, error);
    }
  }
}

const DEFAULT_IDENTITY =
  "You are Picasso, a coding agent working in the user's workspace through the tools you are given. " +
  "Read before you change a file, keep changes small, run the tests, and report what you did.";

/** Tier 1 without a lean-context plugin: every registered tool and one identity block. */
export function defaultTier1(
  tools: ToolSpec[],
  system: SystemBlock[] = [{ id: "engine:identity", text: DEFAULT_IDENTITY }],
): Tier1 {
  return sealTier1(tools, system);
}
