// The Anthropic adapter against the real mock server over HTTP, through the official SDK:
// streamed text and tool calls arrive intact, cache_control lands where the request marks it,
// and cache usage is mapped exactly.

import { type MockScript, type MockServer, startMockServer } from "@picasso/mock-provider";
import type { StreamEvent } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicProvider } from "../src/index.js";
import { collect, longText, request, terminalOf, textOf } from "./adapter-harness.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function providerFor(script?: MockScript): Promise<AnthropicProvider> {
  server = await startMockServer(script ? { script } : {});
  return new AnthropicProvider({ apiKey: "test-key", model: "picasso-mock", baseUrl: server.url });
}

type Body = {
  tools?: Array<Record<string, unknown>>;
  system?: Array<Record<string, unknown>>;
  messages: Array<{ content: Array<Record<string, unknown>> }>;
};
const lastBody = () => server!.requests.at(-1)!.body as Body;

describe("AnthropicProvider: streaming", () => {
  it("streams text intact, in order, ending with message_stop", async () => {
    const text = "Streaming works: several words arrive as separate deltas and add up exactly.";
    const provider = await providerFor({ steps: [{ text }] });
    const events = await collect(provider, request());
    expect(events[0]).toMatchObject({ type: "message_start", model: "picasso-mock" });
    expect(events.filter((e) => e.type === "text_delta").length).toBeGreaterThan(1);
    expect(textOf(events)).toBe(text);
    expect(events).toContainEqual({ type: "block_stop", index: 0, block: { type: "text", text } });
    const stop = terminalOf(events);
    expect(stop).toMatchObject({
      type: "message_stop",
      stopReason: "end_turn",
      content: [{ type: "text", text }],
    });
  });

  it("streams a tool call: start, JSON fragments, then the parsed input at block_stop", async () => {
    const input = { path: "src/a.ts", range: { from: 1, to: 20 }, note: 'quotes " and ünïcode' };
    const provider = await providerFor({
      steps: [{ text: "Reading it.", tool_calls: [{ name: "read", input }] }],
    });
    const tools = [{ name: "read", description: "Read a file", inputSchema: { type: "object" } }];
    const events = await collect(provider, request({ tools }));
    const start = events.find((e) => e.type === "tool_use_start");
    expect(start).toMatchObject({ type: "tool_use_start", index: 1, name: "read" });
    const fragments = events.filter(
      (e): e is Extract<StreamEvent, { type: "tool_use_delta" }> => e.type === "tool_use_delta",
    );
    expect(fragments.length).toBeGreaterThan(1);
    expect(JSON.parse(fragments.map((f) => f.partialJson).join(""))).toEqual(input);
    const id = (start as { id: string }).id;
    expect(events).toContainEqual({
      type: "block_stop",
      index: 1,
      block: { type: "tool_use", id, name: "read", input },
    });
    expect(terminalOf(events)).toMatchObject({
      type: "message_stop",
      stopReason: "tool_use",
      content: [
        { type: "text", text: "Reading it." },
        { type: "tool_use", id, name: "read", input },
      ],
    });
  });

  it("sends tool results, errors and signed thinking back in the API's shape", async () => {
    const provider = await providerFor({ steps: [{ text: "done" }] });
    const events = await collect(
      provider,
      request({
        messages: [
          { role: "user", content: [{ type: "text", text: "read two files" }] },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "unsigned, dropped" },
              { type: "tool_use", id: "toolu_1", name: "read", input: { path: "a" } },
              { type: "tool_use", id: "toolu_2", name: "read", input: { path: "b" } },
            ],
          },
          {
            role: "user",
            content: [
              { type: "tool_result", toolUseId: "toolu_1", content: "file a" },
              { type: "tool_result", toolUseId: "toolu_2", content: "no such file", isError: true },
            ],
          },
        ],
        tools: [{ name: "read", description: "Read", inputSchema: { type: "object" } }],
      }),
    );
    expect(terminalOf(events).type).toBe("message_stop");
    const body = lastBody();
    expect(body.messages[1]!.content).toEqual([
      { type: "tool_use", id: "toolu_1", name: "read", input: { path: "a" } },
      { type: "tool_use", id: "toolu_2", name: "read", input: { path: "b" } },
    ]);
    expect(body.messages[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "file a" },
      { type: "tool_result", tool_use_id: "toolu_2", content: "no such file", is_error: true },
    ]);
    expect(body.tools).toEqual([{ name: "read", description: "Read", input_schema: { type: "object" } }]);
  });
});

