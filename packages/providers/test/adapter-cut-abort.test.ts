// Cut streams, stalls and cancellation through the Anthropic adapter, over real HTTP: a cut
// stream or a stalled server never hangs the caller, and abort ends the stream promptly.
import { describe, expect, it } from "vitest";
import {
  anthropicFixtures,
  collect,
  FAST_RETRY,
  request,
  sse,
  sseMessageStart,
  sseText,
  startSse,
  terminalOf,
} from "./adapter-harness.js";

const { mockProvider, rawProvider, raw: serve, server } = anthropicFixtures();
const fast = FAST_RETRY;

describe("cut streams, stalls and abort", () => {
  it("a stream cut mid-block → terminal stream_cut error, never a hang", async () => {
    const provider = await mockProvider({
      steps: [{ text: "this answer will be cut somewhere in the middle of it" }],
      faults: [{ request: 1, kind: "cut" }],
    });
    const events = await collect(provider, request(), { guardMs: 20_000 });
    expect(events.some((e) => e.type === "text_delta")).toBe(true);
    expect(terminalOf(events)).toMatchObject({
      type: "error",
      error: { kind: "stream_cut", retryable: false },
    });
    expect(server().requests).toHaveLength(1);
  });

  it("a server that stalls mid-stream is given up on after idleTimeoutMs", async () => {
    const raw = await serve((_req, res) => {
      startSse(res);
      sseMessageStart(res, 7);
      sseText(res, "thinking about it", true);
      // …and then nothing, forever.
    });
    const events = await collect(rawProvider(raw.url, { ...fast, idleTimeoutMs: 300 }), request(), {
      guardMs: 20_000,
    });
    expect(terminalOf(events)).toMatchObject({
      type: "error",
      error: { kind: "stream_cut", message: expect.stringMatching(/no data/) },
      usage: { inputTokens: 7 },
    });
  });

  it("a slow consumer is not mistaken for a stalled provider", async () => {
    // The server pauses 300 ms mid-stream; the idle limit is 250 ms, but the consumer itself
    // takes 600 ms over the second event, so the provider was never silent while we waited for it.
    const raw = await serve(async (_req, res) => {
      startSse(res);
      sseMessageStart(res, 7);
      sseText(res, "slow ", true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      sseText(res, "reader");
      sse(res, "content_block_stop", { type: "content_block_stop", index: 0 });
      sse(res, "message_delta", {
        type: "message_delta",
        delta: { stop_reason: "end_turn" },
        usage: { output_tokens: 3 },
      });
      sse(res, "message_stop", { type: "message_stop" });
      res.end();
    });
    const provider = rawProvider(raw.url, { ...fast, idleTimeoutMs: 250 });
    const types: string[] = [];
    for await (const event of provider.stream(request())) {
      types.push(event.type);
      if (event.type === "text_delta" && types.length === 2)
        await new Promise((resolve) => setTimeout(resolve, 600));
    }
    expect(types).toEqual(["message_start", "text_delta", "text_delta", "block_stop", "message_stop"]);
  });

  it("abort mid-stream → terminal aborted error, promptly", async () => {
    const raw = await serve((_req, res) => {
      startSse(res);
      sseMessageStart(res, 7);
      sseText(res, "long answer", true);
    });
    const control = new AbortController();
    let abortedAt = 0;
    const events = await collect(rawProvider(raw.url), request(), {
      signal: control.signal,
      guardMs: 20_000,
      onEvent: (event) => {
        if (event.type === "text_delta") {
          abortedAt = Date.now();
          control.abort();
        }
      },
    });
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(events.map((e) => e.type)).toEqual(["message_start", "text_delta", "error"]);
    expect(terminalOf(events)).toMatchObject({ error: { kind: "aborted", retryable: false } });
  });

  it("abort while the server has not answered yet ends the stream promptly", async () => {
    const provider = await mockProvider({ steps: [{ text: "late", delay_ms: 20_000 }] });
    const control = new AbortController();
    const poll = setInterval(() => {
      if (server().requests.length === 1) control.abort();
    }, 5);
    const started = Date.now();
    try {
      const events = await collect(provider, request(), { signal: control.signal, guardMs: 20_000 });
      expect(events).toEqual([{ type: "error", error: expect.objectContaining({ kind: "aborted" }) }]);
    } finally {
      clearInterval(poll);
    }
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("abort while waiting to retry ends the wait at once", async () => {
    const provider = await mockProvider(
      { steps: [{ text: "x" }], faults: [{ request: 1, kind: "rate_limit", retry_after: 30 }] },
      fast,
    );
    const control = new AbortController();
    const started = Date.now();
    const events = await collect(provider, request(), {
      signal: control.signal,
      onEvent: (event) => event.type === "retry" && control.abort(),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(events.map((e) => e.type)).toEqual(["retry", "error"]);
    expect(terminalOf(events)).toMatchObject({ error: { kind: "aborted" } });
  });

  it("an already-aborted signal sends no request", async () => {
    const provider = await mockProvider({ steps: [{ text: "x" }] });
    const events = await collect(provider, request(), { signal: AbortSignal.abort() });
    expect(events).toEqual([{ type: "error", error: expect.objectContaining({ kind: "aborted" }) }]);
    expect(server().requests).toHaveLength(0);
  });
});
