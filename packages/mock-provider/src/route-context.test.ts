import { describe, expect, it } from "vitest";
import { toolCallId } from "./route-context.js";

describe("mock tool-call ids", () => {
  const first = [{ role: "user", content: "read a.ts" }];
  const later = [
    ...first,
    { role: "assistant", content: [{ type: "tool_use", id: toolCallId("toolu", first, 0) }] },
    { role: "user", content: "again" },
  ];

  it("are the same for the same history (stable goldens)", () => {
    expect(toolCallId("toolu", first, 0)).toBe(toolCallId("toolu", structuredClone(first), 0));
  });

  it("differ across histories, so a resumed session on a fresh server never reuses one", () => {
    expect(toolCallId("toolu", later, 0)).not.toBe(toolCallId("toolu", first, 0));
    expect(toolCallId("toolu", first, 1)).not.toBe(toolCallId("toolu", first, 0));
    expect(toolCallId("call", first, 0)).toMatch(/^call_mock_[0-9a-f]{10}_1$/);
  });
});
