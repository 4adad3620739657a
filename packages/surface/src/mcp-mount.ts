/**
 * The session's MCP servers: the project's `.mcp.json` and the user's `$PICASSO_HOME/mcp.json`
 * loaded (mistakes become one-line warnings and the session starts without that server), and the
 * `mcp` plugin made from them. A server's name may not take the name of a tool the other plugins
 * register (or make its gateway do so). Nothing is spawned here.
 */
import { createMcpPlugin, loadMcpConfig, type McpPlugin } from "@picasso/mcp";

export interface McpMountOptions {
  workspaceRoot: string;
  picassoHome: string;
  /** Tool names the other plugins register. */
  reservedNames: readonly string[];
  version: string;
  env?: NodeJS.ProcessEnv;
}

export function mcpPluginFor(options: McpMountOptions): McpPlugin {
  const loaded = loadMcpConfig({
    workspaceRoot: options.workspaceRoot,
    picassoHome: options.picassoHome,
    reservedNames: options.reservedNames,
    ...(options.env ? { env: options.env } : {}),
  });
  return createMcpPlugin({
    servers: loaded.servers,
    problems: loaded.problems,
    picassoHome: options.picassoHome,
    cwd: options.workspaceRoot,
    clientVersion: options.version,
  });
}
