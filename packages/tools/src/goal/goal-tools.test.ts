import type { ToolDefinition } from "@picasso/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { createTodoBoard } from "../todo-board.js";
import { GoalBoard } from "./goal-board.js";
import { goalTools } from "./goal-tools.js";

let ctx: TestContext;
let board: GoalBoard;
let tools: Record<string, ToolDefinition>;
const todos = createTodoBoard();
beforeEach(() => {
  ctx = createTestContext();
  board = new GoalBoard();
  tools = Object.fromEntries(goalTools(board, todos).map((t) => [t.spec.name, t]));
});
afterEach(() => ctx.cleanup());
const run = (name: string, input: Record<string, unknown> = {}) => tools[name]!.run(input, ctx);

describe("goal tools", () => {
  it("set, status with open todos, done with evidence", async () => {
    expect((await run("goal_status")).content).toBe("No goal is set.");
    await run("goal_set", { objective: "Make the suite pass", done_when: "npm test exits 0" });
    todos.set("main", [
      { content: "fix the date parser", status: "in_progress" },
      { content: "read the spec", status: "done" },
    ]);
    board.nextRound();
    expect((await run("goal_status")).content).toBe(
      "Goal (active, round 1): Make the suite pass\nDone when: npm test exits 0\nOpen todos (1): fix the date parser",
    );
    expect((await run("goal_done", { evidence: "npm test: 40 passed" })).content).toBe(
      "Goal done: Make the suite pass\nEvidence: npm test: 40 passed",
    );
    expect(board.goal?.status).toBe("done");
  });

  it("a blocked goal is never marked done; setting it again clears the blocker", async () => {
    expect((await run("goal_done", { evidence: "x" })).content).toContain("no goal is set");
    await run("goal_set", { objective: "Deploy", done_when: "the site answers 200" });
    const blocked = await run("goal_blocked", { reason: "no deploy key", needs: "the user adds DEPLOY_KEY" });
    expect(blocked.content).toBe("Goal blocked: no deploy key\nWould unblock it: the user adds DEPLOY_KEY");
    const refused = await run("goal_done", { evidence: "it works" });
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain(
      "a blocker stands (no deploy key); a blocked goal is never marked done",
    );
    await run("goal_set", { objective: "Deploy", done_when: "the site answers 200" });
    expect((await run("goal_done", { evidence: "curl: 200" })).isError).toBeUndefined();
    expect((await run("goal_blocked", { reason: "r", needs: "n" })).content).toContain("already done");
  });
});
