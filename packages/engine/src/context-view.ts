/**
 * The `/context` inspector's data, built from what the session already has — no provider call:
 * - Tier 1 (tool specs and system sections) split by the role its assembler gave each tool
 *   (`core` or `gateway`) and section (`canonical`, `gateways`, `instructions`, `skills`); a
 *   Tier 1 without roles counts its tools as core and its sections as canonical;
 * - history: the session-facts block (the first user text starting `<session-facts>`), Tier-2
 *   loads (the bytes the log's `tier2_load` events recorded, taken out of the messages) and the
 *   remaining messages;
 * - free space: the window minus everything above (never below zero).
 * Tokens are estimates (`estimate(text)`), labelled as such; the `picasso-lean-context` value of
 * `settings/describe` is passed through, and absent fields show as "not recorded"; so is the
 * `picasso-mcp` value: each MCP server's state (not spawned / running / failed / exited), tool
 * count and catalog bytes.
 * With a `cache`, each tool spec, system block and history block is estimated once: the key is the
 * object itself (history is append-only and its blocks are never edited), so asking again counts
 * only what is new.
 * One model for every surface: the TUI's `/context` panel renders it, ACP's `_picasso/context`
 * returns it (live-context-view.ts builds it for a running session).
 */
import type { Message, Tier1, Tier1SectionRole, Usage } from "@picasso/protocol";
import { canonicalJson } from "@picasso/protocol/basics";

export type ContextCategory =
  | "canonical sections"
  | "core tools"
  | "gateways"
  | "instruction index"
  | "skill index"
  | "session facts"
  | "messages"
  | "Tier-2 loads"
  | "free space";

export interface ContextRow {
  category: ContextCategory;
  tokens: number;
  percent: number;
}

export interface ContextView {
  window: number;
  /**
   * The context in use — the status line's figure: what the provider reported at the last request
   * (prompt and reply) when it reported, else the estimate below.
   */
  usedTokens: number;
  /** The categories' o200k estimates, summed. */
  estimatedTokens: number;
  /** The provider-reported context at the last request (prompt + reply), if any. */
  reportedPromptTokens: number | undefined;
  rows: ContextRow[];
  leanContext: LeanContextFields | undefined;
  /** The memory plugin's `picasso-memory` settings (database, count, the ranking in use, or why
   *  this session runs without memory); undefined without the plugin. */
  memory: Record<string, unknown> | undefined;
  /** The MCP servers mounted (empty without any). */
  mcpServers: McpServerRow[];
  tokenNote: string;
}

export interface McpServerRow {
  name: string;
  state: string;
  pid: number | null;
  tools: number | null;
  catalogBytes: number | null;
  error: string | null;
}

export interface LeanContextFields {
  registry: unknown;
  snapshot: unknown;
  counters: unknown;
  events: unknown[];
}

export interface ContextInputs {
  tier1: Tier1;
  history: readonly Message[];
  window: number;
  describe: Record<string, unknown>;
  tier2Bytes: number;
  reportedPromptTokens?: number;
  estimate: (text: string) => number;
  /** Estimates already made, by the block or spec they were made for. */
  cache?: WeakMap<object, number>;
}

const SECTION_CATEGORY: Record<Tier1SectionRole, ContextCategory> = {
  canonical: "canonical sections",
  gateways: "gateways",
  instructions: "instruction index",
  skills: "skill index",
};

export function buildContextView(input: ContextInputs): ContextView {
  const { tier1, estimate, cache } = input;
  const tokens = (owner: object, text: () => string): number => {
    const known = cache?.get(owner);
    if (known !== undefined) return known;
    const counted = estimate(text());
    cache?.set(owner, counted);
    return counted;
  };
  const sum: Record<ContextCategory, number> = {
    "canonical sections": 0,
    "core tools": 0,
    gateways: 0,
    "instruction index": 0,
    "skill index": 0,
    "session facts": 0,
    messages: 0,
    "Tier-2 loads": 0,
    "free space": 0,
  };
  const toolRole = new Map(tier1.toolSizes.map((t) => [t.name, t.role]));
  const sectionRole = new Map(tier1.sections.map((s) => [s.id, s.role]));
  for (const spec of tier1.tools)
    sum[toolRole.get(spec.name) === "gateway" ? "gateways" : "core tools"] += tokens(spec, () =>
      canonicalJson(spec),
    );
  for (const block of tier1.system)
    sum[SECTION_CATEGORY[sectionRole.get(block.id) ?? "canonical"]] += tokens(block, () => block.text);
  let historyTokens = 0;
  input.history.forEach((message, index) => {
    for (const block of message.content) {
      const n = tokens(block, () => blockText(block));
      if (index === 0 && block.type === "text" && block.text.startsWith("<session-facts>"))
        sum["session facts"] += n;
      else historyTokens += n;
    }
  });
  const tier2 = Math.min(historyTokens, Math.ceil(input.tier2Bytes / 4));
  sum["Tier-2 loads"] = tier2;
  sum.messages = historyTokens - tier2;
  const estimated = Object.values(sum).reduce((a, b) => a + b, 0);
  const used = input.reportedPromptTokens ?? estimated;
  sum["free space"] = Math.max(0, input.window - used);
  const rows = (Object.keys(sum) as ContextCategory[]).map((category) => ({
    category,
    tokens: sum[category],
    percent: input.window > 0 ? (sum[category] / input.window) * 100 : 0,
  }));
  return {
    window: input.window,
    usedTokens: used,
    estimatedTokens: estimated,
    reportedPromptTokens: input.reportedPromptTokens,
    rows,
    leanContext: leanContextFields(input.describe["picasso-lean-context"]),
    memory: objectOrUndefined(input.describe["picasso-memory"]),
    mcpServers: mcpServerRows(input.describe["picasso-mcp"]),
    tokenNote: "token counts are o200k estimates; the provider's own count is shown when a request was made",
  };
}

function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? { ...value } : undefined;
}

function mcpServerRows(value: unknown): McpServerRow[] {
  const servers = (value as { servers?: unknown } | null | undefined)?.servers;
  if (!Array.isArray(servers)) return [];
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  return servers
    .filter((s): s is Record<string, unknown> => !!s && typeof s === "object")
    .map((s) => ({
      name: String(s.name),
      state: String(s.state ?? "not recorded"),
      pid: num(s.pid),
      tools: num(s.tools),
      catalogBytes: num(s.catalogBytes),
      error: typeof s.error === "string" ? s.error : null,
    }));
}

function leanContextFields(value: unknown): LeanContextFields | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  return {
    registry: v.registry ?? undefined,
    snapshot: v.snapshot ?? undefined,
    counters: v.counters ?? undefined,
    events: Array.isArray(v.events) ? v.events : [],
  };
}

/** The text a history block is estimated by. */
export function blockText(block: Message["content"][number]): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "thinking":
      return block.thinking;
    case "tool_use":
      return `${block.name} ${canonicalJson(block.input)}`;
    case "tool_result":
      return block.content;
  }
}

/** Prompt + output tokens of a step: what the conversation occupies after it (the status line's figure). */
export function contextTokensOf(usage: Usage): number | undefined {
  if (usage.inputTokens === undefined && usage.cacheReadTokens === undefined) return undefined;
  return (
    (usage.inputTokens ?? 0) +
    (usage.cacheReadTokens ?? 0) +
    (usage.cacheWriteTokens ?? 0) +
    (usage.outputTokens ?? 0)
  );
}
