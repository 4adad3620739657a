import { shownTurnInputText } from "@picasso/protocol";
import { createTodoBoard, GoalBoard } from "@picasso/tools";
import { describe, expect, it } from "vitest";
import { GoalRounds, goalOutcomeLine, parseMaxRounds } from "./goal-rounds.js";

describe("GoalRounds", () => {
  it("re-enters the objective each round, naming todos that did not change, until the rounds run out", () => {
    const board = new GoalBoard();
    const todos = createTodoBoard();
    const rounds = new GoalRounds(board, todos, 3);
    expect(rounds.begin("ship the parser")).toMatch(
      /^ship the parser\n\n<system-reminder source="goal">\nGoal mode/,
    );
    todos.set("main", [{ content: "fix the date test", status: "in_progress" }]);
    const second = rounds.after("end_turn");
    expect(second).toEqual({
      input: expect.stringContaining("Goal round 2 of 3. Objective: ship the parser"),
    });
    expect(JSON.stringify(second)).not.toContain("did not change");
    // Round 2 leaves the list as it was: round 3 names the open item.
    const third = rounds.after("end_turn");
    expect(JSON.stringify(third)).toContain(
      "did not change last round and still has 1 open item: fix the date test",
    );
    const over = rounds.after("end_turn");
    expect(over).toEqual({ outcome: { kind: "out_of_rounds", goal: board.goal, maxRounds: 3 } });
    expect(board.goal?.rounds).toBe(3);
    if ("outcome" in over) expect(goalOutcomeLine(over.outcome)).toContain("goal not reached after 3 rounds");
  });

  it("ends when the goal is done or blocked, and on an interrupt or an error", () => {
    const board = new GoalBoard();
    const rounds = new GoalRounds(board, createTodoBoard(), 5);
    rounds.begin("a");
    board.done("tests pass");
    const done = rounds.after("end_turn");
    expect(done).toMatchObject({ outcome: { kind: "done" } });
    if ("outcome" in done) expect(goalOutcomeLine(done.outcome)).toBe("goal done after 1 round: tests pass");

    const blockedBoard = new GoalBoard();
    const blocked = new GoalRounds(blockedBoard, createTodoBoard(), 5);
    blocked.begin("b");
    blockedBoard.blocked("no key", "the user adds it");
    const end = blocked.after("end_turn");
    if ("outcome" in end)
      expect(goalOutcomeLine(end.outcome)).toBe("goal blocked: no key — would unblock it: the user adds it");
    else expect.fail("a blocked goal ends the rounds");

    const stopped = new GoalRounds(new GoalBoard(), createTodoBoard(), 5);
    stopped.begin("c");
    expect(stopped.after("end_turn", true)).toMatchObject({ outcome: { kind: "stopped" } });
    const failed = new GoalRounds(new GoalBoard(), createTodoBoard(), 5);
    failed.begin("d");
    expect(failed.after("error")).toMatchObject({ outcome: { kind: "stopped", stopReason: "error" } });
  });

  it("parses --max-rounds: 1 to 100, default 5, a clear error otherwise", () => {
    expect(parseMaxRounds(undefined)).toBe(5);
    expect(parseMaxRounds("12")).toBe(12);
    expect(() => parseMaxRounds("0")).toThrow('--max-rounds: expected a whole number from 1 to 100, got "0"');
    expect(() => parseMaxRounds("x", "/goal --max-rounds")).toThrow("/goal --max-rounds: expected");
  });
});

describe("goal round inputs as a replay shows them (protocol's shownTurnInput reads them)", () => {
  it("shows the objective of round 1 and names later rounds, never the reminder", () => {
    const rounds = new GoalRounds(new GoalBoard(), createTodoBoard(), 3);
    expect(shownTurnInputText(rounds.begin("ship the parser"))).toBe("/goal ship the parser");
    const second = rounds.after("end_turn");
    expect("input" in second && shownTurnInputText(second.input)).toBe("goal round 2 of 3: ship the parser");
  });
});
