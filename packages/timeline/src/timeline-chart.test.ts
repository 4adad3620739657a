import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { syntheticTimeline } from "../test/synthetic-timeline.js";
import { foldTimelineFile } from "./fold-file.js";
import { timelineChart } from "./timeline-chart.js";
import type { Timeline } from "./timeline-types.js";

const fixture = (name: string) => new URL(`../test/fixtures/${name}`, import.meta.url).pathname;
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

  it("puts lanes on separate tracks, and on each bar what its own step sent and its Tier-2 loads", () => {
    const sub = timelineChart(golden("subagent"));
    expect(sub.tracks.map((t) => t.label)).toEqual([
      expect.stringMatching(/^main · cost [\d,.]+$/),
      expect.stringMatching(/^agent-1 · subagent: ".*" · cost [\d,.]+$/),
    ]);
    expect(sub.tracks[1]!.bars.map((b) => b.entered.map((e) => e.split(" ")[0]))).toEqual([
      ["subagent"],
      ["assistant", "tool"],
    ]);
    const tier2 = timelineChart(golden("tier2-loads"));
    const [first, second, third] = tier2.tracks[0]!.bars;
    // The user's request first; each Tier-2 load with the tool result that carried it, one step later.
    expect(first!.markers).toEqual([]);
    expect(first!.entered).toEqual([
      expect.stringMatching(/^session facts /),
      expect.stringMatching(/^user /),
    ]);
    expect(second!.markers.map((m) => m.label)).toEqual([
      expect.stringMatching(/^skill_body release \d+ B$/),
    ]);
    expect(second!.entered.some((e) => e.startsWith("tool load_skill "))).toBe(true);
    expect(third!.markers.map((m) => m.label)).toEqual([
      expect.stringMatching(/^deferred_schema worktree_create /),
    ]);
    expect(third!.entered.some((e) => e.startsWith("tool find_tool "))).toBe(true);
    // The final answer entered after the last request: listed after the turn's last bar only.
    expect([first, second].map((b) => b!.enteredAfter)).toEqual([[], []]);
    expect(third!.enteredAfter).toEqual([expect.stringMatching(/^assistant /)]);
  });

  it("lists an earlier turn's answer on the bar of the request that sent it", () => {
    const bars = timelineChart(golden("tool-use")).tracks[0]!.bars;
    expect(bars.map((b) => [b.turn, b.entered.map((e) => e.split(" ")[0])])).toEqual([
      [1, ["session", "user"]],
      [1, ["assistant", "tool"]],
      [2, ["assistant", "user"]],
      [2, ["assistant", "tool"]],
    ]);
  });

  it("marks a compaction on the bar whose request sent its summary, and totals the cost saved", () => {
    const chart = timelineChart(golden("compaction"));
    const bars = chart.tracks[0]!.bars;
    const marked = bars.filter((b) => b.markers.some((m) => m.kind === "compaction"));
    expect(marked.map((b) => [b.turn, b.step])).toEqual([[3, 5]]);
    expect(marked[0]!.drop?.afterCompaction).toBe(true);
    expect(marked[0]!.entered.some((e) => e.startsWith("compaction summary "))).toBe(true);
    // The summarisation request itself sent nothing new; the summary came after it.
    const request = bars.find((b) => b.compaction)!;
    expect(request.entered).toEqual([]);
    expect(request.enteredAfter.some((e) => e.startsWith("compaction summary "))).toBe(true);
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
