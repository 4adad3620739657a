/**
 * Golden timelines of real scripted sessions (engine + mock provider over HTTP): tool use,
 * Tier-2 loads, a mode switch, a subagent and a manual compaction. Each golden is the normalised
 * timeline JSON in `fixtures/goldens/`; a change to the fold or to what the engine logs shows up there as a
 * reviewed diff. Beside the goldens, each test asserts the property the scenario is about.
 */
import type { MockScript } from "@picasso/mock-provider";
import { describe, expect, it } from "vitest";
import { foldTimelineFile, type Timeline, type TimelineLane } from "../src/index.js";
import { goldenJson, type ScriptedSession, startScriptedSession } from "./scripted-session.js";

const golden = (name: string) => `./fixtures/goldens/${name}.json`;

async function scripted(
  script: MockScript,
  drive: (s: ScriptedSession) => Promise<void>,
  options?: Parameters<typeof startScriptedSession>[1],
): Promise<Timeline> {
  const s = await startScriptedSession(script, options);
  try {
    await drive(s);
  } finally {
    await s.close();
  }
  return foldTimelineFile(s.session.logPath);
}

const mainLane = (timeline: Timeline, turn: number): TimelineLane =>
  timeline.turns.find((t) => t.turn === turn)!.lanes.find((l) => l.lane === "main")!;

