import { describe, expect, it } from "vitest";
import { cacheReadShare, type StatusInfo, statusSegments } from "./status-model.js";

const info: StatusInfo = {
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  mockFallback: false,
  mode: "plan",
  contextTokens: 24_000,
  contextEstimated: false,
  window: 200_000,
  cacheReadShare: 0.875,
  sessionId: "20261129T120635-a1b2c3",
  busy: false,
};

describe("status line model", () => {
  it("shows provider, model, mode, context %, cache share and session id when wide", () => {
    expect(statusSegments(info, 120)).toEqual([
      "anthropic · claude-sonnet-4-5",
      "plan",
      "ctx 24k/200k (12%)",
      "cache 88%",
      "20261129T120635-a1b2c3",
    ]);
  });

  it("drops the least useful fields to fit 60 columns, keeping mode and context", () => {
    const segments = statusSegments(info, 60);
    expect(segments.join(" │ ").length).toBeLessThanOrEqual(60);
    expect(segments).toContain("plan");
    expect(segments.some((s) => s.startsWith("ctx"))).toBe(true);
  });

  it("says plainly when the mock stands in", () => {
    expect(statusSegments({ ...info, mockFallback: true, provider: "mock" }, 120)[0]).toMatch(
      /^mock \(no key set\)/,
    );
  });

  it("computes the cache read share from usage", () => {
    expect(cacheReadShare({ inputTokens: 100, cacheReadTokens: 900 })).toBeCloseTo(0.9);
    expect(cacheReadShare({ inputTokens: 100 })).toBeUndefined();
  });
});
