/**
 * The fixed gateway tool schemas of Tier 1: `tool_search` and `tool_call`, plus `skill_search` (a
 * deferred tool reached through `tool_call`). One `<server>_call` per MCP server is defined in
 * `@picasso/protocol` (mcp-gateway.ts), shared with the MCP plugin; the core `skill` tool's schema
 * is in skills/skill-tool.ts.
 *
 * Their schemas never change during a session: deferred tools and MCP tools are reached through
 * them, so the `tools` array (and the provider's prompt cache) is never touched mid-session.
 */
import type { ToolSpec } from "@picasso/protocol";

export const TOOL_SEARCH = "tool_search";
export const TOOL_CALL = "tool_call";
export const SKILL_SEARCH = "skill_search";

export const toolSearchSpec: ToolSpec = {
  name: TOOL_SEARCH,
  description:
    "Search what is not loaded (deferred tools, skills, MCP tools, docs) by exact name or a few words of purpose. A broad query lists titles; an exact name, or 3 matches or fewer, returns the full description, input schema and usage rules.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string" },
      level: {
        type: "string",
        enum: ["title", "brief", "full"],
        description: "brief adds summaries; full expands the best 3",
      },
      close: {
        type: "array",
        items: { type: "string" },
        description: "Loaded entries you are done with",
      },
    },
    additionalProperties: false,
  },
};

export const toolCallSpec: ToolSpec = {
  name: TOOL_CALL,
  description:
    "Run a tool found with tool_search. Invalid arguments return the tool's input schema: fix the call and retry.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string" },
      arguments: { type: "object" },
    },
    required: ["name", "arguments"],
    additionalProperties: false,
  },
};

export const skillSearchSpec: ToolSpec = {
  name: SKILL_SEARCH,
  description: "Find skills by name or trigger words, including those not listed in the skill index.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string", description: "A skill name or words from its trigger" } },
    required: ["query"],
    additionalProperties: false,
  },
};
