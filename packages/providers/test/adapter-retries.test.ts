// Faults through the Anthropic adapter, over real HTTP: 429 / 500 / 529 are retried with a
// visible `retry` event (retry-after honoured); exhaustion and non-retryable errors end with one
// terminal `error`.
import { describe, expect, it } from "vitest";
import {
  anthropicFixtures,
  collect,
  FAST_RETRY,
  request,
  sse,
  sseMessageStart,
  sseText,
  startRawServer,
  startSse,
  terminalOf,
  textOf,
} from "./adapter-harness.js";

const { mockProvider, rawProvider, raw: serve, server } = anthropicFixtures();
const fast = FAST_RETRY;

describe("retries", () => {
  it("429 then success: one retry event honouring retry-after, then the message", async () => {
    const provider = await mockProvider({
      steps: [{ text: "after the rate limit" }],
      faults: [{ request: 1, kind: "rate_limit", retry_after: 1 }],
    });
    const started = Date.now();
    const events = await collect(provider, request());
    const elapsed = Date.now() - started;
    expect(events[0]).toEqual({
      type: "retry",
      attempt: 1,
      delayMs: 1000,
      error: expect.objectContaining({ kind: "rate_limit", status: 429, retryable: true }),
    });
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(events.filter((e) => e.type === "message_start")).toHaveLength(1);
    expect(textOf(events)).toBe("after the rate limit");
    expect(terminalOf(events)).toMatchObject({ type: "message_stop", stopReason: "end_turn" });
    expect(server().requests).toHaveLength(2);
  });

  it("500 and 529 overloaded are retried with backoff", async () => {
    const provider = await mockProvider({
      steps: [{ text: "finally" }],
      faults: [
        { request: 1, kind: "server" },
        { request: 2, kind: "overloaded" },
      ],
    });
    const events = await collect(provider, request());
    const retries = events.filter((e) => e.type === "retry");
    expect(retries).toMatchObject([
      { attempt: 1, error: { kind: "server", status: 500 } },
      { attempt: 2, error: { kind: "overloaded", status: 529 } },
    ]);
    // Exponential backoff with equal jitter: retry n waits between half and all of base·2^(n-1).
    const [first, second] = retries as Array<{ delayMs: number }>;
    expect(first!.delayMs).toBeGreaterThanOrEqual(5);
    expect(first!.delayMs).toBeLessThanOrEqual(10);
    expect(second!.delayMs).toBeGreaterThanOrEqual(10);
    expect(second!.delayMs).toBeLessThanOrEqual(20);
    expect(terminalOf(events)).toMatchObject({
      type: "message_stop",
      content: [{ type: "text", text: "finally" }],
    });
  });

  it("retries exhausted → one terminal error saying so", async () => {
    const provider = await mockProvider(
      {
        steps: [{ text: "never reached" }],
        faults: [1, 2, 3].map((n) => ({ request: n, kind: "server" as const })),
      },
      { ...fast, maxAttempts: 3 },
    );
    const events = await collect(provider, request());
    expect(events.map((e) => e.type)).toEqual(["retry", "retry", "error"]);
    const error = terminalOf(events);
    expect(error).toMatchObject({ type: "error", error: { kind: "server", status: 500 } });
    expect((error as { error: { message: string } }).error.message).toMatch(/gave up after 3 attempts/);
    expect(server().requests).toHaveLength(3);
  });

  it("an SSE overloaded_error before any content is retried; retry-after-ms is honoured", async () => {
    const raw = await serve((_req, res, hit) => {
      if (hit === 1) {
        res.writeHead(429, {
          "content-type": "application/json",
          "retry-after-ms": "120",
          "retry-after": "9",
        });
        res.end(JSON.stringify({ type: "error", error: { type: "rate_limit_error", message: "slow down" } }));
        return;
      }
      startSse(res);
      sseMessageStart(res, 5);
      if (hit === 2) {
        sse(res, "error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
        res.end();
        return;
      }
      sseText(res, "ok", true);
      sse(res, "content_block_stop", { type: "content_block_stop", index: 0 });
      sse(res, "message_delta", {
        type: "message_delta",
        delta: { stop_reason: "end_turn" },
        usage: { output_tokens: 3 },
      });
      sse(res, "message_stop", { type: "message_stop" });
      res.end();
    });
    const events = await collect(rawProvider(raw.url), request());
    expect(events.filter((e) => e.type === "retry")).toMatchObject([
      { attempt: 1, delayMs: 120, error: { kind: "rate_limit" } },
      { attempt: 2, error: { kind: "overloaded" } },
    ]);
    expect(events.filter((e) => e.type === "message_start")).toHaveLength(1);
    expect(terminalOf(events)).toMatchObject({
      type: "message_stop",
      usage: { inputTokens: 5, outputTokens: 3 },
    });
  });

  it("the mock's mid-stream overloaded_error (after text was shown) ends the stream, unretried", async () => {
    const provider = await mockProvider({
      steps: [{ text: "this reply is interrupted by an overloaded error event" }],
      faults: [{ request: 1, kind: "stream_error" }],
    });
    const events = await collect(provider, request());
    expect(events.some((e) => e.type === "text_delta")).toBe(true);
    expect(events.some((e) => e.type === "retry")).toBe(false);
    expect(terminalOf(events)).toMatchObject({ type: "error", error: { kind: "overloaded" } });
    expect(server().requests).toHaveLength(1);
  });

  it("an error event after content was shown is terminal, not retried", async () => {
    const raw = await serve((_req, res) => {
      startSse(res);
      sseMessageStart(res, 5);
      sseText(res, "partial", true);
      sse(res, "error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
      res.end();
    });
    const events = await collect(rawProvider(raw.url), request());
    expect(events.map((e) => e.type)).toEqual(["message_start", "text_delta", "error"]);
    expect(terminalOf(events)).toMatchObject({ error: { kind: "overloaded" } });
    expect(raw.hits).toBe(1);
  });
});

describe("non-retryable errors", () => {
  it("401 → one terminal auth error that says to check ANTHROPIC_API_KEY", async () => {
    const raw = await serve((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          type: "error",
          error: { type: "authentication_error", message: "invalid x-api-key" },
        }),
      );
    });
    const events = await collect(rawProvider(raw.url), request());
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "error",
      error: { kind: "auth", status: 401, retryable: false },
    });
    expect((events[0] as { error: { message: string } }).error.message).toMatch(
      /invalid x-api-key.*ANTHROPIC_API_KEY/,
    );
    expect(raw.hits).toBe(1);
  });

  it("a 400 from the mock (tool_use without its tool_result) is terminal with the API's message", async () => {
    const provider = await mockProvider({ steps: [{ text: "never" }] });
    const events = await collect(
      provider,
      request({
        messages: [
          { role: "user", content: [{ type: "text", text: "go" }] },
          { role: "assistant", content: [{ type: "tool_use", id: "toolu_x", name: "read", input: {} }] },
          { role: "user", content: [{ type: "text", text: "forgot the result" }] },
        ],
      }),
    );
    expect(events).toEqual([
      {
        type: "error",
        error: expect.objectContaining({
          kind: "bad_request",
          status: 400,
          retryable: false,
          message: expect.stringMatching(/tool_use|tool_result/),
        }),
      },
    ]);
  });

  it("a refused connection is retried as a network fault, then reported", async () => {
    // A server that was there and is gone: its port refuses connections.
    const gone = await startRawServer(() => {});
    const url = gone.url;
    await gone.close();
    const events = await collect(rawProvider(url, { ...fast, maxAttempts: 2 }), request());
    expect(events.map((e) => e.type)).toEqual(["retry", "error"]);
    expect(terminalOf(events)).toMatchObject({ error: { kind: "network", retryable: true } });
  });
});
