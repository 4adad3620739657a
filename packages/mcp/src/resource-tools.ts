/**
 * The gateway's pseudo-tools for a server's resources and prompts — the same fixed
 * `<server>_call({tool, arguments})` schema, so Tier 1 never changes:
 * - `__resources__` — one line per resource (`uri · name · mime · size`) and per template (its
 *   `uriTemplate`, for the model to fill), from the catalog (no process while it is fresh);
 * - `__prompts__` — one line per prompt with its arguments (each is also a slash command);
 * - `__read__ {uri}` — `resources/read` (the server starts now if it was not): text, images as
 *   image blocks, other blobs saved to a file (render-resource.ts);
 * - `__subscribe__ {uri}` / `__unsubscribe__ {uri}` — `resources/subscribe`: an update of the
 *   resource is told before the next step.
 * Listings are Tier-2 loads (`mcp_catalog`), like `__list__`. All of them are reads.
 */
import { mcpGatewayName, type ToolOutput } from "@picasso/protocol";
import { promptLine, resourceLine, type ServerCatalog, templateLine } from "./catalog-cache.js";
import type { McpServer } from "./mcp-server.js";
import { renderResourceContents } from "./render-resource.js";

export const RESOURCES = "__resources__";
export const READ = "__read__";
export const PROMPTS = "__prompts__";
export const SUBSCRIBE = "__subscribe__";
export const UNSUBSCRIBE = "__unsubscribe__";

export const RESOURCE_TOOLS: readonly string[] = [RESOURCES, READ, PROMPTS, SUBSCRIBE, UNSUBSCRIBE];

const MAX_URI_CHARS = 2_000;

export function resourcesText(server: string, catalog: ServerCatalog): string {
  const call = mcpGatewayName(server);
  if (!catalog.capabilities?.resources)
    return `MCP server "${server}" offers no resources. ${call}({tool: "__list__"}) lists its tools.`;
  const resources = catalog.resources ?? [];
  const templates = catalog.resourceTemplates ?? [];
  const head = `MCP server "${server}": ${resources.length} resources, ${templates.length} templates. Read one with ${call}({tool: "${READ}", arguments: {uri: "<uri>"}}) (fill a template's {…} parts)${catalog.capabilities.subscribe ? `; ${SUBSCRIBE} {uri} tells you when one changes` : ""}.`;
  return [head, ...resources.map(resourceLine), ...templates.map(templateLine)].join("\n");
}

export function promptsText(server: string, catalog: ServerCatalog): string {
  if (!catalog.capabilities?.prompts) return `MCP server "${server}" offers no prompts.`;
  const prompts = catalog.prompts ?? [];
  return [
    `MCP server "${server}": ${prompts.length} prompts (the user runs one as /mcp__${server}__<prompt> name=value…; optional arguments in brackets).`,
    ...prompts.map(promptLine),
  ].join("\n");
}

/** The hint `__list__` ends with when the server has resources or prompts (Tier 2, never Tier 1). */
export function moreHint(catalog: ServerCatalog): string | undefined {
  const parts: string[] = [];
  const resourceCount = (catalog.resources?.length ?? 0) + (catalog.resourceTemplates?.length ?? 0);
  if (catalog.capabilities?.resources)
    parts.push(
      `"${RESOURCES}" lists its ${resourceCount} resources and templates, "${READ}" {uri} reads one`,
    );
  if (catalog.capabilities?.prompts)
    parts.push(`"${PROMPTS}" lists its ${catalog.prompts?.length ?? 0} prompts`);
  return parts.length ? `Also: ${parts.join("; ")}.` : undefined;
}

/** Runs `__read__`, `__subscribe__` or `__unsubscribe__`. */
export async function resourceCall(
  server: McpServer,
  catalog: ServerCatalog,
  tool: string,
  args: unknown,
  ctx: { lane: string; signal: AbortSignal; spillDir: string },
  label: string,
): Promise<ToolOutput> {
  const call = mcpGatewayName(server.name);
  const uri = isObject(args) && typeof args.uri === "string" ? args.uri.trim() : "";
  if (!uri)
    return {
      content: `${call}: "${tool}" needs arguments {uri: "<uri>"}; ${call}({tool: "${RESOURCES}"}) lists them.`,
      isError: true,
    };
  if (uri.length > MAX_URI_CHARS)
    return { content: `${call}: "${tool}": the uri is over ${MAX_URI_CHARS} characters.`, isError: true };
  if (!catalog.capabilities?.resources)
    return { content: `MCP server "${server.name}" offers no resources.`, isError: true };
  if (tool !== READ && !catalog.capabilities.subscribe)
    return {
      content: `MCP server "${server.name}" does not offer subscriptions; read the resource again with "${READ}" when you need it.`,
      isError: true,
    };
  try {
    if (tool === READ) {
      const result = await server.readResource(uri, ctx.lane, ctx.signal);
      return renderResourceContents(result, { spillDir: ctx.spillDir, label }, (t) => server.mask(t));
    }
    await server.subscribe(uri, tool === SUBSCRIBE, ctx.lane, ctx.signal);
    return {
      content:
        tool === SUBSCRIBE
          ? `Subscribed to ${uri}: when it changes you are told before your next step.`
          : `Unsubscribed from ${uri}.`,
    };
  } catch (error) {
    if (ctx.signal.aborted) return { content: `${call}: "${tool}" was cancelled.`, isError: true };
    return { content: `${call}: "${tool}" of ${uri} failed: ${(error as Error).message}`, isError: true };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
