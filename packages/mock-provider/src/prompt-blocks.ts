/**
 * A request as the ordered list of cacheable blocks the CacheSimulator works on, with estimated
 * token counts.
 *
 * Anthropic: each tool, each system block, each content block of each message, in that order.
 * A block's key is the canonical JSON (sorted keys) of the block without `cache_control`; message
 * blocks also carry their role. A block with `cache_control` is a breakpoint; a top-level
 * `cache_control` puts one on the last block that is not thinking.
 * OpenAI: each tool, then each message (role, content, tool calls) as canonical JSON.
 *
 * Tokens are `estimateTokens` (o200k_base) of the key — an estimate, not the provider's count —
 * memoised per key so repeated prefixes cost nothing.
 */
import { canonicalJson, estimateTokens } from "@picasso/protocol";
import type { AnthropicPrompt, CacheControl } from "./anthropic-request.js";
import type { PromptBlock } from "./cache-simulator.js";

const MEMO_LIMIT = 20_000;
const memo = new Map<string, number>();

export function keyTokens(key: string): number {
  let tokens = memo.get(key);
  if (tokens === undefined) {
    tokens = estimateTokens(key);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, tokens);
  }
  return tokens;
}

function withoutCacheControl(value: object): Record<string, unknown> {
  const { cache_control: _ignored, ...rest } = value as Record<string, unknown>;
  return rest;
}

function block(value: unknown, mark: CacheControl | null | undefined): PromptBlock {
  const key = canonicalJson(value);
  return { key, tokens: keyTokens(key), ...(mark ? { breakpoint: { ttl: mark.ttl ?? "5m" } } : {}) };
}

export function anthropicPromptBlocks(prompt: AnthropicPrompt): PromptBlock[] {
  const blocks: PromptBlock[] = [];
  for (const tool of prompt.tools)
    blocks.push(block({ tool: withoutCacheControl(tool) }, tool.cache_control));
  for (const system of prompt.system) {
    blocks.push(block({ system: withoutCacheControl(system) }, system.cache_control));
  }
  const thinking: boolean[] = [];
  for (const message of prompt.messages) {
    for (const content of message.content) {
      const mark = (content as { cache_control?: CacheControl | null }).cache_control;
      blocks.push(block({ role: message.role, ...withoutCacheControl(content) }, mark));
      thinking.push(content.type === "thinking" || content.type === "redacted_thinking");
    }
  }
  if (prompt.autoCache) {
    const offset = blocks.length - thinking.length;
    let last = blocks.length - 1;
    while (last >= offset && thinking[last - offset]) last--;
    const target = blocks[last];
    if (target) target.breakpoint = { ttl: prompt.autoCache.ttl ?? target.breakpoint?.ttl ?? "5m" };
  }
  return blocks;
}

export function openaiPromptBlocks(tools: unknown[], messages: unknown[]): PromptBlock[] {
  return [...tools.map((tool) => block({ tool }, undefined)), ...messages.map((m) => block(m, undefined))];
}

export function sumTokens(blocks: PromptBlock[]): number {
  return blocks.reduce((sum, b) => sum + b.tokens, 0);
}
