import { describe, expect, it } from "vitest";
import { turnLimitRefusal } from "./turn-limit.js";

describe("turnLimitRefusal", () => {
  const limit = {
    tools: ["tool_search", "read", "bash"],
    commandPrefixes: ["git status"],
    commands: ["npm test"],
    by: "/review",
  };

  it("allows everything without a limit, and the listed tools with one", () => {
    expect(turnLimitRefusal(undefined, "write", {})).toBeUndefined();
    expect(turnLimitRefusal(limit, "read", { path: "a" })).toBeUndefined();
  });

  it("refuses a tool not listed, naming the command that set the limit", () => {
    expect(turnLimitRefusal(limit, "write", { path: "a" })).toBe(
      '"write" is not allowed during this turn: /review allows only tool_search, read, bash.',
    );
  });

  it("lets bash run only the listed prefixes and commands", () => {
    expect(turnLimitRefusal(limit, "bash", { command: "git status --short" })).toBeUndefined();
    expect(turnLimitRefusal(limit, "bash", { command: "npm test" })).toBeUndefined();
    expect(turnLimitRefusal(limit, "bash", { command: "rm -rf build" })).toBe(
      "this command is not allowed during this turn: /review lets bash run only git status …, npm test.",
    );
    expect(
      turnLimitRefusal({ tools: ["bash"], by: "/x" }, "bash", { command: "rm -rf build" }),
    ).toBeUndefined();
  });
});
