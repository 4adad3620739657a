/**
 * The live view: a `TimelineFolder` fed by the session's log observer (what the TUI's
 * `/context timeline` does) shows the turns as they run and ends equal to the offline fold of the
 * same log; a resumed session is folded from its file first (`feedTimelineFile`), then live.
 */
import { describe, expect, it } from "vitest";
import { feedTimelineFile, foldTimelineFile, TimelineFolder } from "../src/index.js";
import { startScriptedSession } from "./scripted-session.js";

const script = {
  steps: [
    { match: "read the plan", tool_calls: [{ name: "read_note", input: { name: "plan.md" } }] },
    { match: "Step 1", text: "Read it." },
    { match: "answer", tool_calls: [{ name: "read_note", input: { name: "answer.md" } }] },
    { match: "42", text: "It is 42." },
  ],
};

describe("the live timeline", () => {
  it("grows turn by turn and ends equal to the offline fold", async () => {
    const folder = new TimelineFolder();
    const s = await startScriptedSession(script, { observers: [(event) => folder.add(event)] });
    try {
      await s.run("read the plan");
      const mid = folder.snapshot();
      expect(mid.turns.map((t) => t.stopReason)).toEqual(["end_turn"]);
      expect(mid.complete).toBe(false);
      await s.run("and the answer");
    } finally {
      await s.close();
    }
    const live = folder.finish();
    expect(live.turns).toHaveLength(2);
    expect(live).toEqual(await foldTimelineFile(s.session.logPath));
  });

  it("folds a resumed session's earlier events from its file, then the new ones live", async () => {
    const first = await startScriptedSession(script);
    await first.run("read the plan");
    await first.close();
    const folder = new TimelineFolder();
    const earlier = await feedTimelineFile(folder, first.session.logPath);
    expect(earlier).toBeGreaterThan(5);
    // A new process: a fresh provider cache, the same Tier 1 from the log.
    const second = await startScriptedSession(
      { steps: script.steps.slice(2) },
      { workspace: first.workspace, resume: "newest", observers: [(event) => folder.add(event)] },
    );
    try {
      expect(second.session.logPath).toBe(first.session.logPath);
      await second.run("and the answer");
    } finally {
      await second.close();
    }
    const live = folder.finish();
    expect(live).toEqual(await foldTimelineFile(first.session.logPath));
    expect(live.session.resumes).toBe(1);
    const resumedStep = live.turns[1]!.lanes[0]!.steps[0]!;
    expect(resumedStep.prefixCheck).toBe("dropped");
    expect(resumedStep.cacheDrop?.firstDifference).toEqual({ segment: "none", index: null });
  });
});
