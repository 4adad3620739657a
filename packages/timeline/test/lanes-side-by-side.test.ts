/**
 * Lanes side by side: background lanes forked with a `label` and a `group` (team members, workflow
 * steps, ralph rounds) each show in the timeline with their label, group and their own cost over
 * the session — in the JSON (`lanes`), the text (the lanes table and the group's sum) and the HTML
 * (a row of columns per group and one strip per lane on the group's time axis). A real scripted
 * session: a tool forks two members of `team:demo` and waits for both.
 */
import type { ToolDefinition } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { foldTimelineFile, renderTimeline, renderTimelineHtml, timelineChart } from "../src/index.js";
import { startScriptedSession } from "./scripted-session.js";

const teamTool: ToolDefinition = {
  spec: {
    name: "team_go",
    description: "Start the demo team and wait for both members.",
    inputSchema: { type: "object", properties: {}, required: [], additionalProperties: false },
  },
  effect: "agent",
  family: "agent",
  async run(_input, ctx) {
    const members = [
      ctx.subagents.fork({ task: "MEMBER-ALPHA: read alpha.md", label: "alpha", group: "team:demo" }),
      ctx.subagents.fork({ task: "MEMBER-BETA: say hello", label: "beta", group: "team:demo" }),
    ];
    const reports = [];
    for (const m of members) reports.push(await ctx.subagents.report(m.id, 30_000, ctx.signal));
    return { content: reports.map((r) => `${r.id} ${r.status}: ${r.report}`).join("\n") };
  },
};

describe("lanes side by side", () => {
  it("shows each lane's label, group and own cost in the JSON, the text and the HTML", async () => {
    const s = await startScriptedSession(
      {
        steps: [
          { match: "run the team", tool_calls: [{ name: "team_go", input: {} }] },
          { match: "MEMBER-ALPHA", tool_calls: [{ name: "read_note", input: { name: "alpha.md" } }] },
          { match: "MEMBER-BETA", text: "Hello from beta." },
          { match: "alpha.md", text: "Alpha read it." },
          { match: "agent-2 done", text: "Both members reported." },
        ],
      },
      { tools: [teamTool] },
    );
    try {
      await s.run("run the team");
    } finally {
      await s.close();
    }
    const timeline = await foldTimelineFile(s.session.logPath);

    // JSON: one entry per lane, its label and group, its own figures.
    expect(timeline.lanes.map((l) => [l.lane, l.label, l.group, l.parentLane, l.status])).toEqual([
      ["main", null, null, null, null],
      ["agent-1", "alpha", "team:demo", "main", "done"],
      ["agent-2", "beta", "team:demo", "main", "done"],
    ]);
    const byLane = Object.fromEntries(timeline.lanes.map((l) => [l.lane, l.totals]));
    expect([byLane.main!.steps, byLane["agent-1"]!.steps, byLane["agent-2"]!.steps]).toEqual([2, 2, 1]);
    // Each lane's cost is its own: together they are the session's, and no lane has another's.
    const costs = timeline.lanes.map((l) => l.totals.costInputEquivalent!);
    expect(costs.every((c) => c > 0)).toBe(true);
    expect(costs.reduce((a, b) => a + b, 0)).toBeCloseTo(timeline.totals.costInputEquivalent!, 1);
    expect(
      byLane["agent-1"]!.outputTokens! + byLane["agent-2"]!.outputTokens! + byLane.main!.outputTokens!,
    ).toBe(timeline.totals.outputTokens);
    const turnLane = timeline.turns.flatMap((t) => t.lanes).find((l) => l.lane === "agent-1")!;
    expect(turnLane.subagent).toMatchObject({ label: "alpha", group: "team:demo" });
    expect(Date.parse(timeline.lanes[1]!.startedAt)).toBeLessThanOrEqual(
      Date.parse(timeline.lanes[1]!.endedAt),
    );

    // Text: the lanes table and the group's sum.
    const text = renderTimeline(timeline);
    const cost = (lane: string) => byLane[lane]!.costInputEquivalent!.toLocaleString("en-US");
    const row = text.split("\n").find((line) => /^\s+agent-1\s+alpha\s/.test(line))!;
    expect(row).toMatch(/agent-1\s+alpha\s+team:demo\s+done\s+2\s/);
    expect(row.trimEnd().endsWith(cost("agent-1"))).toBe(true);
    expect(text).toContain("group team:demo: 2 lanes side by side (alpha, beta) · 3 steps");
    expect(text).toContain("agent-2 · beta (team:demo) · subagent of main");
    // The chart (the TUI's /context timeline) names the lane and its own cost on its track.
    expect(timelineChart(timeline).tracks.map((t) => t.label)).toEqual([
      `main · cost ${cost("main")}`,
      `agent-1 · alpha · team:demo · subagent: "MEMBER-ALPHA: read alpha.md" · cost ${cost("agent-1")}`,
      `agent-2 · beta · team:demo · subagent: "MEMBER-BETA: say hello" · cost ${cost("agent-2")}`,
    ]);

    // HTML: the group's row of columns, each with its label and cost, and a strip per lane.
    const html = renderTimelineHtml(timeline);
    const group = html
      .split('<section class="group">')
      .slice(1)
      .find((g) => g.includes("team:demo"))!;
    expect(group).toContain("<h3>team:demo · 2 lanes side by side · cost ");
    for (const lane of ["agent-1", "agent-2"]) {
      const column = group.split(`data-lane="${lane}"`)[1]!.split('<div class="lane"')[0]!;
      expect(column).toContain(`<b>${lane === "agent-1" ? "alpha" : "beta"}</b>`);
      expect(column).toContain(`<b>cost ${cost(lane)}</b>`);
    }
    expect(group.match(/<rect class="axis" /g)).toHaveLength(2);
  });
});
