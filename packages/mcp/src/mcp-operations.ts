/**
 * `/mcp` and its actions, as operations of the mcp plugin (a TUI slash command, an ACP command
 * and `_picasso/<name>` on every surface; none reaches the model):
 * - `mcp` — each server's state: `configured` (no catalog yet), `cataloged` (a fresh cache, not
 *   started), `started` (with its pid for a process), `failed` / `exited` (with the last error),
 *   `needs auth` (with how to log in); whether OAuth tokens are stored (never the tokens), and a
 *   login in progress or its failure.
 * - `mcp:refresh <name>` — list its tools into the catalog cache again.
 * - `mcp:login <name>` — the OAuth login of an http or sse server (oauth-login.ts): answers at
 *   once with the authorization URL (and hands it to the surface's opener, when there is one);
 *   the login completes in the background when the redirect comes back, and then the server may
 *   start again and the model is told once (a Tier-2 notice). A new login replaces a pending one.
 * - `mcp:restart <name>` — stop it and start it again, with the session's start limit reset.
 * They are offered only when a server is configured (`mcp:login` only when an http or sse one is).
 */
import type { ExtensionOperation, OperationResult } from "@picasso/protocol";
import type { McpServer } from "./mcp-server.js";
import { needsAuthMessage } from "./needs-auth.js";
import { type OAuthLogin, startOAuthLogin } from "./oauth-login-soon.js";
import { hasTokens } from "./oauth-store.js";
import { DEFAULT_LOGIN_TIMEOUT_MS, describeConfig } from "./server-config.js";

export type DisplayState = "configured" | "cataloged" | "started" | "failed" | "exited" | "needs auth";

export interface ServerOverview {
  name: string;
  transport: string;
  target: string;
  state: DisplayState;
  pid: number | null;
  tools: number | null;
  /** For http and sse servers: whether OAuth tokens are stored; null for a process. */
  authorized: boolean | null;
  /** A login started with `mcp:login`: waiting, or why it failed. */
  login: string | null;
  error: string | null;
}

export interface McpOperationsContext {
  servers: readonly McpServer[];
  picassoHome: string;
  notice(server: string, body: string): void;
  /** Open the authorization URL for the user (a browser, or a test's user agent); optional. */
  openUrl?: (url: URL) => void | Promise<void>;
  loginTimeoutMs?: number;
}

export interface McpOperations {
  operations: ExtensionOperation[];
  overview(): ServerOverview[];
  /** Stop waiting for every pending login (the session closes). */
  cancelLogins(): void;
}

