/**
 * The `<server>_call` gateway: one tool per configured server, with a fixed schema, so Tier 1
 * costs the same whether the server is used or not and never changes mid-session.
 *
 * - `tool: "__list__"` — one line per tool (name · summary), from the catalog.
 * - `tool: "__describe__"`, `arguments: {tool: "x"}` (or `{tool: [...]}` / `{name}`) — the full
 *   description and input schema.
 *   Both answer from the cached catalog (no process while it is fresh) and are Tier-2 loads
 *   (`mcp_catalog`).
 * - `__resources__`, `__read__`, `__prompts__`, `__subscribe__`, `__unsubscribe__` — the
 *   server's resources and prompts (resource-tools.ts).
 * - any other `tool` — a real `tools/call`: the tool must be in the catalog, its arguments are
 *   checked against the cached schema (`@picasso/protocol/tool-arguments`, as a server's schema:
 *   a mistake returns the problems and the schema; a schema ajv cannot compile lets the call
 *   through, the server checks), then the
 *   server (started now, if it was not) runs it. A fault is a tool error.
 * Effect: catalog answers are reads; a real call is a read when the server marks the tool
 * `readOnlyHint`, else a write (asks in default mode, refused in plan mode, runs in auto mode);
 * permissions see it as `<server>_call:<tool>`.
 */
import {
  type CallEffect,
  canonicalJson,
  mcpGatewayName,
  mcpGatewaySpec,
  type ToolDefinition,
  type ToolOutput,
} from "@picasso/protocol";
import { argumentProblems } from "@picasso/protocol/tool-arguments";
import { type CachedTool, type ServerCatalog, toolSummary } from "./catalog-cache.js";
import type { McpServer } from "./mcp-server.js";
import { renderCallResult } from "./render-result.js";
import {
  moreHint,
  PROMPTS,
  promptsText,
  RESOURCE_TOOLS,
  RESOURCES,
  resourceCall,
  resourcesText,
} from "./resource-tools.js";

export const LIST = "__list__";
export const DESCRIBE = "__describe__";

export function gatewayTool(server: McpServer): ToolDefinition {
  const name = mcpGatewayName(server.name);
  let reads = 0;
  return {
    spec: mcpGatewaySpec(server.name, server.config.description),
    effect: "write",
    family: "mcp",
    callEffect(input): CallEffect {
      const tool = typeof input.tool === "string" ? input.tool : "";
      if (tool === LIST || tool === DESCRIBE || tool === "" || RESOURCE_TOOLS.includes(tool))
        return { effect: "read" };
      const cached = server.catalog?.tools.find((t) => t.name === tool);
      const args = isObject(input.arguments) ? input.arguments : {};
      return { effect: cached?.readOnly ? "read" : "write", target: { name: tool, input: args } };
    },
    async run(input, ctx): Promise<ToolOutput> {
      const tool = typeof input.tool === "string" ? input.tool.trim() : "";
      if (!tool)
        return { content: `${name} needs "tool": a tool name, "${LIST}" or "${DESCRIBE}".`, isError: true };
      const args = input.arguments === undefined ? {} : input.arguments;
      let catalog: ServerCatalog;
      try {
        catalog = await server.ensureCatalog(ctx.lane, ctx.signal);
      } catch (error) {
        return { content: (error as Error).message, isError: true };
      }
      if (tool === LIST) return { content: listText(server.name, catalog), tier2: tier2(server) };
      if (tool === DESCRIBE) return describeTools(server.name, catalog, args);
      if (tool === RESOURCES) return { content: resourcesText(server.name, catalog), tier2: tier2(server) };
      if (tool === PROMPTS) return { content: promptsText(server.name, catalog), tier2: tier2(server) };
      if (RESOURCE_TOOLS.includes(tool)) {
        reads += 1;
        return resourceCall(server, catalog, tool, args, ctx, `mcp-${server.name}-resource-${reads}`);
      }
      const cached = catalog.tools.find((t) => t.name === tool);
      if (!cached)
        return {
          content: `"${tool}" is not a tool of the MCP server "${server.name}"${nearest(catalog, tool)}. ${name}({tool: "${LIST}"}) lists them.`,
          isError: true,
        };
      const problems = argumentProblems(cached.inputSchema, args, "server");
      if (problems.length > 0)
        return {
          content: `${name}: invalid arguments for "${tool}": ${problems.join("; ")}\n\n${fullText(cached)}`,
          isError: true,
        };
      try {
        const result = await server.call(tool, isObject(args) ? args : {}, ctx);
        return renderCallResult(
          result,
          { spillDir: ctx.spillDir, label: `mcp-${server.name}-${tool}` },
          (t) => server.mask(t),
        );
      } catch (error) {
        if (ctx.signal.aborted)
          return {
            content: `${name}: "${tool}" was cancelled by the user (the server was told: notifications/cancelled).`,
            isError: true,
          };
        return { content: `${name}: "${tool}" failed: ${(error as Error).message}`, isError: true };
      }
    },
  };
}

function tier2(server: McpServer): ToolOutput["tier2"] {
  return [{ kind: "mcp_catalog", name: server.name }];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function listText(server: string, catalog: ServerCatalog): string {
  const lines = catalog.tools.map((t) => `${t.name}${t.readOnly ? " (read-only)" : ""} · ${toolSummary(t)}`);
  const more = moreHint(catalog);
  return [
    `MCP server "${server}": ${catalog.tools.length} tools. ${mcpGatewayName(server)}({tool: "${DESCRIBE}", arguments: {tool: "<name>"}}) gives one's schema.`,
    ...lines,
    ...(more ? [more] : []),
  ].join("\n");
}

export function fullText(tool: CachedTool): string {
  return [
    `${tool.name}${tool.readOnly ? " (read-only)" : ""}`,
    tool.description.trim(),
    `Input schema: ${canonicalJson(tool.inputSchema)}`,
  ]
    .filter(Boolean)
    .join("\n");
}

function describeTools(server: string, catalog: ServerCatalog, args: unknown): ToolOutput {
  const a = isObject(args) ? args : {};
  const asked = [a.tool, a.tools, a.name].flatMap((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]));
  const names = asked.filter((v): v is string => typeof v === "string" && v.trim() !== "");
  if (names.length === 0)
    return {
      content: `${mcpGatewayName(server)}: "${DESCRIBE}" needs arguments {tool: "<name>"} (or a list of names).`,
      isError: true,
    };
  const out: string[] = [];
  const unknown: string[] = [];
  for (const n of names) {
    const tool = catalog.tools.find((t) => t.name === n);
    if (tool) out.push(fullText(tool));
    else unknown.push(`"${n}" is not a tool of "${server}"${nearest(catalog, n)}`);
  }
  if (out.length === 0) return { content: `${unknown.join("; ")}.`, isError: true };
  return {
    content: [...out, ...(unknown.length ? [`${unknown.join("; ")}.`] : [])].join("\n\n"),
    tier2: [{ kind: "mcp_catalog", name: server }],
  };
}

function nearest(catalog: ServerCatalog, name: string): string {
  const lower = name.toLowerCase();
  const close = catalog.tools
    .map((t) => t.name)
    .filter((n) => n.toLowerCase().includes(lower) || lower.includes(n.toLowerCase()))
    .slice(0, 3);
  return close.length ? ` (did you mean ${close.map((c) => `"${c}"`).join(", ")}?)` : "";
}
