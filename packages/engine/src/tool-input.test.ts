import { describe, expect, it } from "vitest";
import { checkToolInput } from "./tool-input.js";

const spec = {
  name: "edit",
  description: "",
  inputSchema: {
    type: "object",
    properties: { path: { type: "string" }, count: { type: "integer" } },
    required: ["path"],
    additionalProperties: false,
  },
};

describe("checkToolInput", () => {
  it("accepts valid input", () => {
    expect(checkToolInput(spec, { path: "a.ts", count: 2 })).toBeUndefined();
  });
  it("names every problem and shows the schema", () => {
    const message = checkToolInput(spec, { count: "two", extra: true })!;
    expect(message).toContain('missing required field "path"');
    expect(message).toContain('unknown field "extra"');
    expect(message).toContain("count must be integer");
    expect(message).toContain('"required":["path"]');
  });
});
