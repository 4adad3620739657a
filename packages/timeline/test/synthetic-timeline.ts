/**
 * A long session's timeline built directly (no log): `steps` main-lane steps, four per turn, each
 * turn entering a user message, replies and tool results; every 10th turn a Tier-2 skill body and
 * deferred schema, every 25th turn a compaction (its next step drops the prefix after it), every
 * 40th step a drop at a message, and every 50th turn a subagent lane with two steps. Each step
 * lists what it sent first: a turn's first step the user message and the previous turn's answer,
 * the others a reply and a tool result (with the Tier-2 loads and the compaction summary on the
 * second); the last answer of a turn is not sent in it.
 * For size and layout tests of the renderers: the figures are plausible, not folded from events.
 */
import type {
  Timeline,
  TimelineCompaction,
  TimelineEntry,
  TimelineLane,
  TimelineStep,
  TimelineTurn,
  TokenTotals,
} from "../src/index.js";

function entry(
  kind: TimelineEntry["kind"],
  bytes: number,
  extra: Partial<TimelineEntry> = {},
): TimelineEntry {
  return { kind, name: null, tier2Kind: null, count: 1, bytes, failed: 0, includedIn: null, ...extra };
}

function totals(steps: TimelineStep[]): TokenTotals {
  const sum = (f: (s: TimelineStep) => number | null) => steps.reduce((a, s) => a + (f(s) ?? 0), 0);
  const read = sum((s) => s.usage.cacheReadTokens);
  const write = sum((s) => s.usage.cacheWriteTokens);
  const input = sum((s) => s.usage.inputTokens);
  return {
    steps: steps.length,
    inputTokens: input,
    cacheReadTokens: read,
    cacheWriteTokens: write,
    cacheWrite5mTokens: write,
    cacheWrite1hTokens: 0,
    outputTokens: sum((s) => s.usage.outputTokens),
    cacheReadShare: read + write + input > 0 ? Math.round((read / (read + write + input)) * 1e4) / 1e4 : null,
    costInputEquivalent: sum((s) => s.costInputEquivalent),
    cacheDrops: steps.filter((s) => s.cacheDrop).length,
    lostTokens: sum((s) => s.cacheDrop?.lostTokens ?? 0),
    stepsMissing: {},
    notRecorded: [],
  };
}

function step(
  n: number,
  prompt: number,
  drop: "message" | "compaction" | null,
  purpose: TimelineStep["purpose"] = "step",
  sent: Partial<Pick<TimelineStep, "entries" | "carriedOver" | "compactions">> = {},
): TimelineStep {
  const read = drop ? Math.round(prompt * 0.2) : Math.round(prompt * 0.9);
  const write = prompt - read - 3;
  return {
    step: n,
    purpose,
    messageCount: 2 + n * 2,
    requestBytes: { tools: 9000, system: 4000, messages: prompt * 4 },
    breakpoints: 3,
    stopReason: "tool_use",
    errorKind: null,
    retries: 0,
    latencyMs: 900,
    usage: {
      inputTokens: 3,
      cacheReadTokens: read,
      cacheWriteTokens: write,
      cacheWrite5mTokens: write,
      cacheWrite1hTokens: 0,
      outputTokens: 120,
    },
    promptTokens: prompt,
    cacheReadShare: Math.round((read / prompt) * 1e4) / 1e4,
    costInputEquivalent: Math.round((3 + read * 0.1 + write * 1.25) * 10) / 10,
    prefixCheck: drop ? "dropped" : n === 0 ? "first" : "kept",
    cacheDrop: drop
      ? {
          expectedTokens: prompt - 200,
          cachedTokens: read,
          lostTokens: prompt - 200 - read,
          firstDifference:
            drop === "message" ? { segment: "message", index: n } : { segment: "message", index: 1 },
          afterCompaction: drop === "compaction",
          comparedWithStep: n - 1,
        }
      : null,
    notRecorded: [],
    entries: [],
    carriedOver: [],
    compactions: [],
    ...sent,
  };
}

const ANSWER = entry("assistant", 600);
const COMPACTION: TimelineCompaction = {
  trigger: "auto",
  removedMessages: 60,
  summarisedMessages: 58,
  keptFrom: 60,
  bytesBefore: 400_000,
  bytesAfter: 30_000,
  summaryBytes: 4000,
};
const TIER2 = [
  entry("tier2", 1800, { name: "release", tier2Kind: "skill_body", includedIn: "tool_result" }),
  entry("tier2", 600, { name: "worktree_create", tier2Kind: "deferred_schema", includedIn: "tool_result" }),
];

