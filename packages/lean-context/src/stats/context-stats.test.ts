import type { LogEvent } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { ContextStats } from "./context-stats.js";

const envelope = { v: 1 as const, seq: 1, ts: "t", session: "s", lane: "main", turn: 2 };

describe("ContextStats", () => {
  it("journals Tier-2 loads, compactions and mode changes from the log, newest first", () => {
    const stats = new ContextStats();
    stats.observe({
      ...envelope,
      type: "tier2_load",
      kind: "skill_body",
      name: "release",
      bytes: 900,
    } as LogEvent);
    stats.observe({ ...envelope, type: "mode_change", from: "default", to: "plan" } as LogEvent);
    stats.observe({
      ...envelope,
      type: "compaction",
      trigger: "auto",
      removedMessages: 12,
      summarisedMessages: 12,
      bytesBefore: 50_000,
      bytesAfter: 4_000,
      keptFrom: 12,
      summary: { role: "user", content: [] },
    } as LogEvent);
    stats.observe({ ...envelope, type: "turn_start", input: "ignored" } as LogEvent);
    const { value } = stats.describe();
    expect(value.events).toEqual([
      { kind: "compaction", detail: "12 messages, 50000 → 4000 bytes", lane: "main", turn: 2 },
      { kind: "mode_change", detail: "default → plan", lane: "main", turn: 2 },
      { kind: "tier2_load", detail: "skill_body release (900 bytes)", lane: "main", turn: 2 },
    ]);
    expect(value.registry).toBeNull();
    expect(value.snapshot).toBeNull();
  });

  it("describe returns a copy: changing it changes nothing inside", () => {
    const stats = new ContextStats();
    stats.recordDedupe("file read of a.ts", 100);
    const first = stats.describe().value;
    first.counters.dedupeRuns = 99;
    first.events.length = 0;
    expect(stats.describe().value.counters.dedupeRuns).toBe(1);
    expect(stats.describe().value.events).toHaveLength(1);
  });
});
