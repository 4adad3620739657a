import { describe, expect, it } from "vitest";
import { MessageSchema, ToolSpecSchema } from "./content.js";
import { messageText, text, userMessage } from "./messages.js";
import { ModelRequestSchema, UsageSchema } from "./request.js";

describe("protocol schemas", () => {
  it("validates messages with every block kind", () => {
    const message = {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "hmm" },
        { type: "text", text: "Reading." },
        { type: "tool_use", id: "t1", name: "read", input: { path: "a.ts" } },
      ],
    };
    expect(MessageSchema.parse(message)).toEqual(message);
    expect(MessageSchema.safeParse({ role: "system", content: [] }).success).toBe(false);
    expect(
      MessageSchema.safeParse({ role: "user", content: [{ type: "tool_result", content: "x" }] }).success,
    ).toBe(false);
  });

  it("rejects tool names the providers would refuse", () => {
    expect(ToolSpecSchema.safeParse({ name: "read file", description: "", inputSchema: {} }).success).toBe(
      false,
    );
    expect(ToolSpecSchema.safeParse({ name: "read", description: "", inputSchema: {} }).success).toBe(true);
  });

  it("allows at most four cache breakpoints", () => {
    const base = { model: "m", tools: [], system: [], messages: [], maxTokens: 10 };
    const bp = { segment: "system", index: 0 };
    expect(ModelRequestSchema.safeParse({ ...base, cacheBreakpoints: [bp, bp, bp, bp] }).success).toBe(true);
    expect(ModelRequestSchema.safeParse({ ...base, cacheBreakpoints: [bp, bp, bp, bp, bp] }).success).toBe(
      false,
    );
  });

  it("keeps unreported usage fields undefined", () => {
    expect(UsageSchema.parse({ inputTokens: 3 })).toEqual({ inputTokens: 3 });
  });

  it("extracts the text of a message", () => {
    expect(messageText(userMessage(text("a"), text("b")))).toBe("ab");
  });
});
