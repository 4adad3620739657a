import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { syntheticTimeline } from "../../test/timeline/synthetic-timeline.js";
import { foldTimelineFile } from "./fold-file.js";
import { timelineChart } from "./timeline-chart.js";
import type { Timeline } from "./timeline-types.js";

const fixture = (name: string) => new URL(`../../test/timeline/fixtures/${name}`, import.meta.url).pathname;
const golden = (name: string): Timeline => JSON.parse(readFileSync(fixture(`goldens/${name}.json`), "utf8"));

describe("timelineChart", () => {
  it("draws one bar per step, split as reported, with each drop's loss and reason", async () => {
    const chart = timelineChart(await foldTimelineFile(fixture("broken-prefix.jsonl")));
    expect(chart.steps).toBe(5);
    const bars = chart.tracks[0]!.bars;
    expect(bars[1]).toMatchObject({ cacheRead: 300, cacheWrite: 900, uncached: 10 });
    expect(bars.map((b) => b.drop?.reason ?? null)).toEqual([
      null,
      "prefix changed at system",
      "prefix changed at message 1",
      "prefix unchanged (cache expired or evicted)",
      null,
    ]);
    expect(bars[1]!.drop!.lostTokens).toBe(700);
    // Not reported stays null, never 0.
    expect(bars[4]).toMatchObject({ cacheRead: null, cacheWrite: null, uncached: 1500 });
    expect(chart.maxPromptTokens).toBe(1500);
    // One step reported no cache figures: no comparison with an uncached session is made.
    expect(chart.totals).toMatchObject({ drops: 3, lostTokens: 2600, costWithoutCache: null, saved: null });
  });

  it("puts lanes on separate tracks and a turn's entries and Tier-2 loads on its first bar", () => {
    const sub = timelineChart(golden("subagent"));
    expect(sub.tracks.map((t) => t.label)).toEqual(["main", expect.stringMatching(/^agent-1 · subagent: "/)]);
    const tier2 = timelineChart(golden("tier2-loads"));
    const [first, second] = tier2.tracks[0]!.bars;
    expect(first!.markers.map((m) => m.kind)).toEqual(["tier2", "tier2"]);
    expect(first!.markers[0]!.label).toMatch(/^skill_body release \d+ B$/);
    expect(first!.entered.some((e) => e.startsWith("tool load_skill "))).toBe(true);
    expect(second!.markers).toEqual([]);
    expect(second!.entered).toEqual([]);
  });

  it("marks compactions, and totals the cost saved against no cache", () => {
    const chart = timelineChart(golden("compaction"));
    const bars = chart.tracks[0]!.bars;
    expect(bars.some((b) => b.compaction)).toBe(true);
    expect(bars.flatMap((b) => b.markers).filter((m) => m.kind === "compaction")).toHaveLength(1);
    const totals = golden("compaction").totals;
    const without = totals.inputTokens! + totals.cacheReadTokens! + totals.cacheWriteTokens!;
    expect(chart.totals.costWithoutCache).toBe(without);
    expect(chart.totals.saved).toBe(Math.round(without - totals.costInputEquivalent!));
  });

  it("keeps every step of a long session", () => {
    const chart = timelineChart(syntheticTimeline(1000));
    expect(chart.steps).toBe(1000 + 2 * chart.tracks.filter((t) => t.lane !== "main").length);
    expect(chart.tracks[0]!.bars.filter((b) => b.drop).length).toBeGreaterThan(10);
  });
});
