import { describe, expect, it } from "vitest";
import { closeMatches, completeSlash, editDistance, parseSlash } from "./command-registry.js";

describe("slash commands", () => {
  it("parses name and arguments", () => {
    expect(parseSlash("/mode plan")).toEqual({ name: "mode", args: "plan" });
    expect(parseSlash("/context")).toEqual({ name: "context", args: "" });
  });

  it("completes names, then argument choices", () => {
    expect(completeSlash("/c")).toEqual(["/context", "/compact", "/clear"]);
    expect(completeSlash("/mode p")).toEqual(["/mode plan"]);
    expect(completeSlash("/context ")).toEqual(["/context timeline"]);
  });

  it("suggests close matches for unknown names", () => {
    expect(closeMatches("contxt")).toEqual(["/context"]);
    expect(closeMatches("mod")).toContain("/mode");
    expect(closeMatches("zzzzzz")).toEqual([]);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});
