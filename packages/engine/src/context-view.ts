/**
 * The `/context` inspector's data — the context map — built from what the session already has, no
 * provider call. Every token and byte in the window falls in one category, each in one group:
 * - Tier 1: `core tools` and `gateways` (tool specs by the role the assembler gave them; the
 *   gateways section counts with the gateway tools), `system sections` (canonical), `instructions`
 *   (the instruction index) and `skill index`; a Tier 1 without roles counts its tools as core and
 *   its sections as system sections;
 * - history: `session facts` (the first user text starting `<session-facts>`), `tool outputs`
 *   (tool results' text), `images` (image blocks, in user messages and tool results: their image
 *   bytes, and tokens estimated as width×height÷750, at most 1,600 an image — docs/images.md) and
 *   `conversation` (everything else: user input, replies, tool calls, reminders);
 * - Tier-2 loads, by the kind the log's `tier2_load` events recorded: `deferred schemas`,
 *   `MCP catalogs`, `skill bodies`, `memories` and `other Tier-2` (reminders, instructions, plan
 *   mode). A load arrives inside a tool result or a reminder, so its size is taken out of tool
 *   outputs first, then out of the conversation (never below zero); its tokens are its bytes ÷ 4;
 * - free space: the window minus the context in use (never below zero).
 * Bytes are UTF-8 bytes of the text estimated; tokens are o200k estimates (`estimate(text)`),
 * labelled as such, with the provider-reported figure beside them when a request reported one.
 * Below the map, `panels`: each mounted extension's `/context` panel (`PicassoExtension.panel()`,
 * typed rows the extension builds from what it recorded), passed through in mount order; the view
 * knows no extension by name, and every surface renders any panel the same way.
 * With a `cache`, each tool spec, system block and history block is measured once: the key is the
 * object itself (history is append-only and its blocks are never edited), so asking again counts
 * only what is new.
 * One model for every surface: the TUI's `/context` map and pager render it, ACP's
 * `_picasso/context` returns it (live-context-view.ts builds it for a running session).
 */
import type {
  ContextPanel,
  ImageBlock,
  Message,
  Tier1,
  Tier1SectionRole,
  Tier2Kind,
  Usage,
} from "@picasso/protocol";
import { canonicalJson } from "@picasso/protocol/basics";

export type ContextGroup = "Tier 1" | "history" | "Tier-2 loads" | "free";

/** The map's categories, in the order they are shown, with the group each belongs to. */
export const CONTEXT_CATEGORIES = {
  "core tools": "Tier 1",
  gateways: "Tier 1",
  "system sections": "Tier 1",
  instructions: "Tier 1",
  "skill index": "Tier 1",
  "session facts": "history",
  conversation: "history",
  "tool outputs": "history",
  images: "history",
  "deferred schemas": "Tier-2 loads",
  "MCP catalogs": "Tier-2 loads",
  "skill bodies": "Tier-2 loads",
  memories: "Tier-2 loads",
  "other Tier-2": "Tier-2 loads",
  "free space": "free",
} as const satisfies Record<string, ContextGroup>;

export type ContextCategory = keyof typeof CONTEXT_CATEGORIES;

export interface ContextRow {
  category: ContextCategory;
  group: ContextGroup;
  /** UTF-8 bytes (free space: none). */
  bytes: number;
  /** o200k estimate (free space: the window minus the context in use). */
  tokens: number;
  /** Share of the window, 0–100. */
  percent: number;
  /** Share of the estimated context in use, 0–1 (free space: of the window) — what the map's bars show. */
  share: number;
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
  /** The categories' bytes, summed. */
  estimatedBytes: number;
  /** The provider-reported context at the last request (prompt + reply), if any. */
  reportedPromptTokens: number | undefined;
  rows: ContextRow[];
  /** How many image blocks the history holds (their bytes and tokens are the `images` row). */
  imageCount: number;
  /** The mounted extensions' panels, in mount order (none without extensions that have one). */
  panels: ContextPanel[];
  tokenNote: string;
}

/** What one tool spec or block measures: its estimated tokens and UTF-8 bytes. */
export interface BlockSize {
  tokens: number;
  bytes: number;
}

export interface ContextInputs {
  tier1: Tier1;
  history: readonly Message[];
  window: number;
  /** The extensions' panels (`Session.panels()`), shown below the map as they are. */
  panels: readonly ContextPanel[];
  /** Bytes of the Tier-2 loads the log recorded, by kind. */
  tier2: Partial<Record<Tier2Kind, number>>;
  reportedPromptTokens?: number;
  estimate: (text: string) => number;
  /** Sizes already measured, by the block or spec they were measured for. */
  cache?: WeakMap<object, BlockSize>;
}

const SECTION_CATEGORY: Record<Tier1SectionRole, ContextCategory> = {
  canonical: "system sections",
  gateways: "gateways",
  instructions: "instructions",
  skills: "skill index",
};