describe("AnthropicProvider: cache breakpoints and usage", () => {
  const system = [
    { id: "harness:identity", text: longText(900, "identity") },
    { id: "harness:project", text: longText(200, "project") },
  ];
  const tools = [
    { name: "read", description: "Read a file", inputSchema: { type: "object" } },
    { name: "bash", description: "Run a command", inputSchema: { type: "object" } },
  ];

  it("places cache_control exactly at the marked tool, system block and message", async () => {
    const provider = await providerFor({ steps: [{ text: "ok" }] });
    await collect(
      provider,
      request({
        tools,
        system,
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "first" },
              { type: "text", text: "second" },
            ],
          },
          {
            role: "assistant",
            content: [
              { type: "text", text: "reply" },
              { type: "thinking", thinking: "t", signature: "sig" },
            ],
          },
          { role: "user", content: [{ type: "text", text: "again" }] },
        ],
        cacheBreakpoints: [
          { segment: "tools", index: 1, ttl: "1h" },
          { segment: "system", index: 0 },
          { segment: "message", index: 0 },
          { segment: "message", index: 1 },
        ],
      }),
    );
    const body = lastBody();
    expect(body.tools!.map((t) => t.cache_control)).toEqual([undefined, { type: "ephemeral", ttl: "1h" }]);
    expect(body.system!.map((b) => b.cache_control)).toEqual([{ type: "ephemeral" }, undefined]);
    expect(body.messages[0]!.content.map((b) => b.cache_control)).toEqual([undefined, { type: "ephemeral" }]);
    // A thinking block cannot carry cache_control: the nearest earlier block takes it.
    expect(body.messages[1]!.content.map((b) => b.cache_control)).toEqual([{ type: "ephemeral" }, undefined]);
    expect(body.messages[2]!.content[0]!.cache_control).toBeUndefined();
  });

  it("maps cache usage: the first request writes the prefix, the identical second one reads it", async () => {
    const provider = await providerFor({ steps: [{ text: "one" }, { text: "two" }] });
    const req = request({ tools, system, cacheBreakpoints: [{ segment: "system", index: 1 }] });
    const first = terminalOf(await collect(provider, req));
    const second = terminalOf(await collect(provider, req));
    if (first.type !== "message_stop" || second.type !== "message_stop")
      throw new Error("expected message_stop");
    expect(first.usage.cacheWriteTokens).toBeGreaterThan(1024);
    expect(first.usage.cacheReadTokens).toBe(0);
    expect(first.usage.cacheWrite5mTokens).toBe(first.usage.cacheWriteTokens);
    expect(first.usage.cacheWrite1hTokens).toBe(0);
    expect(second.usage.cacheReadTokens).toBe(first.usage.cacheWriteTokens);
    expect(second.usage.cacheWriteTokens).toBe(0);
    expect(second.usage.inputTokens).toBe(first.usage.inputTokens);
    expect(second.usage.inputTokens).toBeGreaterThan(0);
    expect(second.usage.outputTokens).toBeGreaterThan(0);
  });

  it("a 1h breakpoint is reported as a 1h cache write", async () => {
    const provider = await providerFor({ steps: [{ text: "one" }] });
    const stop = terminalOf(
      await collect(
        provider,
        request({ tools, system, cacheBreakpoints: [{ segment: "system", index: 1, ttl: "1h" }] }),
      ),
    );
    if (stop.type !== "message_stop") throw new Error("expected message_stop");
    expect(stop.usage.cacheWrite1hTokens).toBeGreaterThan(1024);
    expect(stop.usage.cacheWrite1hTokens).toBe(stop.usage.cacheWriteTokens);
  });

  it("a breakpoint that points past the end is a terminal bad_request, not an uncached request", async () => {
    const provider = await providerFor({ steps: [{ text: "never" }] });
    const events = await collect(provider, request({ cacheBreakpoints: [{ segment: "system", index: 3 }] }));
    expect(events).toEqual([
      { type: "error", error: expect.objectContaining({ kind: "bad_request", retryable: false }) },
    ]);
    expect(server!.requests).toHaveLength(0);
  });
});
