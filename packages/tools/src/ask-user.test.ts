import { describe, expect, it } from "vitest";
import { askUserTool } from "./ask-user.js";
import { createTestContext } from "./test-context.js";

describe("ask_user", () => {
  it("asks through the context and returns the answer", async () => {
    const ctx = createTestContext({ askUser: async (req) => `picked ${req.choices?.[1]}` });
    try {
      const out = await askUserTool.run(
        { question: "Which database?", choices: ["sqlite", "postgres"] },
        ctx,
      );
      expect(ctx.asked).toEqual([{ question: "Which database?", choices: ["sqlite", "postgres"] }]);
      expect(out.content).toBe("The user answered: picked postgres");
      expect(out.display).toEqual({ kind: "text", text: "Which database?\n→ picked postgres" });
    } finally {
      ctx.cleanup();
    }
  });

  it("turns a refusal (headless) into an error telling the model how to go on", async () => {
    const ctx = createTestContext({
      askUser: async () => {
        throw new Error("no user in headless mode");
      },
    });
    try {
      const out = await askUserTool.run({ question: "Proceed?" }, ctx);
      expect(out.isError).toBe(true);
      expect(out.content).toContain("no user in headless mode");
      expect(out.content).toContain("best judgement");
      expect(ctx.asked).toEqual([{ question: "Proceed?" }]);
    } finally {
      ctx.cleanup();
    }
  });

  it("rejects blank questions and bad choices, and does not ask after an interrupt", async () => {
    const ctx = createTestContext();
    try {
      for (const input of [
        { question: "  " },
        { question: "q", choices: "a,b" },
        { question: "q", choices: ["a", " "] },
      ]) {
        expect((await askUserTool.run(input, ctx)).isError).toBe(true);
      }
      ctx.abort.abort();
      const out = await askUserTool.run({ question: "still there?" }, ctx);
      expect(out.content).toContain("interrupted");
      expect(ctx.asked).toEqual([]);
    } finally {
      ctx.cleanup();
    }
  });
});
