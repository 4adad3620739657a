// The OpenAI-compatible adapter over real HTTP through the official `openai` SDK: against the
// mock: text, tool calls by index, cached_tokens in 128-token steps, retries, cut streams and
// error chunks. Local-server quirks are in adapter-openai-quirks.test.ts.

import { type MockScript, type MockServer, startMockServer } from "@picasso/mock-provider";
import { afterEach, describe, expect, it } from "vitest";
import { OpenAIProvider, type RetryPolicy } from "../src/index.js";
import { collect, longText, request, terminalOf, textOf } from "./adapter-harness.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const fast: Partial<RetryPolicy> = { baseDelayMs: 10, maxDelayMs: 40 };

async function providerFor(script: MockScript): Promise<OpenAIProvider> {
  server = await startMockServer({ script });
  return new OpenAIProvider({
    apiKey: "test-key",
    model: "picasso-mock",
    baseUrl: `${server.url}/v1`,
    retry: fast,
  });
}

type ChatBody = { messages: Array<Record<string, unknown>>; tools?: unknown[]; max_tokens?: number };
const lastBody = () => server!.requests.at(-1)!.body as ChatBody;

describe("OpenAIProvider against the mock", () => {
  it("streams text intact and ends with message_stop", async () => {
    const text = "Chat Completions streaming: fragments add up to exactly this sentence.";
    const provider = await providerFor({ steps: [{ text }] });
    const events = await collect(provider, request({ system: [{ id: "a", text: "You are terse." }] }));
    expect(events[0]?.type).toBe("message_start");
    expect(events.filter((e) => e.type === "text_delta").length).toBeGreaterThan(1);
    expect(textOf(events)).toBe(text);
    expect(terminalOf(events)).toMatchObject({
      type: "message_stop",
      stopReason: "end_turn",
      content: [{ type: "text", text }],
    });
    expect(lastBody().messages[0]).toEqual({ role: "system", content: "You are terse." });
    expect(lastBody().max_tokens).toBe(1024);
  });

  it("accumulates two streamed tool calls by index into two tool_use blocks", async () => {
    const a = { path: "src/a.ts" };
    const b = { command: "npm test -- --run", cwd: "packages/x" };
    const provider = await providerFor({
      steps: [
        {
          tool_calls: [
            { name: "read", input: a },
            { name: "bash", input: b },
          ],
        },
      ],
    });
    const tools = [
      { name: "read", description: "Read", inputSchema: { type: "object" } },
      { name: "bash", description: "Run", inputSchema: { type: "object" } },
    ];
    const events = await collect(provider, request({ tools }));
    const starts = events.filter((e) => e.type === "tool_use_start");
    expect(starts.map((s) => (s as { name: string }).name)).toEqual(["read", "bash"]);
    expect(new Set(starts.map((s) => (s as { index: number }).index)).size).toBe(2);
    const stop = terminalOf(events);
    if (stop.type !== "message_stop") throw new Error(JSON.stringify(stop));
    expect(stop.stopReason).toBe("tool_use");
    expect(stop.content).toEqual([
      { type: "tool_use", id: expect.any(String), name: "read", input: a },
      { type: "tool_use", id: expect.any(String), name: "bash", input: b },
    ]);
    expect(lastBody().tools).toEqual([
      { type: "function", function: { name: "read", description: "Read", parameters: { type: "object" } } },
      { type: "function", function: { name: "bash", description: "Run", parameters: { type: "object" } } },
    ]);
  });

  it("sends tool calls back as assistant tool_calls and role:tool messages", async () => {
    const provider = await providerFor({ steps: [{ text: "done" }] });
    await collect(
      provider,
      request({
        messages: [
          { role: "user", content: [{ type: "text", text: "read a" }] },
          {
            role: "assistant",
            content: [
              { type: "text", text: "Reading." },
              { type: "tool_use", id: "call_1", name: "read", input: { path: "a" } },
            ],
          },
          {
            role: "user",
            content: [
              { type: "tool_result", toolUseId: "call_1", content: "missing", isError: true },
              { type: "text", text: "and then?" },
            ],
          },
        ],
      }),
    );
    expect(lastBody().messages).toEqual([
      { role: "user", content: "read a" },
      {
        role: "assistant",
        content: "Reading.",
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "read", arguments: '{"path":"a"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "Error: missing" },
      { role: "user", content: "and then?" },
    ]);
  });

  it("maps cached_tokens: a repeated prompt reads its prefix in 128-token steps; no cache writes reported", async () => {
    const provider = await providerFor({ steps: [{ text: "one" }, { text: "two" }] });
    const req = request({ system: [{ id: "big", text: longText(1200) }] });
    const first = terminalOf(await collect(provider, req));
    const second = terminalOf(await collect(provider, req));
    if (first.type !== "message_stop" || second.type !== "message_stop")
      throw new Error("expected message_stop");
    expect(first.usage.cacheReadTokens).toBe(0);
    expect(second.usage.cacheReadTokens).toBeGreaterThanOrEqual(1024);
    expect(second.usage.cacheReadTokens! % 128).toBe(0);
    // inputTokens is the uncached part: prompt_tokens - cached_tokens.
    expect(second.usage.inputTokens! + second.usage.cacheReadTokens!).toBe(first.usage.inputTokens);
    expect(second.usage.outputTokens).toBeGreaterThan(0);
    expect(second.usage.cacheWriteTokens).toBeUndefined();
    expect("cacheWriteTokens" in second.usage).toBe(false);
  });

  it("retries a 429 transparently and reports a cut stream as stream_cut", async () => {
    const provider = await providerFor({
      steps: [{ text: "first answer after a retry" }, { text: "this second answer gets cut in the middle" }],
      faults: [
        { request: 1, kind: "rate_limit", retry_after: 0 },
        { request: 3, kind: "cut" },
      ],
    });
    const events = await collect(provider, request());
    expect(events[0]).toMatchObject({
      type: "retry",
      attempt: 1,
      delayMs: 0,
      error: { kind: "rate_limit", status: 429 },
    });
    expect(terminalOf(events)).toMatchObject({ type: "message_stop" });
    expect(textOf(events)).toBe("first answer after a retry");
    const cut = await collect(provider, request(), { guardMs: 20_000 });
    expect(terminalOf(cut)).toMatchObject({ type: "error", error: { kind: "stream_cut" } });
  });

  it("an error chunk mid-stream (after text was shown) is terminal, with the server's message", async () => {
    const provider = await providerFor({
      steps: [{ text: "this reply is interrupted by an error chunk" }],
      faults: [{ request: 1, kind: "stream_error" }],
    });
    const events = await collect(provider, request());
    expect(events.some((e) => e.type === "text_delta")).toBe(true);
    expect(events.some((e) => e.type === "retry")).toBe(false);
    expect(terminalOf(events)).toMatchObject({
      type: "error",
      error: { kind: "overloaded", message: expect.stringContaining("Overloaded") },
    });
  });
});
