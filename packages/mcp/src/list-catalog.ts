/**
 * `listCatalog`: everything a live server lists into one cacheable catalog — its identity and
 * capabilities, its tools and, when it advertises them, its resources, resource templates and
 * prompts (all pages, capped: catalog-caps.ts). Used by a session's lazy start and
 * `list_changed` re-lists (mcp-server.ts) and by `picasso mcp refresh` (refresh-catalog.ts).
 * A server that advertises resources or prompts but fails to list them keeps its tools: the
 * failed part is left out, never the whole catalog.
 */
import { CATALOG_FORMAT, configHash, type ServerCatalog } from "./catalog-cache.js";
import type { McpServerConfig } from "./server-config.js";
import type { ServerConnection } from "./server-connection.js";

export async function listCatalog(
  connection: ServerConnection,
  config: McpServerConfig,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ServerCatalog> {
  const capabilities = connection.capabilities();
  const tools = await connection.listTools(timeoutMs, signal);
  const catalog: ServerCatalog = {
    format: CATALOG_FORMAT,
    server: config.name,
    configHash: configHash(config),
    ...connection.identity(),
    tools,
    capabilities,
  };
  if (capabilities.resources) {
    const [resources, templates] = await Promise.all([
      connection.listResources(timeoutMs, signal).catch(() => undefined),
      connection.listResourceTemplates(timeoutMs, signal).catch(() => undefined),
    ]);
    catalog.resources = resources ?? [];
    catalog.resourceTemplates = templates ?? [];
  }
  if (capabilities.prompts) catalog.prompts = await connection.listPrompts(timeoutMs, signal).catch(() => []);
  return catalog;
}