export function mcpOperations(ctx: McpOperationsContext): McpOperations {
  const logins = new Map<string, OAuthLogin>();
  const loginNotes = new Map<string, string>();
  const names = ctx.servers.map((s) => s.name);
  const remote = ctx.servers.filter((s) => s.config.transport !== "stdio").map((s) => s.name);

  const overview = (): ServerOverview[] =>
    ctx.servers.map((server) => ({
      name: server.name,
      transport: server.config.transport,
      target: server.mask(describeConfig(server.config)),
      state: displayState(server),
      pid: server.pid ?? null,
      tools: server.catalog ? server.catalog.tools.length : null,
      authorized:
        server.config.transport === "stdio"
          ? null
          : hasTokens(ctx.picassoHome, server.name, server.config.url),
      login: loginNotes.get(server.name) ?? null,
      error: server.lastError ?? null,
    }));

  const pick = (args: string, verb: string, choices: readonly string[]): McpServer | OperationResult => {
    const name = args.trim();
    const server = ctx.servers.find((s) => s.name === name);
    if (server && choices.includes(name)) return server;
    const known = choices.length ? choices.join(", ") : "none";
    return warn(
      name
        ? `${server ? `"${name}" is not an http or sse server` : `no MCP server "${name}"`}; ${verb} takes one of: ${known}`
        : `name a server: /mcp:${verb} <name> (one of: ${known})`,
    );
  };

  const operations: ExtensionOperation[] = [
    {
      name: "mcp",
      summary: "each MCP server's state: configured, cataloged, started, failed or needs auth",
      run: () => {
        const rows = overview();
        return { title: "MCP servers", text: rows.map(renderRow).join("\n"), data: { servers: rows } };
      },
    },
    {
      name: "mcp:refresh",
      args: "<name>",
      argChoices: names,
      summary: "list an MCP server's tools into the catalog cache again",
      run: async (args, op) => {
        const server = pick(args, "refresh", names);
        if (!isServer(server)) return server;
        try {
          const catalog = await server.refresh("main", op.signal);
          return { text: `${server.name}: ${catalog.tools.length} tools listed into the catalog cache` };
        } catch (error) {
          return warn(server.mask((error as Error).message));
        }
      },
    },
    {
      name: "mcp:restart",
      args: "<name>",
      argChoices: names,
      summary: "stop an MCP server and start it again (its start limit reset)",
      run: async (args, op) => {
        const server = pick(args, "restart", names);
        if (!isServer(server)) return server;
        try {
          await server.restart("main", op.signal);
          return { text: `${server.name}: restarted${server.pid ? ` (pid ${server.pid})` : ""}` };
        } catch (error) {
          return warn(server.mask((error as Error).message));
        }
      },
    },
    {
      name: "mcp:login",
      args: "<name>",
      argChoices: remote,
      summary: "authorize Picasso with an http or sse MCP server (OAuth); shows the URL to open",
      run: async (args) => {
        const server = pick(args, "login", remote);
        if (!isServer(server) || server.config.transport === "stdio") return server as OperationResult;
        const config = server.config;
        logins.get(server.name)?.cancel();
        let login: OAuthLogin;
        try {
          login = await startOAuthLogin(config, {
            picassoHome: ctx.picassoHome,
            timeoutMs: ctx.loginTimeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS,
          });
        } catch (error) {
          return warn(`${server.name}: login could not start: ${server.mask((error as Error).message)}`);
        }
        logins.set(server.name, login);
        loginNotes.set(server.name, "waiting for the browser's redirect");
        login.done.then(
          () => {
            if (logins.get(server.name) !== login) return;
            logins.delete(server.name);
            loginNotes.delete(server.name);
            server.forgetStarts();
            ctx.notice(
              server.name,
              `MCP server "${server.name}" is authorized now: its tools can be called again.`,
            );
          },
          (error: Error) => {
            if (logins.get(server.name) !== login) return;
            logins.delete(server.name);
            loginNotes.set(server.name, `login failed: ${server.mask(error.message)}`);
          },
        );
        try {
          await ctx.openUrl?.(login.authorizationUrl);
        } catch {
          // The URL is shown; the user opens it by hand.
        }
        const minutes = Math.round((ctx.loginTimeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS) / 60_000);
        return {
          title: `/mcp:login ${server.name}`,
          text: [
            `Open this URL in a browser to authorize Picasso with "${server.name}":`,
            "",
            login.authorizationUrl.href,
            "",
            `Waiting for the redirect to 127.0.0.1 (up to ${minutes || 1} min); /mcp shows when it is done.`,
          ].join("\n"),
          data: { server: server.name, authorizationUrl: login.authorizationUrl.href },
        };
      },
    },
  ];

  // Offered only where they can act: none without a server, no login without an http or sse one.
  const offered = operations.filter((o) => names.length > 0 && (o.name !== "mcp:login" || remote.length > 0));
  return {
    operations: offered,
    overview,
    cancelLogins() {
      for (const login of logins.values()) login.cancel();
      logins.clear();
    },
  };
}

function displayState(server: McpServer): DisplayState {
  switch (server.state) {
    case "running":
      return "started";
    case "not spawned":
      return server.catalog ? "cataloged" : "configured";
    default:
      return server.state;
  }
}

function renderRow(row: ServerOverview): string {
  const state =
    row.state === "started" && row.pid !== null
      ? `started (pid ${row.pid})`
      : row.state === "needs auth"
        ? `needs auth: ${needsAuthMessage(row.name).replace(/^needs authorization: /, "")}`
        : row.state;
  const facts = [
    row.tools === null ? "no catalog yet" : `${row.tools} tools`,
    ...(row.authorized === null ? [] : [row.authorized ? "OAuth token stored" : "no OAuth token"]),
    ...(row.login ? [row.login] : []),
    ...(row.error && row.state !== "needs auth" ? [row.error] : []),
  ];
  return `${row.name}  ${row.transport} · ${row.target}\n    ${state} · ${facts.join(" · ")}`;
}

function isServer(value: McpServer | OperationResult): value is McpServer {
  return "config" in value;
}

function warn(text: string): OperationResult {
  return { text, tone: "warn" };
}
