/**
 * The MCP servers a client passes in `session/new` / `session/load`, as Picasso server configs:
 * mounted through the same lazy gateways as `.mcp.json` (one `<name>_call` tool each, spawned on
 * first use). The client's display name becomes a tool-name-safe name (lowercase, `-` for other
 * characters); stdio servers start in the workspace root, as configured ones do.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { McpServerConfig } from "@picasso/surface";

export const CLIENT_MCP_SOURCE = "the ACP client's mcpServers";

export function serverName(display: string): string {
  return display
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[-_]+|-+$/g, "")
    .slice(0, 48);
}

export function clientMcpServers(servers: readonly acp.McpServer[]): McpServerConfig[] {
  return servers.map((server): McpServerConfig => {
    const common = { name: serverName(server.name), file: CLIENT_MCP_SOURCE, scope: "project" as const };
    if ("type" in server && (server.type === "http" || server.type === "sse"))
      return {
        ...common,
        transport: server.type,
        url: server.url,
        headers: Object.fromEntries(server.headers.map((h) => [h.name, h.value])),
      };
    const stdio = server as acp.McpServerStdio;
    return {
      ...common,
      transport: "stdio",
      command: stdio.command,
      args: stdio.args,
      env: Object.fromEntries(stdio.env.map((e) => [e.name, e.value])),
    };
  });
}
