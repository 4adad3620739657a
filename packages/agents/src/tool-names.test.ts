import { describe, expect, it } from "vitest";
import { mapToolNames } from "./tool-names.js";

const KNOWN = new Set([
  "read",
  "write",
  "edit",
  "bash",
  "search",
  "todo_write",
  "subagent",
  "tool_call",
  "github_call",
]);

describe("mapToolNames", () => {
  it("maps Claude Code's names, keeps Picasso's, and drops duplicates", () => {
    expect(
      mapToolNames(["Read", "Grep", "Glob", "LS", "MultiEdit", "Edit", "TodoWrite", "Task", "bash"], KNOWN),
    ).toEqual({
      tools: ["read", "search", "edit", "todo_write", "subagent", "bash"],
      unknown: [],
    });
  });

  it("maps an MCP tool to its server's gateway and reports names no tool has", () => {
    expect(mapToolNames(["mcp__github__create_issue", "WebFetch", "mcp__jira__search"], KNOWN)).toEqual({
      tools: ["github_call"],
      unknown: ["WebFetch", "mcp__jira__search"],
    });
  });
});
