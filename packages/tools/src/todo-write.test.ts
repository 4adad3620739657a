import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./test-context.js";
import { createTodoBoard } from "./todo-board.js";
import { createTodoWriteTool, todoWriteTool } from "./todo-write.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

describe("todo_write", () => {
  it("replaces the list, summarises counts and shows the items", async () => {
    const board = createTodoBoard();
    const tool = createTodoWriteTool(board);
    const todos = [
      { content: "Read the failing test", status: "done" },
      { content: "Fix the parser", status: "in_progress" },
      { content: "Run the tests", status: "pending" },
    ];
    const out = await tool.run({ todos }, ctx);
    expect(out.content).toBe(
      "Todo list updated: 3 items — 1 done, 1 in progress, 1 pending. Now: Fix the parser",
    );
    expect(out.display).toEqual({ kind: "todos", items: todos });
    expect(board.get("main")).toEqual(todos);
    await tool.run({ todos: [{ content: "Only this", status: "pending" }] }, ctx);
    expect(board.get("main")).toEqual([{ content: "Only this", status: "pending" }]);
    expect(board.get("subagent-1")).toEqual([]);
  });

  it("clears the list and nudges when several items are in progress", async () => {
    expect((await todoWriteTool.run({ todos: [] }, ctx)).content).toBe("Todo list cleared.");
    const two = await todoWriteTool.run(
      {
        todos: [
          { content: "a", status: "in_progress" },
          { content: "b", status: "in_progress" },
        ],
      },
      ctx,
    );
    expect(two.content).toContain("Keep one item in progress at a time.");
  });

  it("rejects malformed items with the index of the bad one", async () => {
    const cases: Array<[unknown, string]> = [
      [undefined, '"todos" is required'],
      ["a list", '"todos" is required'],
      [[{ content: "x", status: "doing" }], 'todos[0].status must be "pending"'],
      [
        [{ content: "ok", status: "done" }, { status: "done" }],
        "todos[1].content must be a non-empty string",
      ],
      [[null], "todos[0] must be an object"],
    ];
    for (const [todos, message] of cases) {
      const out = await todoWriteTool.run({ todos }, ctx);
      expect(out.isError).toBe(true);
      expect(out.content).toContain(message);
    }
  });
});
