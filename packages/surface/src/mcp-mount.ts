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
  type ElicitationPolicy,
  loadAllowRules,
  loadMcpConfig,
  type McpPlugin,
  type McpServerConfig,
  type ProcessIsolation,
  projectConfigPath,
  SERVER_NAME,
  userConfigPath,
} from "@picasso/mcp";
import type { ExtensionPlace, Mounted, MountedBefore } from "./extension-place.js";

export interface McpMountOptions {
  workspaceRoot: string;
  picassoHome: string;
  /** Tool names the other plugins register. */
  reservedNames: readonly string[];
  version: string;
  env?: NodeJS.ProcessEnv;
  /** Claude Code's user folder, whose settings.json `permissions.allow` is read. */
  claudeHome?: string;
  /**
   * Servers a surface's client passes (ACP `session/new`), mounted through the same lazy gateways
   * as the configured ones; one replaces a configured server of its name. A name that cannot be a
   * tool name or clashes with a tool is one problem line, and that server is left out.
   */
  extraServers?: readonly McpServerConfig[];
  /** The process walls stdio servers start behind (the session's `CommandSandbox.isolate`). */
  isolate?: ProcessIsolation;
  /** How servers' elicitations are answered (headless `--elicit`); default: asked through `askUser`. */
  elicitation?: ElicitationPolicy;
  /** Opens an OAuth authorization URL for `/mcp:login`; absent: the URL is only shown. */
  openUrl?: (url: URL) => void;
}

export type { McpServerConfig };

/**
 * The `mcp` row: the servers configured for the workspace (and those a client passed), one gateway
 * each, behind the process walls of the tool runtime mounted before it. Its servers may not take
 * the name of a tool the extensions mounted before it register.
 */
export function mcpExtension(place: ExtensionPlace, before: MountedBefore): Mounted {
  const isolate = place.offline ? undefined : before.toolRuntime?.sandbox?.isolation;
  const mcp = mcpPluginFor({
    workspaceRoot: place.workspaceRoot,
    picassoHome: place.picassoHome,
    reservedNames: before.extensions.flatMap((e) => e.registerTools?.() ?? []).map((t) => t.spec.name),
    version: place.version,
    ...(place.env ? { env: place.env } : {}),
    ...(place.claudeHome ? { claudeHome: place.claudeHome } : {}),
    ...(place.mcpServers ? { extraServers: place.mcpServers } : {}),
    ...(isolate ? { isolate } : {}),
    ...(place.mcpElicitation ? { elicitation: place.mcpElicitation } : {}),
    ...(place.mcpOpenUrl ? { openUrl: place.mcpOpenUrl } : {}),
  });
  return { extension: mcp, handles: { mcp }, warnings: () => [...mcp.problems] };
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
  const reserved = new Set(options.reservedNames);
  const extra: McpServerConfig[] = [];
  const problems = [...loaded.problems];
  for (const server of options.extraServers ?? []) {
    if (!SERVER_NAME.test(server.name))
      problems.push(
        `${server.file}: server "${server.name}": the name becomes a tool name (${server.name}_call): use lowercase letters, digits, "_" and "-" (at most 48); left out`,
      );
    else if (reserved.has(server.name) || reserved.has(`${server.name}_call`))
      problems.push(`${server.file}: server "${server.name}": the name clashes with a tool; left out`);
    else extra.push(server);
  }
  const withExtra = (servers: McpServerConfig[]) =>
    [...servers.filter((s) => !extra.some((e) => e.name === s.name)), ...extra].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  return createMcpPlugin({
    servers: withExtra(loaded.servers),
    problems,
    picassoHome: options.picassoHome,
    cwd: options.workspaceRoot,
    clientVersion: options.version,
    ...(options.isolate ? { isolate: options.isolate } : {}),
    ...(options.elicitation ? { elicitation: options.elicitation } : {}),
    ...(options.openUrl ? { openUrl: options.openUrl } : {}),
    allow: loadAllowRules({
      workspaceRoot: options.workspaceRoot,
      picassoHome: options.picassoHome,
      claudeHome: options.claudeHome ?? defaultClaudeHome(options.env),
    }),
    configWatch: {
      files: [projectConfigPath(options.workspaceRoot), userConfigPath(options.picassoHome)],
      // A project file changed but not approved yet is not a removal: its servers stay as mounted.
      names: () => {
        const now = load();
        const kept = now.withheld ? loaded.servers.filter((s) => s.scope === "project") : [];
        return withExtra([...now.servers, ...kept]).map((s) => s.name);
      },
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
