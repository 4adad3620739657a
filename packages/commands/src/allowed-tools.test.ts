import { describe, expect, it } from "vitest";
import { limitPermitsCommand, turnLimit } from "./allowed-tools.js";

describe("turnLimit", () => {
  it("maps Claude Code's tool names to Picasso's, keeps Picasso's, notes the rest", () => {
    const { limit, notes } = turnLimit([
      "Read",
      "Grep",
      "MultiEdit",
      "web_fetch",
      "mcp__github__x",
      "Frobnicate",
      "Weird(",
    ]);
    expect(limit).toEqual({
      tools: ["tool_search", "read", "search", "multi_edit", "edit", "web_fetch", "github_call"],
    });
    expect(notes).toEqual([
      'allowed-tools: "mcp__github__x" allows github_call, every tool of the MCP server github',
      'allowed-tools: "Frobnicate" is not a tool of this Picasso; ignored',
      'allowed-tools: "Weird(" is not a tool rule; ignored',
    ]);
  });

  it("reads Bash rules: unrestricted, by prefix, exact", () => {
    expect(turnLimit(["Bash"]).limit).toEqual({ tools: ["tool_search", "bash"] });
    const { limit } = turnLimit(["Bash(git status:*)", "Bash(npm test)"]);
    expect(limit).toEqual({
      tools: ["tool_search", "bash"],
      commandPrefixes: ["git status"],
      commands: ["npm test"],
    });
    expect(limitPermitsCommand(limit, "git status --short")).toBe(true);
    expect(limitPermitsCommand(limit, "git statusx")).toBe(false);
    expect(limitPermitsCommand(limit, "npm test")).toBe(true);
    expect(limitPermitsCommand(limit, "npm test && rm -rf x")).toBe(false);
    expect(limitPermitsCommand(turnLimit(["Read"]).limit, "ls")).toBe(false);
    expect(limitPermitsCommand(turnLimit(["Bash"]).limit, "anything")).toBe(true);
  });
});