/** What the i-th step of turn t sent first. */
function sentBy(
  t: number,
  i: number,
  compacted: boolean,
): Pick<TimelineStep, "entries" | "carriedOver" | "compactions"> {
  if (i === 0) return { entries: [entry("user", 300)], carriedOver: t > 1 ? [ANSWER] : [], compactions: [] };
  const reply = [ANSWER, entry("tool_result", 1800, { name: "read" })];
  if (i > 1) return { entries: reply, carriedOver: [], compactions: [] };
  return {
    entries: [
      ...(compacted ? [entry("compaction_summary", 4000)] : []),
      ...reply,
      ...(t % 10 === 0 ? TIER2 : []),
    ],
    carriedOver: [],
    compactions: compacted ? [COMPACTION] : [],
  };
}

export function syntheticTimeline(stepCount: number): Timeline {
  const turns: TimelineTurn[] = [];
  let n = 0;
  let prompt = 6000;
  for (let t = 1; n < stepCount; t++) {
    const steps: TimelineStep[] = [];
    const compacted = t % 25 === 0;
    for (let i = 0; i < 4 && n < stepCount; i++, n++) {
      prompt = compacted && i === 0 ? 8000 : prompt + 350;
      const drop = compacted && i === 1 ? "compaction" : n > 0 && n % 40 === 0 ? "message" : null;
      steps.push(
        step(n, prompt, drop, compacted && i === 0 ? "compaction" : "step", sentBy(t, i, compacted)),
      );
    }
    const entries = [
      entry("user", 300),
      ...(compacted ? [entry("compaction_summary", 4000)] : []),
      entry("assistant", 2400, { count: 4 }),
      entry("tool_result", 5400, { name: "read", count: 3 }),
      ...(t % 10 === 0 ? TIER2 : []),
    ];
    const main: TimelineLane = {
      lane: "main",
      subagent: null,
      entries,
      notSentInTurn: [ANSWER],
      appendedBytes: 7900,
      appendedMessages: 8,
      steps,
      compactions: compacted ? [COMPACTION] : [],
      totals: totals(steps),
    };
    const lanes = [main];
    if (t % 50 === 0) {
      const sub = [
        step(0, 3000, null, "step", { entries: [entry("subagent_task", 200)] }),
        step(1, 3400, null, "step", { entries: [entry("tool_result", 3000, { name: "grep" })] }),
      ];
      lanes.push({
        lane: `agent-${t}`,
        subagent: {
          parentLane: "main",
          parentToolUseId: null,
          taskBytes: 200,
          taskPreview: "look for the failing test",
          status: "done",
          reportBytes: 900,
          label: null,
          group: null,
        },
        entries: [entry("subagent_task", 200), entry("tool_result", 3000, { name: "grep" })],
        notSentInTurn: [],
        appendedBytes: 3200,
        appendedMessages: 3,
        steps: sub,
        compactions: [],
        totals: totals(sub),
      });
    }
    turns.push({
      turn: t,
      input: { bytes: 40, preview: `turn ${t}: keep going` },
      mode: "default",
      modeChanges: [],
      stopReason: "end_turn",
      lanes,
      errors: [],
      interrupts: [],
      mcpServers: [],
      totals: totals(lanes.flatMap((l) => l.steps)),
    });
  }
  return {
    version: 1,
    session: {
      id: "synthetic",
      cwd: null,
      projectKey: null,
      provider: "anthropic",
      model: "claude-sonnet",
      surface: "cli",
      version: "0.1.0",
      startedAt: "2026-12-01T00:00:00.000Z",
      resumes: 0,
      endReason: "exit",
      tier1: { toolsBytes: 9000, systemBytes: 4000, headerChanges: 1 },
      notRecorded: [],
    },
    events: stepCount * 6,
    turns,
    totals: totals(turns.flatMap((t) => t.lanes.flatMap((l) => l.steps))),
    lanes: [...new Set(turns.flatMap((t) => t.lanes.map((l) => l.lane)))].map((lane) => {
      const of = turns.flatMap((t) => t.lanes.filter((l) => l.lane === lane));
      return {
        lane,
        label: null,
        group: null,
        parentLane: of[0]!.subagent?.parentLane ?? null,
        status: of[0]!.subagent?.status ?? null,
        taskPreview: of[0]!.subagent?.taskPreview ?? null,
        firstTurn: turns.find((t) => t.lanes.some((l) => l.lane === lane))!.turn,
        startedAt: "2026-12-01T00:00:00.000Z",
        endedAt: "2026-12-01T00:00:00.000Z",
        totals: totals(of.flatMap((l) => l.steps)),
      };
    }),
    skipped: [],
    problems: [],
    complete: true,
  };
}
