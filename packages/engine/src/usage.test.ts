import { describe, expect, it } from "vitest";
import { addUsage, promptTokens } from "./usage.js";

describe("usage", () => {
  it("sums reported fields and leaves never-reported ones undefined", () => {
    const sum = addUsage({ inputTokens: 3, cacheReadTokens: 10 }, { inputTokens: 2, outputTokens: 5 });
    expect(sum).toEqual({ inputTokens: 5, cacheReadTokens: 10, outputTokens: 5 });
    expect("cacheWriteTokens" in sum).toBe(false);
  });
  it("counts the prompt as input + cache read + cache write, unknown when nothing was reported", () => {
    expect(promptTokens({ inputTokens: 5, cacheReadTokens: 100, cacheWriteTokens: 20 })).toBe(125);
    expect(promptTokens({ outputTokens: 5 })).toBeUndefined();
  });
});
