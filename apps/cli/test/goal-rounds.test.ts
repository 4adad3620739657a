/**
 * `picasso -p … --goal`: the built binary runs goal rounds against the mock provider — the
 * prompt re-entered with a goal-round reminder (appended history) until the model calls
 * goal_done / goal_blocked through tool_call, or --max-rounds runs out.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];
const call = (name: string, args: Record<string, unknown>) => ({
  name: "tool_call",
  input: { name, arguments: args },
});

describe("picasso -p --goal", () => {
  it("re-enters the objective until goal_done, each round a reminder in history", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [
        { match: "Goal mode", text: "Round one: I looked at the failing tests." },
        { match: "Goal round 2 of 4", tool_calls: [call("goal_done", { evidence: "npm test: 12 passed" })] },
        { match: "Goal done", text: "All tests pass." },
      ],
    });
    const run = await picasso(dir, [
      "-p",
      "make the test suite pass",
      "--goal",
      "--max-rounds",
      "4",
      "--output-format",
      "json",
      ...mock(s),
    ]);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout as string);
    expect(result).toMatchObject({
      result: "All tests pass.",
      turns: 2,
      goal: { status: "done", rounds: 2, evidence: "npm test: 12 passed" },
    });
    const log = readFileSync(result.logPath, "utf8");
    expect(log).toContain(
      '<system-reminder source=\\"goal-round\\">\\nGoal round 2 of 4. Objective: make the test suite pass',
    );
    // Tier 1 stayed the same in every request of both rounds.
    const requests = log
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === "model_request");
    expect(requests.length).toBe(3);
    expect(new Set(requests.map((e) => `${e.hashes.tools}/${e.hashes.system}`)).size).toBe(1);
  });

  it("a new goal round with todos left open brings the stale-todos reminder (one reminder markup for writer and reader)", async () => {
    const dir = workspace();
    const todos = [
      { content: "fix the date parser", status: "in_progress" },
      { content: "add a test for leap years", status: "pending" },
    ];
    const s = script(dir, {
      steps: [
        { match: "Goal mode", tool_calls: [{ name: "todo_write", input: { todos } }] },
        { text: "Round one: listed the work." },
        { match: "Goal round 2 of 3", tool_calls: [call("goal_done", { evidence: "parser fixed" })] },
        { match: "Goal done", text: "Done." },
      ],
    });
    const run = await picasso(dir, [
      "-p",
      "fix the parser",
      "--goal",
      "--max-rounds",
      "3",
      "--output-format",
      "json",
      ...mock(s),
    ]);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout as string);
    const events = readFileSync(result.logPath, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const messages = events.filter((e) => e.type === "message" && e.lane === "main");
    const round = messages.findIndex((e) => JSON.stringify(e.message).includes("Goal round 2 of 3"));
    expect(round).toBeGreaterThan(0);
    // The round's own message is read back as a goal-round reminder: right after it, before
    // the round's first request, lean context asks for the open list to be updated.
    const nudge = messages.slice(round + 1).find((e) => e.reminder === "stale-todos");
    expect(nudge).toBeDefined();
    expect(JSON.stringify(nudge.message)).toContain("- [in_progress] fix the date parser");
    expect(JSON.stringify(nudge.message)).toContain("- [pending] add a test for leap years");
    const firstRequestOfRound = events.findIndex(
      (e) => e.type === "model_request" && e.seq > messages[round].seq,
    );
    expect(events[firstRequestOfRound].seq).toBeGreaterThan(nudge.seq);
  });

  it("stops on goal_blocked, and after --max-rounds, with exit code 3 and a line on stderr", async () => {
    const dir = workspace();
    const blocked = script(dir, {
      steps: [
        {
          match: "Goal mode",
          tool_calls: [
            call("goal_blocked", { reason: "the staging database is down", needs: "someone to restart it" }),
          ],
        },
        { match: "Goal blocked", text: "Blocked on the staging database." },
      ],
    });
    const b = await picasso(dir, [
      "-p",
      "migrate staging",
      "--goal",
      "--output-format",
      "json",
      ...mock(blocked),
    ]);
    expect(b.exitCode).toBe(3);
    expect(b.stderr).toBe("picasso: goal not reached (blocked: the staging database is down)");
    expect(JSON.parse(b.stdout as string).goal).toEqual({
      status: "blocked",
      rounds: 1,
      blocker: { reason: "the staging database is down", needs: "someone to restart it" },
    });

    const slow = script(dir, { steps: [{ text: "still working" }, { text: "still working" }] });
    const s = await picasso(dir, ["-p", "rewrite everything", "--goal", "--max-rounds", "2", ...mock(slow)]);
    expect(s.exitCode).toBe(3);
    expect(s.stderr).toBe("picasso: goal not reached (2 rounds, --max-rounds 2)");
    const bad = await picasso(dir, ["-p", "x", "--goal", "--max-rounds", "0", ...mock(slow)]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--max-rounds: expected a whole number from 1 to 100");
  });
});
