/**
 * Ralph loops against the scripted mock model: each round is a fresh background lane (label
 * `round N`, group `ralph:<id>`) whose first message is the prompt with the loop's rules and, from
 * round 2, the previous round's carry — never an earlier round's history. A loop stops on its
 * check (a command that passes only once a round created a file), on goal_done called in a round's
 * lane, and at max_rounds when nothing passes; its end wakes the session.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { LogEvent, LogEventOf } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { startRalphScenario } from "./ralph-harness.js";

function of<T extends LogEvent["type"]>(log: LogEvent[], type: T): LogEventOf<T>[] {
  return log.filter((e) => e.type === type) as unknown as LogEventOf<T>[];
}

/** The first message of a lane, as logged (its task with the brief blocks). */
function firstMessage(log: LogEvent[], lane: string): string {
  const first = of(log, "message").find((e) => e.lane === lane);
  return JSON.stringify(first?.message ?? null);
}

describe("ralph loops", () => {
  it("stop on their check: a command that passes only after a round created the file", async () => {
    const check = "test -f done.txt && echo CHECK-OK || { echo CHECK-MISSING; exit 1; }";
    const scenario = await startRalphScenario({
      steps: [
        {
          match: "start the loop",
          tool_calls: [
            {
              name: "ralph_start",
              input: { prompt: "RALPH-TASK: make done.txt exist", check_command: check, max_rounds: 4 },
            },
          ],
        },
        { match: "Started ralph loop r1", text: "Loop started." },
        { match: "round 1 of at most 4", text: "ROUND-1-REPORT: looked around, wrote nothing." },
        {
          match: "round 2 of at most 4",
          tool_calls: [{ name: "write", input: { path: "done.txt", content: "ok\n" } }],
        },
        { match: "done.txt", text: "ROUND-2-REPORT: wrote done.txt." },
        { match: "Ralph loop r1 ended", text: "Noted: the loop is done." },
      ],
    });
    try {
      const ended = scenario.ended("r1");
      await scenario.run("start the loop");
      expect(await ended).toMatchObject({ reason: "check_passed", rounds: 2, lane: "main" });
      // The check is a command the model gave: ralph_start was asked about as an exec call.
      expect(scenario.approvals.find((a) => a.name === "ralph_start")).toMatchObject({ effect: "exec" });

      const log = await scenario.events();
      const rounds = of(log, "ralph_round_end");
      expect(rounds.map((r) => [r.round, r.check?.passed])).toEqual([
        [1, false],
        [2, true],
      ]);
      expect(rounds[0]!.check).toMatchObject({ exitCode: 1 });
      expect(rounds[0]!.check!.tail).toContain("CHECK-MISSING");
      expect(rounds[1]!.check!.tail).toContain("CHECK-OK");
      const lanes = of(log, "ralph_round_start").map((r) => r.subagent);
      expect(lanes).toHaveLength(2);
      expect(new Set(lanes).size).toBe(2);
      for (const [i, lane] of lanes.entries())
        expect(of(log, "subagent_start").find((s) => s.lane === lane)).toMatchObject({
          label: `round ${i + 1}`,
          group: "ralph:r1",
          background: true,
          task: "RALPH-TASK: make done.txt exist",
        });
      // Round 2 starts fresh: its first message carries round 1's report and the check's output,
      // and its first request holds that one message only.
      const second = firstMessage(log, lanes[1]!);
      expect(second).toContain('source=\\"ralph:carry\\"');
      expect(second).toContain("ROUND-1-REPORT");
      expect(second).toContain("CHECK-MISSING");
      expect(firstMessage(log, lanes[0]!)).not.toContain("ralph:carry");
      for (const lane of lanes)
        expect(of(log, "model_request").find((r) => r.lane === lane)?.messageCount).toBe(1);

      // The lead was told: a wake notice (source ralph) that a turn then answers.
      expect(of(log, "wake").find((w) => w.source === "ralph")?.text).toContain(
        "Ralph loop r1 ended (the check passed)",
      );
      expect(scenario.session.armedWakes).toEqual([]);
      const woke = await scenario.session.runWake();
      expect(woke?.text).toBe("Noted: the loop is done.");
    } finally {
      await scenario.close();
    }
  });

  // Through tool_call the gateway passes the same nested input on (lean-context gateway-tools.test.ts).
  it("never start on a check command the deny-list refuses", async () => {
    const bomb = ":(){ :|:& };:";
    const scenario = await startRalphScenario({
      steps: [
        {
          match: "loop with a bad check",
          tool_calls: [{ name: "ralph_start", input: { prompt: "BAD-CHECK", check_command: bomb } }],
        },
        { match: "fork bomb", text: "Refused, as it should be." },
      ],
    });
    try {
      await scenario.run("loop with a bad check");
      const log = await scenario.events();
      const results = of(log, "tool_result").filter((r) => r.lane === "main");
      expect(results.map((r) => r.status)).toEqual(["denied"]);
      // Refused before anyone was asked, and no loop began.
      expect(scenario.approvals).toEqual([]);
      expect(of(log, "ralph_loop_start")).toEqual([]);
    } finally {
      await scenario.close();
    }
  });

  it("stop on goal_done called in a round's lane, without touching the session's goal", async () => {
    const scenario = await startRalphScenario({
      steps: [
        {
          match: "loop until done",
          tool_calls: [
            { name: "ralph_start", input: { prompt: "GOAL-TASK: tidy the notes", max_rounds: 5 } },
          ],
        },
        { match: "Started ralph loop r1", text: "Started." },
        { match: "round 1 of at most 5", text: "R1: half of it." },
        {
          match: "round 2 of at most 5",
          tool_calls: [{ name: "goal_done", input: { evidence: "EVIDENCE-2: notes tidy" } }],
        },
        { match: "Recorded for ralph loop r1", text: "R2: finished." },
      ],
    });
    try {
      const ended = scenario.ended("r1");
      await scenario.run("loop until done");
      expect(await ended).toMatchObject({
        reason: "goal_done",
        rounds: 2,
        message: "EVIDENCE-2: notes tidy",
      });
      // Without a check it is an agent call: nothing asked the user about running a command.
      expect(scenario.approvals.find((a) => a.name === "ralph_start")).toBeUndefined();
      const log = await scenario.events();
      expect(of(log, "ralph_loop_start")[0]).toMatchObject({ until: "goal_done", maxRounds: 5 });
      expect(of(log, "ralph_round_end").map((r) => [r.round, r.goal ?? null, r.check ?? null])).toEqual([
        [1, null, null],
        [2, "done", null],
      ]);
      const round2 = of(log, "ralph_round_start")[1]!.subagent;
      expect(of(log, "tool_result").find((r) => r.lane === round2 && r.name === "goal_done")?.status).toBe(
        "denied",
      );
      expect(scenario.runtime.goal.goal).toBeUndefined();
      expect(firstMessage(log, round2)).toContain("R1: half of it.");
    } finally {
      await scenario.close();
    }
  });

  it("stop at max_rounds when nothing passes; each round carries only the round before it", async () => {
    const scenario = await startRalphScenario({
      steps: [
        {
          match: "never passes",
          tool_calls: [
            {
              name: "ralph_start",
              input: { prompt: "HOPELESS-TASK", check_command: "echo NOT-YET; exit 3", max_rounds: 3 },
            },
          ],
        },
        { match: "Started ralph loop r1", text: "Started." },
        { match: "round 1 of at most 3", text: "R1-REPORT" },
        { match: "round 2 of at most 3", text: "R2-REPORT" },
        { match: "round 3 of at most 3", text: "R3-REPORT" },
      ],
    });
    try {
      const ended = scenario.ended("r1");
      await scenario.run("never passes");
      expect(await ended).toMatchObject({ reason: "max_rounds", rounds: 3 });
      const log = await scenario.events();
      const ends = of(log, "ralph_round_end");
      expect(ends.map((r) => [r.round, r.status, r.check?.passed, r.check?.exitCode])).toEqual([
        [1, "done", false, 3],
        [2, "done", false, 3],
        [3, "done", false, 3],
      ]);
      const lanes = of(log, "ralph_round_start").map((r) => r.subagent);
      const third = firstMessage(log, lanes[2]!);
      expect(third).toContain("R2-REPORT");
      expect(third).toContain("NOT-YET");
      expect(third).not.toContain("R1-REPORT");
      for (const lane of lanes)
        expect(of(log, "model_request").find((r) => r.lane === lane)?.messageCount).toBe(1);
      // Rounds never overlap: each starts after the one before it stopped.
      const at = (type: string, lane: string) => log.findIndex((e) => e.type === type && e.lane === lane);
      expect(at("subagent_start", lanes[1]!)).toBeGreaterThan(at("subagent_stop", lanes[0]!));
      expect(at("subagent_start", lanes[2]!)).toBeGreaterThan(at("subagent_stop", lanes[1]!));
      expect(scenario.loops.loops.list()[0]!.end?.reason).toBe("max_rounds");
    } finally {
      await scenario.close();
    }
  });

  it("stop as blocked on goal_blocked, and stop on ralph_stop with the running round cancelled", async () => {
    const scenario = await startRalphScenario({
      steps: [
        {
          match: "two loops",
          tool_calls: [
            { name: "ralph_start", input: { prompt: "BLOCKED-TASK", until: "goal_done" } },
            { name: "ralph_start", input: { prompt: "SLOW-TASK", max_rounds: 3 } },
            { name: "ralph_start", input: { prompt: "NO-CHECK", until: "check" } },
          ],
        },
        {
          match: "BLOCKED-TASK",
          tool_calls: [{ name: "goal_blocked", input: { reason: "NEEDS-A-KEY", needs: "the user's key" } }],
        },
        { match: "Recorded for ralph loop r1", text: "Blocked, reported." },
        { match: "SLOW-TASK", text: "never answered in time", delay_ms: 20_000 },
        { match: "check_command", text: "Two started." },
        {
          match: "stop the slow one",
          tool_calls: [
            { name: "ralph_stop", input: { id: "r2" } },
            { name: "ralph_status", input: { id: "r2", wait_seconds: 30 } },
            { name: "ralph_status", input: {} },
          ],
        },
        { match: "r2 ·", text: "Stopped." },
      ],
    });
    try {
      const blocked = scenario.ended("r1");
      await scenario.run("two loops");
      expect(await blocked).toMatchObject({ reason: "blocked", rounds: 1 });
      const end = await blocked;
      expect(end.type === "ralph_loop_end" ? end.message : undefined).toContain("NEEDS-A-KEY");
      const stopped = scenario.ended("r2");
      const events = await scenario.session.runTurn("stop the slow one");
      expect(events.text).toBe("Stopped.");
      expect(await stopped).toMatchObject({ reason: "stopped", rounds: 1 });
      const log = await scenario.events();
      // The third call asked for a check without a command: a one-line error naming the field.
      const refused = of(log, "tool_result").filter((r) => r.name === "ralph_start" && r.status === "error");
      expect(refused).toHaveLength(1);
      const round = of(log, "ralph_round_end").find((r) => r.loop === "r2")!;
      expect(round.status).toBe("interrupted");
      // ralph_status waited for the stop and showed the round; without an id it lists both loops.
      const results = of(log, "message")
        .filter((m) => m.lane === "main" && m.source === "tool_results")
        .map((m) => JSON.stringify(m.message));
      expect(results.at(-1)).toContain("r2 · ended: stopped");
      expect(results.at(-1)).toContain("round 1 (agent-2): interrupted");
      expect(results.at(-1)).toContain("r1 · ended: a round called goal_blocked");
      expect(JSON.stringify(of(log, "message").filter((m) => m.lane === "main"))).toContain(
        '\\"until\\": \\"check\\" needs a \\"check_command\\"',
      );
    } finally {
      await scenario.close();
    }
  });

  it("end when the session closes mid-round: logged before session_end, no check run after it", async () => {
    const scenario = await startRalphScenario({
      steps: [
        {
          match: "start and leave",
          tool_calls: [
            { name: "ralph_start", input: { prompt: "LONG-TASK", check_command: "touch CHECKED" } },
          ],
        },
        { match: "LONG-TASK", text: "never answered in time", delay_ms: 20_000 },
        { match: "Started ralph loop r1", text: "Started." },
      ],
    });
    let closed = false;
    try {
      await scenario.run("start and leave");
      expect(scenario.session.armedWakes).toEqual(["ralph loop r1"]);
      await scenario.close();
      closed = true;
      const log = await scenario.events();
      const end = log.findIndex((e) => e.type === "ralph_loop_end");
      expect(log[end]).toMatchObject({ reason: "stopped", rounds: 1 });
      expect(end).toBeLessThan(log.findIndex((e) => e.type === "session_end"));
      expect(of(log, "ralph_round_end")[0]).toMatchObject({ status: "interrupted" });
      expect(of(log, "ralph_round_end")[0]!.check).toBeUndefined();
      expect(existsSync(join(scenario.workspace, "CHECKED"))).toBe(false);
      expect(of(log, "wake")).toEqual([]);
    } finally {
      if (!closed) await scenario.close();
    }
  });

  it("cannot be started by a subagent (depth 1): a tool error, its start and end logged, nobody woken", async () => {
    // Without a check the engine refuses an agent-effect call in a subagent; with one (exec) the
    // call runs and finds it cannot fork.
    const scenario = await startRalphScenario({
      steps: [
        { match: "nest a loop", tool_calls: [{ name: "subagent", input: { task: "NESTED: start a loop" } }] },
        {
          match: "NESTED",
          tool_calls: [{ name: "ralph_start", input: { prompt: "INNER", check_command: "true" } }],
        },
        { match: "no round could start", text: "Could not start it." },
        { match: "Could not start it.", text: "The helper could not." },
      ],
    });
    try {
      await scenario.run("nest a loop");
      const log = await scenario.events();
      const child = of(log, "subagent_start")[0]!.lane;
      expect(of(log, "tool_result").find((r) => r.lane === child && r.name === "ralph_start")?.status).toBe(
        "error",
      );
      expect(JSON.stringify(of(log, "message").filter((m) => m.lane === child))).toContain(
        "no round could start: subagents cannot start",
      );
      expect(of(log, "ralph_loop_end")).toMatchObject([{ loop: "r1", reason: "error", rounds: 0 }]);
      expect(of(log, "ralph_round_start")).toEqual([]);
      expect(of(log, "wake")).toEqual([]);
      expect(scenario.session.armedWakes).toEqual([]);
      expect(scenario.loops.loops.list()).toEqual([]);
    } finally {
      await scenario.close();
    }
  });
});
