import { renameSync } from "node:fs";
import { allowListApprover } from "@picasso/engine";
import { LiveTimeline } from "@picasso/surface";
import * as timeline from "@picasso/timeline";
import { describe, expect, it } from "vitest";
import { wireSession } from "../src/wiring.js";
import { script, workspace } from "./cli-harness.js";

describe("LiveTimeline", () => {
  it("folds the log once, then follows the session's events without reading the log again", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [
        { match: "first", text: "one" },
        { match: "second", text: "two" },
      ],
    });
    const wired = await wireSession(
      { provider: "mock", mockScript: s },
      { approver: allowListApprover([]), surfaceLabel: "test", cwd: dir },
    );
    try {
      await wired.session.runTurn("first");
      const live = new LiveTimeline(wired.session, timeline);
      expect(await live.render()).toMatch(/turn 1/i);
      // The log is gone from its path: a re-fold would fail; the live fold does not read it.
      const logPath = wired.session.logPath;
      renameSync(logPath, `${logPath}.moved`);
      await wired.session.runTurn("second");
      const text = await live.render();
      expect(text).toMatch(/turn 2/i);
      renameSync(`${logPath}.moved`, logPath);
      // What the live fold shows equals a fold of the whole log now.
      const folded = await timeline.foldTimelineFile(logPath);
      expect(text).toBe(timeline.renderTimeline(folded));
      // The TUI's bars come from the same fold.
      expect(await live.chart()).toEqual(timeline.timelineChart(folded));
    } finally {
      await wired.close();
    }
  });
});
