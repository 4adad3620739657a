/**
 * The session's MCP servers: the project's `.mcp.json` and the user's `$PICASSO_HOME/mcp.json`
 * loaded (mistakes become one-line warnings and the session starts without that server), and the
 * `mcp` plugin made from them. A server's name may not take the name of a tool the other plugins
 * register (or make its gateway do so). Nothing is spawned here. A change to the files during the
 * session is told to the model (the plugin's config watch), never mounted.
 */
import {
  createMcpPlugin,
  loadMcpConfig,
  type McpPlugin,
  projectConfigPath,
  userConfigPath,
} from "@picasso/mcp";

export interface McpMountOptions {
  workspaceRoot: string;
  picassoHome: string;
  /** Tool names the other plugins register. */
  reservedNames: readonly string[];
  version: string;
  env?: NodeJS.ProcessEnv;
}

export function mcpPluginFor(options: McpMountOptions): McpPlugin {
  const load = () =>
    loadMcpConfig({
      workspaceRoot: options.workspaceRoot,
      picassoHome: options.picassoHome,
      reservedNames: options.reservedNames,
      ...(options.env ? { env: options.env } : {}),
    });
  const loaded = load();
  return createMcpPlugin({
    servers: loaded.servers,
    problems: loaded.problems,
    picassoHome: options.picassoHome,
    cwd: options.workspaceRoot,
    clientVersion: options.version,
    configWatch: {
      files: [projectConfigPath(options.workspaceRoot), userConfigPath(options.picassoHome)],
      names: () => load().servers.map((s) => s.name),
    },
  });
}
