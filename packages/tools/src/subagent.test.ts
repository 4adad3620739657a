import { describe, expect, it } from "vitest";
import { subagentTool } from "./subagent.js";
import { createTestContext } from "./test-context.js";

describe("subagent", () => {
  it("delegates the task with its step budget and returns the final report", async () => {
    const ctx = createTestContext({
      runSubagent: async (req) => `Found 3 callers of ${req.task.split(" ").pop()}`,
    });
    try {
      const out = await subagentTool.run({ task: "List the callers of loadConfig", max_steps: 12 }, ctx);
      expect(ctx.delegated).toEqual([{ task: "List the callers of loadConfig", maxSteps: 12 }]);
      expect(out.content).toBe("Found 3 callers of loadConfig");
      expect(out.isError).toBeUndefined();
    } finally {
      ctx.cleanup();
    }
  });

  it("reports a failed child as a tool error", async () => {
    const ctx = createTestContext({
      runSubagent: async () => {
        throw new Error("step budget exhausted");
      },
    });
    try {
      const out = await subagentTool.run({ task: "Do it" }, ctx);
      expect(out.isError).toBe(true);
      expect(out.content).toContain("step budget exhausted");
      expect(ctx.delegated).toEqual([{ task: "Do it" }]);
    } finally {
      ctx.cleanup();
    }
  });

  it("rejects blank tasks and bad budgets without delegating", async () => {
    const ctx = createTestContext();
    try {
      for (const input of [{ task: "" }, { task: "x", max_steps: 0 }, { task: "x", max_steps: 2.5 }, {}]) {
        expect((await subagentTool.run(input, ctx)).isError).toBe(true);
      }
      expect(ctx.delegated).toEqual([]);
    } finally {
      ctx.cleanup();
    }
  });
});
