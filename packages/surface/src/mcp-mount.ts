/**
 * The session's MCP servers: the project's `.mcp.json` and the user's `$PICASSO_HOME/mcp.json`
 * loaded (mistakes become one-line warnings and the session starts without that server), and the
 * `mcp` plugin made from them. A server's name may not take the name of a tool the other plugins
 * register (or make its gateway do so). Nothing is spawned here. A change to the files during the
 * session is told to the model (the plugin's config watch), never mounted. Allow rules
 * (`mcp__<server>__<tool>`, from Claude Code's settings files and `$PICASSO_HOME/mcp.json`) let
 * the calls they name run without asking (`withMcpAllowRules`).
 */
import type { Approver } from "@picasso/engine";
import { defaultClaudeHome } from "@picasso/lean-context";
import {
  createMcpPlugin,
  loadAllowRules,
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
  /** Claude Code's user folder, whose settings.json `permissions.allow` is read. */
  claudeHome?: string;
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
    allow: loadAllowRules({
      workspaceRoot: options.workspaceRoot,
      picassoHome: options.picassoHome,
      claudeHome: options.claudeHome ?? defaultClaudeHome(options.env),
    }),
    configWatch: {
      files: [projectConfigPath(options.workspaceRoot), userConfigPath(options.picassoHome)],
      names: () => load().servers.map((s) => s.name),
    },
  });
}

/**
 * The surface's approver, except that an MCP call an allow rule names (`mcp__<server>__<tool>`)
 * is allowed for the session without asking; the decision's note names the rule.
 */
export function withMcpAllowRules(approver: Approver, mcp: McpPlugin): Approver {
  return {
    async approve(request, signal) {
      const rule = mcp.allowRule(request.name, request.target);
      if (rule) return { decision: "allow_session", note: `allowed by the settings rule ${rule}` };
      return approver.approve(request, signal);
    },
  };
}