const TIER2_CATEGORY: Record<Tier2Kind, ContextCategory> = {
  deferred_schema: "deferred schemas",
  mcp_catalog: "MCP catalogs",
  skill_body: "skill bodies",
  memory_body: "memories",
  reminder: "other Tier-2",
  instruction: "other Tier-2",
  plan_mode: "other Tier-2",
  doc_topic: "other Tier-2",
};

/** The size of `text`, measured once per `owner` when a cache is given. */
export function measureBlock(
  owner: object,
  text: () => string,
  estimate: (text: string) => number,
  cache?: WeakMap<object, BlockSize>,
): BlockSize {
  const known = cache?.get(owner);
  if (known !== undefined) return known;
  const t = text();
  const size = { tokens: estimate(t), bytes: Buffer.byteLength(t) };
  cache?.set(owner, size);
  return size;
}

export function buildContextView(input: ContextInputs): ContextView {
  const { tier1 } = input;
  const measure = (owner: object, text: () => string) =>
    measureBlock(owner, text, input.estimate, input.cache);
  const sum = Object.fromEntries(
    Object.keys(CONTEXT_CATEGORIES).map((c) => [c, { tokens: 0, bytes: 0 }]),
  ) as Record<ContextCategory, BlockSize>;
  const add = (category: ContextCategory, size: BlockSize) => {
    sum[category].tokens += size.tokens;
    sum[category].bytes += size.bytes;
  };
  const toolRole = new Map(tier1.toolSizes.map((t) => [t.name, t.role]));
  const sectionRole = new Map(tier1.sections.map((s) => [s.id, s.role]));
  for (const spec of tier1.tools)
    add(
      toolRole.get(spec.name) === "gateway" ? "gateways" : "core tools",
      measure(spec, () => canonicalJson(spec)),
    );
  for (const block of tier1.system)
    add(
      SECTION_CATEGORY[sectionRole.get(block.id) ?? "canonical"],
      measure(block, () => block.text),
    );
  let imageCount = 0;
  const addImage = (image: ImageBlock) => {
    imageCount += 1;
    add("images", imageSize(image));
  };
  input.history.forEach((message, index) => {
    for (const block of message.content) {
      if (block.type === "image") {
        addImage(block);
        continue;
      }
      if (block.type === "tool_result") block.images?.forEach(addImage);
      const size = measure(block, () => blockText(block));
      if (index === 0 && block.type === "text" && block.text.startsWith("<session-facts>"))
        add("session facts", size);
      else add(block.type === "tool_result" ? "tool outputs" : "conversation", size);
    }
  });
  for (const [kind, bytes = 0] of Object.entries(input.tier2) as [Tier2Kind, number | undefined][]) {
    const load = { tokens: Math.ceil(bytes / 4), bytes };
    for (const from of ["tool outputs", "conversation"] as const) {
      const taken = {
        tokens: Math.min(load.tokens, sum[from].tokens),
        bytes: Math.min(load.bytes, sum[from].bytes),
      };
      sum[from].tokens -= taken.tokens;
      sum[from].bytes -= taken.bytes;
      add(TIER2_CATEGORY[kind], taken);
      load.tokens -= taken.tokens;
      load.bytes -= taken.bytes;
    }
  }
  const sizes = Object.values(sum);
  const estimated = sizes.reduce((a, b) => a + b.tokens, 0);
  const used = input.reportedPromptTokens ?? estimated;
  sum["free space"].tokens = Math.max(0, input.window - used);
  const rows = (Object.keys(sum) as ContextCategory[]).map((category) => ({
    category,
    group: CONTEXT_CATEGORIES[category],
    bytes: sum[category].bytes,
    tokens: sum[category].tokens,
    percent: input.window > 0 ? (sum[category].tokens / input.window) * 100 : 0,
    share: ratio(sum[category].tokens, category === "free space" ? input.window : estimated),
  }));
  return {
    window: input.window,
    usedTokens: used,
    estimatedTokens: estimated,
    estimatedBytes: sizes.reduce((a, b) => a + b.bytes, 0),
    reportedPromptTokens: input.reportedPromptTokens,
    rows,
    imageCount,
    panels: [...input.panels],
    tokenNote: "token counts are o200k estimates; the provider's own count is shown when a request was made",
  };
}

function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** Most tokens one image costs (a 1568-px-capped image, as the providers scale it). */
export const IMAGE_MAX_TOKENS = 1600;

/** An image's context size: its bytes, and width×height÷750 tokens (at most 1,600; 1,600 unknown). */
export function imageSize(image: ImageBlock): BlockSize {
  const tokens =
    image.width && image.height
      ? Math.min(IMAGE_MAX_TOKENS, Math.ceil((image.width * image.height) / 750))
      : IMAGE_MAX_TOKENS;
  return { tokens, bytes: image.bytes };
}

/** The text a history block is estimated by (an image's is none: `imageSize` measures it). */
export function blockText(block: Message["content"][number]): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
      return "";
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
