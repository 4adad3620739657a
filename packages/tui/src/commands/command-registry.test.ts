import { describe, expect, it } from "vitest";
import { standInOperations } from "../test-support/stand-in-operations.js";
import { closeMatches, completeSlash, editDistance, parseSlash, slashCommands } from "./command-registry.js";

const commands = slashCommands(
  standInOperations(
    { currentMode: "default", setMode: () => {}, compact: async () => ({ compacted: false }) },
    { resume: async () => {}, switchModel: async () => {} },
  ),
);

describe("slash commands", () => {
  it("parses name and arguments", () => {
    expect(parseSlash("/mode plan")).toEqual({ name: "mode", args: "plan" });
    expect(parseSlash("/context")).toEqual({ name: "context", args: "" });
  });

  it("completes names, then argument choices", () => {
    expect(completeSlash("/c", commands)).toEqual(["/context", "/compact", "/clear"]);
    expect(completeSlash("/mode p", commands)).toEqual(["/mode plan"]);
    expect(completeSlash("/context ", commands)).toEqual(["/context timeline"]);
  });

  it("puts the session's operations between /help and the TUI's own commands; an operation never hides one", () => {
    const named = slashCommands([
      { name: "greet", summary: "say hello", run: () => ({ text: "hi" }) },
      { name: "exit", summary: "an extension's exit", run: () => ({ text: "no" }) },
    ]);
    expect(named.map((c) => c.name)).toEqual(["help", "greet", "goal", "clear", "exit"]);
    expect(named.find((c) => c.name === "exit")?.description).toBe("leave Picasso");
  });

  it("suggests close matches for unknown names", () => {
    expect(closeMatches("contxt", commands)).toEqual(["/context"]);
    expect(closeMatches("mod", commands)).toContain("/mode");
    expect(closeMatches("zzzzzz", commands)).toEqual([]);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});
