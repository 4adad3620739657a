/**
 * Shared fixtures for the mock-provider scenario tests: deterministic filler text, tool
 * definitions big enough to pass the minimum cacheable length, and the expected token count of a
 * prefix computed from the same blocks the simulator sees.
 */
import Anthropic from "@anthropic-ai/sdk";
import { parseAnthropicRequest } from "../src/anthropic-request.js";
import { anthropicPromptBlocks } from "../src/prompt-blocks.js";

const WORDS = ["cache", "prefix", "tool", "engine", "token", "block", "stable", "session", "model", "byte"];

/** Deterministic filler of `n` words, varied by `seed`. */
export function filler(n: number, seed = 0): string {
  return Array.from(
    { length: n },
    (_, i) => `${WORDS[(i * 7 + seed) % WORDS.length]}${(i + seed) % 13}`,
  ).join(" ");
}

export function bigTool(name: string, words = 400, seed = 0): Anthropic.Tool {
  return {
    name,
    description: `${name}: ${filler(words, seed)}`,
    input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  };
}

export function anthropicClient(url: string, maxRetries = 0): Anthropic {
  return new Anthropic({ baseURL: url, apiKey: "test-key", maxRetries });
}

/** Estimated tokens of the first `count` cacheable blocks of a request body. */
export function prefixTokens(body: unknown, count: number): number {
  const blocks = anthropicPromptBlocks(parseAnthropicRequest(body));
  return blocks.slice(0, count).reduce((sum, b) => sum + b.tokens, 0);
}

export function totalTokens(body: unknown): number {
  return prefixTokens(body, Number.POSITIVE_INFINITY);
}

/** Rejects if `promise` does not settle within `ms` — a guard against hangs, not a sleep. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}
