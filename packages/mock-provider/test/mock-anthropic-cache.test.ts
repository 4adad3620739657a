/**
 * The simulated Anthropic prompt cache seen through the official SDK: writes at breakpoints,
 * reads on repeat, invalidation by prefix order, the minimum cacheable length, the 20-block
 * lookback, TTL expiry with an injected clock, and automatic (top-level) caching.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../src/index.js";
import { anthropicClient, bigTool, filler, prefixTokens, totalTokens } from "./mock-fixtures.js";

type Params = Anthropic.MessageCreateParamsNonStreaming;
const EPHEMERAL = { type: "ephemeral" } as const;

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** tools (2) → system (2 blocks, a breakpoint on the last unless disabled) → the given turns. */
function conversation(
  turns: Anthropic.MessageParam[],
  options: { tools?: Anthropic.Tool[]; systemBreakpoint?: boolean } = {},
): Params {
  return {
    model: "claude-mock",
    max_tokens: 200,
    tools: options.tools ?? [bigTool("read", 300, 1), bigTool("bash", 300, 2)],
    system: [
      { type: "text", text: `You are Picasso. ${filler(200, 3)}` },
      {
        type: "text",
        text: `Project notes: ${filler(100, 4)}`,
        ...(options.systemBreakpoint === false ? {} : { cache_control: EPHEMERAL }),
      },
    ],
    messages: turns,
  };
}

/** A user turn whose last text block carries a breakpoint. */
function userTurn(text: string, breakpoint = true): Anthropic.MessageParam {
  return {
    role: "user",
    content: [{ type: "text", text, ...(breakpoint ? { cache_control: EPHEMERAL } : {}) }],
  };
}

// tools (2) + system (2) = 4 blocks up to and including the system breakpoint; the user turn follows.
const SYSTEM_BLOCKS = 4;

