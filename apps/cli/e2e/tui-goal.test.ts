/**
 * `/goal` in the TUI: the objective is re-entered round after round (each later round a
 * goal-round reminder in history, shown as a notice) until the model calls goal_done through
 * tool_call; a prompt typed while the rounds run waits until they end; `/goal` alone shows the goal.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI /goal", { timeout: 120_000 }, () => {
  it("runs goal rounds until goal_done, then shows the goal and runs the prompt that waited", async () => {
    tui = new TmuxTui({
      script: [
        "steps:",
        '  - { match: "Goal mode", text: "Round one: looked at the tests.", delay_ms: 1500 }',
        '  - match: "Goal round 2 of 3"',
        "    tool_calls:",
        '      - { name: tool_call, input: { name: goal_done, arguments: { evidence: "npm test: 12 passed" } } }',
        '  - { match: "Goal done", text: "All green." }',
        '  - { match: "after the goal", text: "Queued prompt answered." }',
      ].join("\n"),
    }).start();
    await tui.send("/goal make the suite pass --max-rounds 3");
    await tui.waitFor("working…");
    await tui.send("after the goal");
    await tui.waitFor("goal round 2 of 3: make the suite pass");
    await tui.waitFor("goal done after 2 rounds: npm test: 12 passed");
    const screen = await tui.waitFor("Queued prompt answered.");
    // The prompt typed during round one ran after the goal's last round, not between rounds.
    expect(screen.indexOf("goal done after 2 rounds")).toBeLessThan(
      screen.indexOf("Queued prompt answered."),
    );
    await tui.send("/goal");
    await tui.waitFor("Goal (done, round 2): make the suite pass");
    const sessions = projectSessionsDir(tui.home, tui.workspace);
    const log = readFileSync(
      join(sessions, readdirSync(sessions).find((f) => f.endsWith(".jsonl"))!),
      "utf8",
    );
    expect(log).toContain(
      '<system-reminder source=\\"goal-round\\">\\nGoal round 2 of 3. Objective: make the suite pass',
    );
    const inputs = log
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === "turn_start")
      .map((e) => String(e.input).slice(0, 30));
    expect(inputs).toHaveLength(3);
    expect(inputs[2]).toBe("after the goal");
  });
});
