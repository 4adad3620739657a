import { describe, expect, it } from "vitest";
import { parseGoalArgs } from "./goal.js";

describe("/goal arguments", () => {
  it("takes the objective and an optional --max-rounds at the end", () => {
    expect(parseGoalArgs("  make the suite pass ")).toEqual({
      objective: "make the suite pass",
      maxRounds: 5,
    });
    expect(parseGoalArgs("make it pass --max-rounds 9")).toEqual({ objective: "make it pass", maxRounds: 9 });
    expect(parseGoalArgs("make it pass --max-rounds=2")).toEqual({ objective: "make it pass", maxRounds: 2 });
  });

  it("says what is wrong with a bad round count or a missing objective", () => {
    expect(parseGoalArgs("x --max-rounds 0")).toEqual({
      error: '--max-rounds: expected a whole number from 1 to 100, got "0"',
    });
    expect(parseGoalArgs("x --max-rounds")).toEqual({
      error: '--max-rounds: expected a whole number from 1 to 100, got ""',
    });
    expect(parseGoalArgs("--max-rounds 3")).toEqual({
      error: "give the objective: /goal <what must be true when done> [--max-rounds N]",
    });
  });
});
