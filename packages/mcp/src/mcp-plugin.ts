/**
 * `createMcpPlugin`: the configured MCP servers as a plugin on the engine's hooks.
 *
 * - `registerTools`: one `<server>_call` gateway per server (gateway-tool.ts), sorted by name;
 *   lean context puts exactly these in Tier 1, after `tool_call`.
 * - `catalogEntries`: an `mcp_server` entry per server and an `mcp_tool` entry per cached tool,
 *   so `tool_search` finds MCP tools — from the on-disk cache only, never a spawn; and a `command`
 *   entry per cached prompt.
 * - `operations`: each cached prompt as a slash command `mcp__<server>__<prompt>`
 *   (prompt-commands.ts); names it had to change or leave out are among the `problems`.
 * - `resourceMentions`: what `@server:uri` mentions in a user's prompt read (resource-mentions.ts).
 * - `preStep`: notices (a server's tools, resources or prompts changed, a subscribed resource was
 *   updated; a server added to or removed from the
 *   configuration after the session started — config-watch.ts) appended once as Tier-2 reminders.
 * - `describeSettings`: the `picasso-mcp` namespace — each server's state, tool count, catalog
 *   bytes;
 * - `panel`: the same as MCP's `/context` panel, a row per server (mcp-panel.ts).
 * - `operations`: `/mcp`, `/mcp:refresh`, `/mcp:login`, `/mcp:restart` (mcp-operations.ts).
 * Servers are fixed for the session. `start` (the session is open) connects the spawn/exit events
 * to the session's recorder; `close` (the session closes it) stops every server.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  byteLength,
  type CatalogEntry,
  formatReminder,
  mcpGatewayName,
  type PicassoExtension,
  type PreStepResult,
  type ToolDefinition,
  text,
  userMessage,
} from "@picasso/protocol";
import { allowedBy } from "./allow-rules.js";
import { catalogDir } from "./catalog-cache.js";
import { ConfigWatch, type ConfigWatchSource } from "./config-watch.js";
import type { ElicitationPolicy } from "./elicitation.js";
import { gatewayTool } from "./gateway-tool.js";
import { mcpOperations } from "./mcp-operations.js";
import { mcpPanel } from "./mcp-panel.js";
import { type McpEventSink, McpServer, type ServerState } from "./mcp-server.js";
import { promptCommands } from "./prompt-commands.js";
import { type ResourceMentions, resolveResourceMentions } from "./resource-mentions.js";
import { describeConfig, type McpServerConfig } from "./server-config.js";
import type { ProcessIsolation } from "./stdio-transport.js";

export const MCP_PLUGIN = "mcp";
export const MCP_SETTINGS_NAMESPACE = "picasso-mcp";

export interface McpPluginOptions {
  servers: readonly McpServerConfig[];
  /** Configuration mistakes (one line each), shown by the surfaces. */
  problems?: readonly string[];
  picassoHome: string;
  /** Where stdio servers run (the workspace root). */
  cwd: string;
  clientVersion: string;
  connectTimeoutMs?: number;
  /** The process walls stdio servers start behind (`CommandSandbox.isolate`); none when absent. */
  isolate?: ProcessIsolation;
  /** The configuration files and how to read the names they configure now (a change is told, never mounted). */
  configWatch?: ConfigWatchSource;
  /** `mcp__<server>[__<tool>]` rules: calls they name run without asking (allow-rules.ts). */
  allow?: readonly string[];
  /** How servers' elicitations are answered (default: asked through the call's `askUser`). */
  elicitation?: ElicitationPolicy;
  /** Opens an OAuth authorization URL for the user (`/mcp:login`); without it the URL is only shown. */
  openUrl?: (url: URL) => void | Promise<void>;
  /** How long `/mcp:login` waits for the browser's redirect (default 5 min). */
  loginTimeoutMs?: number;
}

export interface McpServerStatus {
  name: string;
  transport: string;
  /** The command or URL, without env or headers. */
  target: string;
  state: ServerState;
  pid: number | null;
  /** Tools in its catalog, or null when no catalog is cached yet. */
  tools: number | null;
  catalogBytes: number | null;
  /** Log messages (`notifications/message`) it sent this session. */
  logMessages: number;
  error: string | null;
}

export interface McpPlugin extends PicassoExtension {
  readonly problems: readonly string[];
  readonly servers: readonly McpServer[];
  /** Synchronous: read from the cache only. */
  catalogEntries(): CatalogEntry[];
  /** Queue a notice for the model (a Tier-2 reminder before the next step). */
  notice(server: string, body: string): void;
  status(): McpServerStatus[];
  /** The allow rule that lets `<server>_call` run `tool` without asking, if any. */
  allowRule(gateway: string, tool: string | undefined): string | undefined;
  /** The `@server:uri` mentions of a user's prompt, read (servers start lazily); never throws. */
  resourceMentions(prompt: string, signal: AbortSignal): Promise<ResourceMentions>;
  close(): Promise<void>;
}

