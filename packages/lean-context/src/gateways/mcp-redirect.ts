/**
 * Where `tool_call` sends a model that names an MCP tool: the exact `<server>_call` to make.
 *
 * Models reach for an MCP tool under the names other agents give it. A name is matched against
 * every MCP tool leaf of the catalog (built from the servers' on-disk catalogs, so nothing is
 * spawned), in this order:
 *
 * 1. a qualified name — `server/tool` (the catalog's), `server.tool`, `server__tool`, or Claude
 *    Code's `mcp__server__tool` — names that server's tool;
 * 2. otherwise the bare `tool` names it on every server that has one (an ambiguous name lists
 *    them all, by server).
 *
 * The answer repeats the model's arguments in the call when they are an object of at most
 * `ECHO_MAX_BYTES` of JSON, so the call can be copied as is; longer ones are `{…}` "with the same
 * arguments". No match is `undefined`: the caller answers "unknown tool". Pure.
 */
import { byteLength } from "@picasso/protocol";
import type { Catalog } from "../catalog/build-catalog.js";
import { mcpGatewayName } from "../catalog/build-catalog.js";
import { MCP_GROUP } from "../catalog/catalog-groups.js";

const ECHO_MAX_BYTES = 300;

interface McpTool {
  server: string;
  tool: string;
}

function mcpTools(catalog: Catalog): McpTool[] {
  return catalog.leaves
    .filter((leaf) => leaf.kind === "mcp_tool" && leaf.parent)
    .map((leaf) => ({
      server: leaf.parent!.slice(MCP_GROUP.length + 1),
      tool: leaf.id.slice(leaf.parent!.length + 1),
    }));
}

const qualifiedNames = ({ server, tool }: McpTool) => [
  `${server}/${tool}`,
  `${server}.${tool}`,
  `${server}__${tool}`,
  `mcp__${server}__${tool}`,
];

/** The MCP tools a name given to `tool_call` means: qualified matches first, else bare ones. */
export function mcpToolsNamed(catalog: Catalog, name: string): McpTool[] {
  const tools = mcpTools(catalog);
  const qualified = tools.filter((t) => qualifiedNames(t).includes(name));
  return qualified.length > 0 ? qualified : tools.filter((t) => t.tool === name);
}

function echoedArguments(args: unknown): { text: string; same: boolean } {
  const object = args === undefined ? {} : args;
  if (object && typeof object === "object" && !Array.isArray(object)) {
    const json = JSON.stringify(object);
    if (byteLength(json) <= ECHO_MAX_BYTES) return { text: json, same: false };
  }
  return { text: "{…}", same: true };
}

/** The redirect for `tool_call({name, arguments})` naming an MCP tool, or undefined. */
export function mcpRedirect(catalog: Catalog, name: string, args: unknown): string | undefined {
  const matches = mcpToolsNamed(catalog, name);
  if (matches.length === 0) return undefined;
  const echoed = echoedArguments(args);
  const calls = matches.map(
    (m) => `${mcpGatewayName(m.server)}({tool: ${JSON.stringify(m.tool)}, arguments: ${echoed.text}})`,
  );
  const owner =
    matches.length === 1
      ? `a tool of the MCP server ${JSON.stringify(matches[0]!.server)}`
      : `a tool of ${matches.length} MCP servers`;
  return `"${name}" is ${owner}: call ${calls.join(" or ")}${echoed.same ? " with the same arguments" : ""}.`;
}