describe("simulated Anthropic prompt cache", () => {
  it("writes the prefix on the first request and reads it on the repeat", async () => {
    server = await startMockServer();
    const client = anthropicClient(server.url);
    const body = conversation([userTurn("fix the bug in src/a.ts")]);
    const first = await client.messages.create(body);
    const cachedPrefix = prefixTokens(body, SYSTEM_BLOCKS + 1);
    expect(cachedPrefix).toBeGreaterThan(1024);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    expect(first.usage.cache_creation_input_tokens).toBe(cachedPrefix);
    expect(first.usage.input_tokens).toBe(0); // the user block itself carries the last breakpoint
    expect(first.usage.cache_creation).toEqual({
      ephemeral_5m_input_tokens: cachedPrefix,
      ephemeral_1h_input_tokens: 0,
    });

    const second = await client.messages.create(body);
    expect(second.usage.cache_read_input_tokens).toBe(cachedPrefix);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
    expect(second.usage.input_tokens).toBe(0);
    expect(totalTokens(body)).toBe(cachedPrefix);
  });

  it("reports input_tokens as the tokens after the last breakpoint", async () => {
    server = await startMockServer();
    const client = anthropicClient(server.url);
    const body = conversation([userTurn("no breakpoint on this turn", false)]);
    const first = await client.messages.create(body);
    const afterBreakpoint = totalTokens(body) - prefixTokens(body, SYSTEM_BLOCKS);
    expect(first.usage.input_tokens).toBe(afterBreakpoint);
    expect(first.usage.cache_creation_input_tokens).toBe(prefixTokens(body, SYSTEM_BLOCKS));
  });

  it("invalidates everything when a tool definition changes", async () => {
    server = await startMockServer();
    const client = anthropicClient(server.url);
    const body = conversation([userTurn("hello")]);
    await client.messages.create(body);
    const changedTool = conversation([userTurn("hello")], {
      tools: [bigTool("read", 300, 9), bigTool("bash", 300, 2)],
    });
    const after = await client.messages.create(changedTool);
    expect(after.usage.cache_read_input_tokens).toBe(0);
    expect(after.usage.cache_creation_input_tokens).toBe(totalTokens(changedTool));
  });

  it("still reads up to the previous breakpoint when the last message changes", async () => {
    server = await startMockServer();
    const client = anthropicClient(server.url);
    await client.messages.create(conversation([userTurn("first wording")]));
    const changed = conversation([userTurn("a different last message")]);
    const after = await client.messages.create(changed);
    expect(after.usage.cache_read_input_tokens).toBe(prefixTokens(changed, SYSTEM_BLOCKS));
    expect(after.usage.cache_creation_input_tokens).toBe(
      totalTokens(changed) - prefixTokens(changed, SYSTEM_BLOCKS),
    );
  });

  it("reads the whole previous turn when the breakpoint moves to the end of a growing conversation", async () => {
    server = await startMockServer();
    const client = anthropicClient(server.url);
    const turn1 = conversation([userTurn("read the notes")]);
    await client.messages.create(turn1);
    const turn2 = conversation([
      userTurn("read the notes", false),
      { role: "assistant", content: "Done reading." },
      userTurn("now summarise them"),
    ]);
    const after = await client.messages.create(turn2);
    expect(after.usage.cache_read_input_tokens).toBe(totalTokens(turn1));
    expect(after.usage.cache_creation_input_tokens).toBe(totalTokens(turn2) - totalTokens(turn1));
  });

  it("caches nothing when the prefix is under the minimum (both counters 0)", async () => {
    server = await startMockServer({ anthropicMinCacheTokens: 4096 });
    const client = anthropicClient(server.url);
    const body = conversation([userTurn("hello")]);
    expect(totalTokens(body)).toBeLessThan(4096);
    for (let i = 0; i < 2; i++) {
      const message = await client.messages.create(body);
      expect(message.usage.cache_read_input_tokens).toBe(0);
      expect(message.usage.cache_creation_input_tokens).toBe(0);
      expect(message.usage.input_tokens).toBe(totalTokens(body));
    }
  });

  describe("20-block lookback", () => {
    /** Turn 1, then turn 2 that adds one assistant message with `n` tool_use blocks and their results. */
    function growBy(n: number, systemBreakpoint: boolean): [Params, Params] {
      const options = { systemBreakpoint };
      const turn1 = conversation([userTurn("inspect every file")], options);
      const calls = Array.from({ length: n }, (_, i) => ({
        type: "tool_use" as const,
        id: `toolu_${i}`,
        name: "read",
        input: { path: `src/f${i}.ts` },
      }));
      const results = calls.map((call, i) => ({
        type: "tool_result" as const,
        tool_use_id: call.id,
        content: `line ${i}`,
        ...(i === n - 1 ? { cache_control: EPHEMERAL } : {}),
      }));
      const turn2 = conversation(
        [
          userTurn("inspect every file", false),
          { role: "assistant", content: calls },
          { role: "user", content: results },
        ],
        options,
      );
      return [turn1, turn2];
    }

    it("hits when a turn adds fewer than 20 blocks past a lone trailing breakpoint", async () => {
      server = await startMockServer();
      const client = anthropicClient(server.url);
      const [turn1, turn2] = growBy(9, false); // 18 new blocks: the old breakpoint is within 20 positions
      await client.messages.create(turn1);
      const after = await client.messages.create(turn2);
      expect(after.usage.cache_read_input_tokens).toBe(totalTokens(turn1));
    });

    it("misses when a turn adds 20+ blocks past a lone trailing breakpoint", async () => {
      server = await startMockServer();
      const client = anthropicClient(server.url);
      const [turn1, turn2] = growBy(11, false); // 22 new blocks
      const first = await client.messages.create(turn1);
      expect(first.usage.cache_creation_input_tokens).toBe(totalTokens(turn1));
      const after = await client.messages.create(turn2);
      expect(after.usage.cache_read_input_tokens).toBe(0);
      expect(after.usage.cache_creation_input_tokens).toBe(totalTokens(turn2));
    });

    it("still reads the system prefix when a second breakpoint sits at the end of the system", async () => {
      server = await startMockServer();
      const client = anthropicClient(server.url);
      const [turn1, turn2] = growBy(11, true);
      await client.messages.create(turn1);
      const after = await client.messages.create(turn2);
      expect(after.usage.cache_read_input_tokens).toBe(prefixTokens(turn2, SYSTEM_BLOCKS));
      expect(after.usage.cache_creation_input_tokens).toBe(
        totalTokens(turn2) - prefixTokens(turn2, SYSTEM_BLOCKS),
      );
    });
  });

  it("expires a 5-minute entry after 5 idle minutes and refreshes it on every hit", async () => {
    let now = 1_000_000;
    server = await startMockServer({ clock: () => now });
    const client = anthropicClient(server.url);
    const body = conversation([userTurn("hello")]);
    await client.messages.create(body);
    now += 4 * 60_000;
    expect((await client.messages.create(body)).usage.cache_read_input_tokens).toBe(totalTokens(body));
    now += 4 * 60_000; // 8 minutes after the write, 4 after the refresh
    expect((await client.messages.create(body)).usage.cache_read_input_tokens).toBe(totalTokens(body));
    now += 5 * 60_000 + 1;
    const expired = await client.messages.create(body);
    expect(expired.usage.cache_read_input_tokens).toBe(0);
    expect(expired.usage.cache_creation_input_tokens).toBe(totalTokens(body));
  });

  it("keeps a 1-hour entry and reports it as ephemeral_1h", async () => {
    let now = 0;
    server = await startMockServer({ clock: () => now });
    const client = anthropicClient(server.url);
    const body = conversation([userTurn("hello")], { systemBreakpoint: false });
    const system = body.system as Anthropic.TextBlockParam[];
    (system[1] as Anthropic.TextBlockParam).cache_control = { type: "ephemeral", ttl: "1h" };
    const first = await client.messages.create(body);
    expect(first.usage.cache_creation?.ephemeral_1h_input_tokens).toBe(prefixTokens(body, SYSTEM_BLOCKS));
    expect(first.usage.cache_creation?.ephemeral_5m_input_tokens).toBe(
      totalTokens(body) - prefixTokens(body, SYSTEM_BLOCKS),
    );
    now += 50 * 60_000;
    const later = await client.messages.create(body);
    expect(later.usage.cache_read_input_tokens).toBe(prefixTokens(body, SYSTEM_BLOCKS));
  });

  it("supports automatic caching with a top-level cache_control", async () => {
    server = await startMockServer();
    const client = anthropicClient(server.url);
    const body = {
      ...conversation([userTurn("hello", false)], { systemBreakpoint: false }),
      cache_control: EPHEMERAL,
    };
    const first = await client.messages.create(body as Params);
    expect(first.usage.cache_creation_input_tokens).toBe(totalTokens(body));
    const second = await client.messages.create(body as Params);
    expect(second.usage.cache_read_input_tokens).toBe(totalTokens(body));
  });
});