describe("timeline goldens from scripted engine sessions", () => {
  it("tool use: steps, tool results by name, and a cache that holds across turns", async () => {
    const timeline = await scripted(
      {
        steps: [
          {
            match: "read the plan",
            tool_calls: [
              { name: "read_note", input: { name: "plan.md" } },
              { name: "read_note", input: { name: "answer.md" } },
            ],
          },
          { match: "Step 1", text: "The plan has three steps; the answer is 42." },
          { match: "again", tool_calls: [{ name: "read_note", input: { name: "missing.md" } }] },
          { match: "no note named", text: "That note does not exist." },
        ],
      },
      async (s) => {
        await s.run("read the plan and the answer");
        await s.run("now read missing.md again");
      },
    );
    await expect(goldenJson(timeline)).toMatchFileSnapshot(golden("tool-use"));
    expect(timeline.turns.map((t) => t.turn)).toEqual([1, 2]);
    const reads = mainLane(timeline, 1).entries.find((e) => e.kind === "tool_result");
    expect(reads).toMatchObject({ name: "read_note", count: 2, failed: 0 });
    expect(mainLane(timeline, 2).entries.find((e) => e.kind === "tool_result")).toMatchObject({ failed: 1 });
    const steps = timeline.turns.flatMap((t) => t.lanes.flatMap((l) => l.steps));
    expect(steps.map((s) => s.prefixCheck)).toEqual(["first", "kept", "kept", "kept"]);
    expect(timeline.totals.cacheDrops).toBe(0);
    expect(timeline.totals.cacheReadShare).toBeGreaterThan(0.5);
    expect(timeline.complete).toBe(true);
  });

  it("Tier-2 loads: a skill body and a deferred schema, by kind and name, inside tool results", async () => {
    const timeline = await scripted(
      {
        steps: [
          { match: "release", tool_calls: [{ name: "load_skill", input: { name: "release" } }] },
          {
            match: "Skill: release",
            tool_calls: [{ name: "find_tool", input: { query: "worktree_create" } }],
          },
          { match: "worktree_create", text: "Loaded the release skill and the worktree tool." },
        ],
      },
      (s) => s.run("prepare the release"),
    );
    await expect(goldenJson(timeline)).toMatchFileSnapshot(golden("tier2-loads"));
    const tier2 = mainLane(timeline, 1).entries.filter((e) => e.kind === "tier2");
    expect(tier2.map((e) => [e.tier2Kind, e.name, e.includedIn])).toEqual([
      ["skill_body", "release", "tool_result"],
      ["deferred_schema", "worktree_create", "tool_result"],
    ]);
    expect(tier2.every((e) => e.bytes > 0)).toBe(true);
    expect(timeline.totals.cacheDrops).toBe(0);
  });

  it("mode switch: mode reminders and the plan section enter as appended history, no prefix drop", async () => {
    const timeline = await scripted(
      { steps: [{ text: "Hello." }, { text: "Here is the plan." }, { text: "Back to work." }] },
      async (s) => {
        await s.run("hello");
        s.session.setMode("plan");
        await s.run("plan the change");
        s.session.setMode("default");
        await s.run("go ahead");
      },
    );
    await expect(goldenJson(timeline)).toMatchFileSnapshot(golden("mode-switch"));
    expect(timeline.turns.map((t) => t.mode)).toEqual(["default", "plan", "default"]);
    expect(timeline.turns[0]!.modeChanges).toEqual([{ from: "default", to: "plan" }]);
    const planTurn = mainLane(timeline, 2).entries;
    expect(planTurn.filter((e) => e.kind === "reminder").map((e) => e.name)).toEqual(["mode", "plan-mode"]);
    expect(planTurn.find((e) => e.kind === "tier2")).toMatchObject({
      tier2Kind: "plan_mode",
      name: "plan-mode.section",
      includedIn: "reminder",
    });
    expect(timeline.totals.cacheDrops).toBe(0);
  });

  it("subagent: one lane per subagent with its own steps, task and report", async () => {
    const timeline = await scripted(
      {
        steps: [
          {
            match: "find the answer",
            tool_calls: [
              { name: "delegate", input: { task: "SUBTASK: read answer.md and report the answer" } },
            ],
          },
          { match: "SUBTASK", tool_calls: [{ name: "read_note", input: { name: "answer.md" } }] },
          { match: "The answer is 42", text: "The answer is 42." },
          { match: "42", text: "The subagent found it: 42." },
        ],
      },
      (s) => s.run("find the answer"),
    );
    await expect(goldenJson(timeline)).toMatchFileSnapshot(golden("subagent"));
    const lanes = timeline.turns[0]!.lanes;
    expect(lanes.map((l) => l.lane)).toEqual(["main", "agent-1"]);
    expect(lanes[1]!.subagent).toMatchObject({ parentLane: "main", status: "done" });
    expect(lanes[1]!.entries[0]).toMatchObject({ kind: "subagent_task", count: 1 });
    expect(lanes[1]!.steps.map((s) => s.prefixCheck)).toEqual(["first", "kept"]);
    // The child's first request reads Tier 1 from the cache entry the main lane wrote.
    expect(lanes[1]!.steps[0]!.usage.cacheReadTokens).toBeGreaterThan(0);
    expect(timeline.turns[0]!.totals.steps).toBe(4);
  });

  it("compaction: counts and bytes before/after, and the expected drop at message 0 after it", async () => {
    const timeline = await scripted(
      {
        steps: [
          { match: "Summarise the conversation so far", text: "SUMMARY: read plan.md and answer.md." },
          { match: "read the plan", tool_calls: [{ name: "read_note", input: { name: "plan.md" } }] },
          { match: "Step 1", text: "Read the plan." },
          { match: "read the answer", tool_calls: [{ name: "read_note", input: { name: "answer.md" } }] },
          { match: "The answer is 42", text: "Read the answer." },
          { match: "what next", text: "Write the summary next." },
        ],
      },
      async (s) => {
        await s.run("read the plan");
        await s.run("read the answer");
        const result = await s.session.compact();
        expect(result.compacted).toBe(true);
        await s.run("what next");
      },
    );
    await expect(goldenJson(timeline)).toMatchFileSnapshot(golden("compaction"));
    const compacted = mainLane(timeline, 2);
    expect(compacted.compactions).toHaveLength(1);
    const c = compacted.compactions[0]!;
    expect(c.trigger).toBe("manual");
    expect(c.bytesAfter).toBeLessThan(c.bytesBefore);
    const summaryStep = compacted.steps.at(-1)!;
    expect(summaryStep).toMatchObject({ purpose: "compaction", prefixCheck: "not_applicable" });
    const after = mainLane(timeline, 3).steps[0]!;
    expect(after.prefixCheck).toBe("dropped");
    expect(after.cacheDrop).toMatchObject({
      firstDifference: { segment: "message", index: 0 },
      afterCompaction: true,
    });
  });
});
