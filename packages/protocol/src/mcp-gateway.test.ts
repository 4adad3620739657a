import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical.js";
import { mcpGatewayName, mcpGatewaySpec } from "./mcp-gateway.js";

describe("the <server>_call gateway spec", () => {
  it("is named after the server, with characters a tool name cannot hold replaced", () => {
    expect(mcpGatewayName("fs")).toBe("fs_call");
    expect(mcpGatewayName("my.server/v2")).toBe("my_server_v2_call");
    expect(mcpGatewayName("x".repeat(80))).toHaveLength(64);
  });

  it("depends on the name and the configured description only: the same bytes every time", () => {
    expect(canonicalJson(mcpGatewaySpec("fs"))).toBe(canonicalJson(mcpGatewaySpec("fs")));
    expect(mcpGatewaySpec("fs").description).toBe('Call a tool of the MCP server "fs".');
    expect(mcpGatewaySpec("fs").inputSchema).toEqual({
      type: "object",
      properties: { tool: { type: "string" }, arguments: { type: "object" } },
      required: ["tool"],
      additionalProperties: false,
    });
  });

  it("appends a configured description on one line, within 200 characters", () => {
    const spec = mcpGatewaySpec("issues", "Our tracker:\n  tickets,   sprints.");
    expect(spec.description).toBe('Call a tool of the MCP server "issues". Our tracker: tickets, sprints.');
    expect(mcpGatewaySpec("issues", "y".repeat(500)).description).toHaveLength(200);
  });
});
