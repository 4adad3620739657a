import { describe, expect, it } from "vitest";
import { shownTurnInput, shownTurnInputText } from "./shown-turn-input.js";

describe("shownTurnInput", () => {
  it("is the prompt itself when Picasso added nothing", () => {
    expect(shownTurnInput("fix the bug")).toEqual({ kind: "prompt", text: "fix the bug" });
  });

  it("is the objective of a goal's first round, without its reminder", () => {
    const input =
      'ship the parser\n\n<system-reminder source="goal">Goal mode: re-entered each round.</system-reminder>';
    expect(shownTurnInput(input)).toEqual({ kind: "goal", objective: "ship the parser" });
    expect(shownTurnInputText(input)).toBe("/goal ship the parser");
  });

  it("names a later goal round and its objective", () => {
    const input =
      '<system-reminder source="goal-round">Goal round 2 of 5. Objective: ship the parser Done when: tests pass. State your progress.</system-reminder>';
    expect(shownTurnInput(input)).toEqual({
      kind: "goal_round",
      round: 2,
      maxRounds: 5,
      objective: "ship the parser",
    });
    expect(shownTurnInputText(input)).toBe("goal round 2 of 5: ship the parser");
  });

  it("leaves out any other reminder", () => {
    const input = 'look at a.ts\n<system-reminder source="mode">\nplan mode\n</system-reminder>';
    expect(shownTurnInputText(input)).toBe("look at a.ts");
  });
});
