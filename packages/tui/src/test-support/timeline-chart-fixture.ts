/** Test support: the bars of a small session — three turns on main (a Tier-2 load, a drop, a
 *  compaction and the drop after it) and a subagent lane; each bar lists what its request sent
 *  first, and a turn's last bar what entered after it (the answer the next turn sends). */
import type { ChartBar, TimelineChart } from "@picasso/protocol";

function bar(
  turn: number,
  step: number,
  read: number | null,
  write: number | null,
  uncached: number | null,
  extra: Partial<ChartBar> = {},
): ChartBar {
  return {
    turn,
    lane: "main",
    step,
    compaction: false,
    cacheRead: read,
    cacheWrite: write,
    uncached,
    output: 120,
    drop: null,
    markers: [],
    entered: [],
    enteredAfter: [],
    ...extra,
  };
}

export function timelineChartFixture(): TimelineChart {
  const main = [
    bar(1, 0, 0, 6200, 3, { entered: ["session facts 1.2 KB", "user 40 B"] }),
    bar(1, 1, 6200, 1100, 3, {
      entered: ["assistant 300 B", "tool read 4.1 KB"],
      enteredAfter: ["assistant 600 B"],
    }),
    bar(2, 2, 7300, 900, 3, { entered: ["assistant 600 B", "user 52 B"] }),
    bar(2, 3, 2000, 7800, 3, {
      drop: { lostTokens: 6200, reason: "prefix changed at message 4", afterCompaction: false },
      entered: ["assistant 200 B", "Tier-2 skill_body release 1.8 KB (in tool result)", "tool skill 1.8 KB"],
      markers: [{ kind: "tier2", label: "skill_body release 1.8 KB" }],
      enteredAfter: ["assistant 150 B"],
    }),
    bar(3, 4, 9800, 400, 3, { compaction: true, entered: ["assistant 150 B"] }),
    bar(3, 5, 0, 4100, 3, {
      drop: { lostTokens: 9800, reason: "prefix changed at message 1", afterCompaction: true },
      entered: ["compaction summary 3.9 KB", "user 30 B"],
      markers: [{ kind: "compaction", label: "compaction (auto): 9 messages → 3.9 KB" }],
    }),
    bar(3, 6, null, null, 900, { entered: ["assistant 400 B", "tool read 900 B"] }),
  ];
  const agent = [
    bar(2, 0, 0, 3000, 3, { lane: "agent-1", entered: ["subagent task 200 B"] }),
    bar(2, 1, 3000, 400, 3, {
      lane: "agent-1",
      entered: ["assistant 100 B", "tool grep 2.9 KB"],
      enteredAfter: ["assistant 300 B"],
    }),
  ];
  return {
    tracks: [
      { lane: "main", label: "main", bars: main },
      { lane: "agent-1", label: 'agent-1 · subagent: "find the failing test"', bars: agent },
    ],
    steps: main.length + agent.length,
    maxPromptTokens: 10_203,
    totals: {
      cacheRead: 28_300,
      cacheWrite: 27_900,
      uncached: 924,
      output: 1080,
      drops: 2,
      lostTokens: 16_000,
      cost: 38_604,
      costWithoutCache: 57_124,
      saved: 18_520,
    },
  };
}