export function createMcpPlugin(options: McpPluginOptions): McpPlugin {
  let sink: McpEventSink | undefined;
  const pending: { server: string; body: string }[] = [];
  // The same notice twice before a step (a resource updated every few seconds) is told once.
  const notice = (server: string, body: string) => {
    if (!pending.some((p) => p.server === server && p.body === body)) pending.push({ server, body });
  };
  const servers = [...options.servers]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(
      (config) =>
        new McpServer(config, {
          picassoHome: options.picassoHome,
          cwd: options.cwd,
          clientVersion: options.clientVersion,
          ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
          ...(options.isolate ? { isolate: options.isolate } : {}),
          ...(options.elicitation ? { elicitation: options.elicitation } : {}),
          sink: () => sink,
          notice,
        }),
    );
  const gateways: ToolDefinition[] = servers.map(gatewayTool);
  const prompts = promptCommands(servers);
  const watch = options.configWatch
    ? new ConfigWatch(
        options.configWatch,
        servers.map((s) => s.name),
      )
    : undefined;
  const actions = mcpOperations({
    servers,
    picassoHome: options.picassoHome,
    notice,
    ...(options.openUrl ? { openUrl: options.openUrl } : {}),
    ...(options.loginTimeoutMs ? { loginTimeoutMs: options.loginTimeoutMs } : {}),
  });
  const status = (): McpServerStatus[] =>
    servers.map((server) => ({
      name: server.name,
      transport: server.config.transport,
      target: server.mask(describeConfig(server.config)),
      state: server.state,
      pid: server.pid ?? null,
      tools: server.catalog ? server.catalog.tools.length : null,
      catalogBytes: markdownBytes(options.picassoHome, server.name),
      logMessages: server.logMessages,
      error: server.lastError ?? null,
    }));

  return {
    name: MCP_PLUGIN,
    problems: [...(options.problems ?? []), ...prompts.warnings],
    servers,
    registerTools: () => gateways,
    // `/mcp` and its actions, then each cached prompt as a slash command.
    operations: [...actions.operations, ...prompts.operations],

    catalogEntries(): CatalogEntry[] {
      const entries: CatalogEntry[] = [];
      for (const server of servers) {
        entries.push({
          kind: "mcp_server",
          name: server.name,
          description:
            server.config.description ??
            `MCP server ${server.name}, called through ${mcpGatewayName(server.name)}.`,
          // The initialize result's instructions shape the `when` of its tools (lean context).
          ...(server.catalog?.instructions?.trim()
            ? { instructions: server.catalog.instructions.trim() }
            : {}),
        });
        for (const tool of server.catalog?.tools ?? [])
          entries.push({
            kind: "mcp_tool",
            server: server.name,
            name: tool.name,
            description: tool.description || tool.title || tool.name,
            inputSchema: tool.inputSchema,
          });
      }
      entries.push(...prompts.entries());
      return entries;
    },

    preStep(): PreStepResult {
      for (const [server, body] of watch?.check() ?? []) notice(server, body);
      const append = pending.splice(0).map(({ server, body }) => {
        const content = formatReminder("mcp", body);
        return {
          source: "reminder" as const,
          reminder: "mcp",
          message: userMessage(text(content)),
          tier2: { kind: "mcp_catalog" as const, name: server, bytes: byteLength(content) },
        };
      });
      return { append };
    },

    describeSettings() {
      return { namespace: MCP_SETTINGS_NAMESPACE, value: { servers: status() } };
    },

    panel() {
      return mcpPanel(MCP_PLUGIN, status());
    },

    // The session's recorder takes the servers' start and exit events once it is open.
    start(ctx) {
      sink = (event, lane) => ctx.record(event, lane);
    },
    notice,

    status,
    allowRule(gateway, tool) {
      const server = servers.find((s) => mcpGatewayName(s.name) === gateway);
      if (!server || !tool) return undefined;
      return allowedBy(options.allow ?? [], server.name, tool);
    },

    resourceMentions: (prompt, signal) => resolveResourceMentions(servers, prompt, signal),

    async close() {
      actions.cancelLogins();
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

function markdownBytes(picassoHome: string, server: string): number | null {
  const file = join(catalogDir(picassoHome), `${server}.md`);
  return existsSync(file) ? statSync(file).size : null;
}
