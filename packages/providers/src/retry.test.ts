// The retry loop on scripted attempts (no I/O): what is retried, what is forwarded, the delays.
import type { StreamEvent } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { ProviderFault } from "./provider-fault.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs, streamWithRetries } from "./retry.js";

const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1, maxDelayMs: 4 };
const overloaded = () => new ProviderFault({ kind: "overloaded", message: "busy", retryable: true });
const stop: StreamEvent = { type: "message_stop", stopReason: "end_turn", usage: {}, content: [] };

async function drain(
  attempts: Array<() => AsyncGenerator<StreamEvent>>,
  toFault = (e: unknown) => e as ProviderFault,
) {
  let n = 0;
  const events: StreamEvent[] = [];
  for await (const event of streamWithRetries(() => attempts[n++]!(), { policy, toFault }))
    events.push(event);
  return { events, attempts: n };
}

describe("streamWithRetries", () => {
  it("holds message_start back so a retried request shows it once", async () => {
    const { events, attempts } = await drain([
      async function* () {
        yield { type: "message_start", id: "a" };
        throw overloaded();
      },
      async function* () {
        yield { type: "message_start", id: "b" };
        yield { type: "text_delta", index: 0, text: "hi" };
        yield stop;
      },
    ]);
    expect(attempts).toBe(2);
    expect(events.map((e) => e.type)).toEqual(["retry", "message_start", "text_delta", "message_stop"]);
    expect(events[1]).toEqual({ type: "message_start", id: "b" });
  });

  it("never retries once content was forwarded", async () => {
    const { events, attempts } = await drain([
      async function* () {
        yield { type: "text_delta", index: 0, text: "partial" };
        throw overloaded();
      },
    ]);
    expect(attempts).toBe(1);
    expect(events).toEqual([
      { type: "text_delta", index: 0, text: "partial" },
      { type: "error", error: { kind: "overloaded", message: "busy", retryable: true } },
    ]);
  });

  it("classifies unexpected throws with toFault; a non-retryable fault ends at once", async () => {
    const { events, attempts } = await drain(
      [
        // biome-ignore lint/correctness/useYield: the attempt fails before its first event
        async function* () {
          throw new TypeError("boom");
        },
      ],
      (error) =>
        new ProviderFault({
          kind: "unknown",
          message: `wrapped ${(error as Error).message}`,
          retryable: false,
        }),
    );
    expect(attempts).toBe(1);
    expect(events).toEqual([
      { type: "error", error: { kind: "unknown", message: "wrapped boom", retryable: false } },
    ]);
  });

  it("an attempt that ends without message_stop is a stream_cut", async () => {
    const { events } = await drain([
      async function* () {
        yield { type: "text_delta", index: 0, text: "x" };
      },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { kind: "stream_cut", retryable: false } });
  });
});

describe("retryDelayMs", () => {
  const p: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    maxRetryAfterMs: 5000,
  };
  it("backs off exponentially with equal jitter, capped", () => {
    const low = { ...p, random: () => 0 };
    const high = { ...p, random: () => 0.999999 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, overloaded(), low))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, overloaded(), high))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
  });

  it("uses the server's retry-after, capped", () => {
    const fault = (ms: number) => new ProviderFault({ kind: "rate_limit", message: "", retryable: true }, ms);
    expect(retryDelayMs(3, fault(0), p)).toBe(0);
    expect(retryDelayMs(1, fault(2500), p)).toBe(2500);
    expect(retryDelayMs(1, fault(60_000), p)).toBe(5000);
  });
});
