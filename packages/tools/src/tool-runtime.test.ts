import { ToolSpecSchema } from "@picasso/protocol/schemas";
import { describe, expect, it } from "vitest";
import { builtinTools, createToolRuntime } from "./tool-runtime.js";

describe("builtinTools", () => {
  it("lists the core tools in a fixed order with closed, valid schemas", async () => {
    const runtime = createToolRuntime();
    const tools = builtinTools(runtime);
    expect(tools.map((t) => t.spec.name)).toEqual([
      "bash",
      "read",
      "write",
      "edit",
      "search",
      "todo_write",
      "ask_user",
      "subagent",
    ]);
    expect(tools.map((t) => t.effect)).toEqual([
      "exec",
      "read",
      "write",
      "write",
      "read",
      "read",
      "interactive",
      "agent",
    ]);
    for (const tool of tools) {
      expect(ToolSpecSchema.safeParse(tool.spec).success).toBe(true);
      expect(tool.spec.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
      expect(tool.spec.description.length).toBeGreaterThan(40);
    }
    await runtime.dispose();
  });

  it("produces byte-identical specs on every call (Tier 1 stays stable)", () => {
    const a = JSON.stringify(builtinTools().map((t) => t.spec));
    const b = JSON.stringify(builtinTools(createToolRuntime()).map((t) => t.spec));
    expect(a).toBe(b);
  });
});
