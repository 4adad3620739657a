import { describe, expect, it } from "vitest";
import { CacheSimulator, type PromptBlock } from "./cache-simulator.js";

/** Blocks of `tokens` each; `marks` are the positions carrying a (5m) breakpoint. */
function blocks(keys: string[], tokens: number, marks: Record<number, "5m" | "1h">): PromptBlock[] {
  return keys.map((key, i) => ({ key, tokens, ...(marks[i] ? { breakpoint: { ttl: marks[i] } } : {}) }));
}
const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("CacheSimulator — Anthropic", () => {
  it("writes at the breakpoint on the first request and reads it on the second", () => {
    const cache = new CacheSimulator({ anthropicMinTokens: 1024 });
    const prompt = blocks(keys("b", 6), 300, { 4: "5m" });
    expect(cache.anthropic("m", prompt)).toEqual({
      input_tokens: 300,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 1500,
      cache_creation: { ephemeral_5m_input_tokens: 1500, ephemeral_1h_input_tokens: 0 },
    });
    expect(cache.anthropic("m", prompt)).toMatchObject({
      input_tokens: 300,
      cache_read_input_tokens: 1500,
      cache_creation_input_tokens: 0,
    });
  });

  it("caches nothing below the minimum and reports both counters as 0", () => {
    const cache = new CacheSimulator({ anthropicMinTokens: 2048 });
    const prompt = blocks(keys("b", 4), 400, { 3: "5m" });
    cache.anthropic("m", prompt);
    expect(cache.anthropic("m", prompt)).toMatchObject({
      input_tokens: 1600,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
  });

  it("keys entries by model", () => {
    const cache = new CacheSimulator({ anthropicMinTokens: 10 });
    const prompt = blocks(keys("b", 3), 100, { 2: "5m" });
    cache.anthropic("a", prompt);
    expect(cache.anthropic("b", prompt).cache_read_input_tokens).toBe(0);
  });

  it("looks back 20 positions from a breakpoint, counting the breakpoint itself", () => {
    const cache = new CacheSimulator({ anthropicMinTokens: 10 });
    const base = keys("b", 5);
    cache.anthropic("m", blocks(base, 10, { 4: "5m" }));
    // Entry at position 4; a breakpoint at 4 + 19 = 23 still sees it, one at 24 does not.
    const within = blocks([...base, ...keys("w", 19)], 10, { 23: "5m" });
    expect(cache.anthropic("m", within).cache_read_input_tokens).toBe(50);
    const fresh = new CacheSimulator({ anthropicMinTokens: 10 });
    fresh.anthropic("m", blocks(base, 10, { 4: "5m" }));
    const beyond = blocks([...base, ...keys("w", 20)], 10, { 24: "5m" });
    expect(fresh.anthropic("m", beyond)).toMatchObject({
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 250,
      input_tokens: 0,
    });
  });

  it("takes the longest hit over all breakpoints and splits creation by TTL", () => {
    const cache = new CacheSimulator({ anthropicMinTokens: 10 });
    const first = blocks(keys("b", 8), 10, { 1: "1h", 5: "5m" });
    expect(cache.anthropic("m", first).cache_creation).toEqual({
      ephemeral_1h_input_tokens: 20,
      ephemeral_5m_input_tokens: 40,
    });
    const second = blocks([...keys("b", 6), ...keys("x", 40)], 10, { 1: "1h", 5: "5m", 45: "5m" });
    expect(cache.anthropic("m", second)).toMatchObject({
      cache_read_input_tokens: 60,
      cache_creation_input_tokens: 400,
      input_tokens: 0,
    });
  });

  it("expires entries after the TTL and refreshes them on a hit", () => {
    let now = 0;
    const cache = new CacheSimulator({ anthropicMinTokens: 10, clock: () => now });
    const prompt = blocks(keys("b", 3), 10, { 2: "5m" });
    cache.anthropic("m", prompt);
    now = 4 * 60_000;
    expect(cache.anthropic("m", prompt).cache_read_input_tokens).toBe(30);
    now = 8 * 60_000; // 4 min after the refresh: still alive
    expect(cache.anthropic("m", prompt).cache_read_input_tokens).toBe(30);
    now = 13 * 60_000 + 1; // 5 min + 1 ms after the last use
    expect(cache.anthropic("m", prompt).cache_read_input_tokens).toBe(0);
  });

  it("keeps a 1h entry alive past 5 minutes", () => {
    let now = 0;
    const cache = new CacheSimulator({ anthropicMinTokens: 10, clock: () => now });
    const prompt = blocks(keys("b", 3), 10, { 2: "1h" });
    cache.anthropic("m", prompt);
    now = 59 * 60_000;
    expect(cache.anthropic("m", prompt).cache_read_input_tokens).toBe(30);
  });
});

describe("CacheSimulator — OpenAI", () => {
  it("caches nothing under the minimum", () => {
    const cache = new CacheSimulator();
    const prompt = blocks(keys("b", 10), 100, {});
    cache.openai("m", prompt);
    expect(cache.openai("m", prompt)).toBe(0);
  });

  it("reports the longest seen prefix rounded down to 128-token steps from 1024", () => {
    const cache = new CacheSimulator();
    const first = blocks(keys("b", 13), 100, {}); // 1300 tokens
    expect(cache.openai("m", first)).toBe(0);
    const longer = blocks([...keys("b", 13), ...keys("x", 10)], 100, {});
    expect(cache.openai("m", longer)).toBe(1280);
    const third = blocks([...keys("b", 13), ...keys("x", 10), "y"], 100, {});
    const cached = cache.openai("m", third);
    expect(cached).toBe(2176); // 2300 tokens seen before → 1024 + 9·128
    expect((cached - 1024) % 128).toBe(0);
  });

  it("gives no credit past the first changed block", () => {
    const cache = new CacheSimulator();
    cache.openai("m", blocks(keys("b", 30), 100, {}));
    const changed = blocks([...keys("b", 12), "changed", ...keys("c", 17)], 100, {});
    expect(cache.openai("m", changed)).toBe(1152);
  });
});
