/**
 * The plugin host: the typed hooks of `PicassoPlugin`, called in plugin order.
 * - `tool/register`: every plugin's tools are collected once; a duplicate name is an error
 *   naming both plugins.
 * - `catalog/entries`: every plugin's contributed catalog entries, in plugin order, collected
 *   once right before assembly and handed to the assembler as `AssembleContext.catalog`.
 * - `system-prompt/assemble`: the first plugin that implements it builds Tier 1, once per
 *   session (the host caches it). Without such a plugin the host uses a minimal Tier 1 of every
 *   registered tool and one identity block, so the engine runs on its own in tests.
 * - `session/facts`: the texts of all plugins, joined by a blank line.
 * - `agent/pre-step`: every plugin's appended messages, in plugin order, and the sum of their
 *   dedupe figures; a plugin that throws is reported and skipped, never fatal to the step.
 * - `tool/result`: each plugin in turn may rewrite a successful tool output.
 * - `settings/describe`: one namespaced value per plugin.
 * - observers: see `SessionLog`.
 */
import {
  type AppendedMessage,
  type AssembleContext,
  type CatalogEntry,
  type PicassoPlugin,
  type PreStepContext,
  type SessionFactsContext,
  type SystemBlock,
  sealTier1,
  type Tier1,
  type ToolDefinition,
  type ToolOutput,
  type ToolResultContext,
  type ToolSpec,
} from "@picasso/protocol";

export class PluginHost {
  private tier1: Tier1 | undefined;
  private readonly toolList: ToolDefinition[];
  private readonly toolsByName = new Map<string, ToolDefinition>();

  constructor(readonly plugins: readonly PicassoPlugin[]) {
    const owner = new Map<string, string>();
    this.toolList = [];
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
    const parts = this.plugins
      .map((p) => p.sessionFacts?.(ctx))
      .filter((t): t is string => !!t && t.length > 0);
    return parts.length ? parts.join("\n\n") : undefined;
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

  describeSettings(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const plugin of this.plugins) {
      const described = plugin.describeSettings?.();
      if (described) out[described.namespace] = described.value;
    }
    return out;
  }

  observers(): Array<NonNullable<PicassoPlugin["observe"]>> {
    return this.plugins.filter((p) => p.observe).map((p) => p.observe!.bind(p));
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
