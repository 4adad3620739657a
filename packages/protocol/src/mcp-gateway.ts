/**
 * The `<server>_call` gateway's name and schema: one fixed tool per configured MCP server, built
 * from the server's name (and a configured description) only — never from anything the server
 * reports — so Tier 1 is the same bytes whether the server runs or not. Shared by the MCP plugin,
 * which registers the working tool, and lean context, which assembles Tier 1 (and stands in this
 * spec for a server no plugin registered), so the two can never disagree.
 */
import type { ToolSpec } from "./content.js";

/** The gateway tool name of an MCP server: its name with anything outside [A-Za-z0-9_-] as `_`. */
export function mcpGatewayName(server: string): string {
  return `${server.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 59)}_call`;
}

/** The gateway's schema; a configured description is appended, the whole kept within 200 characters. */
export function mcpGatewaySpec(server: string, description?: string): ToolSpec {
  const extra = description ? ` ${description.replace(/\s+/g, " ").trim()}` : "";
  return {
    name: mcpGatewayName(server),
    description: `Call a tool of the MCP server "${server}".${extra}`.slice(0, 200),
    inputSchema: {
      type: "object",
      properties: {
        tool: { type: "string" },
        arguments: { type: "object" },
      },
      required: ["tool"],
      additionalProperties: false,
    },
  };
}
