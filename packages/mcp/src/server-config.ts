/**
 * One configured MCP server, as `.mcp.json` (the project) or `$PICASSO_HOME/mcp.json` (the user)
 * declares it in Claude Code's format, after `${VAR}` expansion:
 * `{"mcpServers": {"name": {"command", "args", "env"} | {"type": "http"|"sse", "url", "headers", "oauth"}}}`,
 * each with optional `description`, `timeout` (ms) and `logLevel` (Picasso's own).
 * The expanded values of `env`, `headers` and `oauth.clientSecret` are secrets: they reach the
 * server process or its HTTP requests and nothing else (never the log, the screen or the catalog).
 */
export type McpTransport = "stdio" | "http" | "sse";

/** MCP's log levels (RFC 5424's), least severe first. */
export const MCP_LOG_LEVELS = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
] as const;
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number];

interface Common {
  name: string;
  /** The file that declared it (absolute). */
  file: string;
  scope: "project" | "user";
  /** A short description for the gateway (optional; default from the name). */
  description?: string;
  /** Per-call timeout in ms (default 60 s): time without a result or a progress report. */
  timeoutMs?: number;
  /** The least severe log message the server is asked to send (`logging/setLevel`; default `info`). */
  logLevel?: McpLogLevel;
}

export interface StdioServerConfig extends Common {
  transport: "stdio";
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface HttpServerConfig extends Common {
  transport: "http" | "sse";
  url: string;
  headers: Record<string, string>;
  /** A client registered by hand with the server's authorization server (else dynamic registration). */
  oauth?: OAuthSettings;
}

/**
 * `"oauth": {"clientId", "clientSecret", "scopes", "callbackPort"}` of an http or sse server: all
 * optional. Without `clientId` Picasso registers itself (dynamic client registration); `callbackPort`
 * fixes the loopback redirect's port for a client registered with an exact redirect URI.
 */
export interface OAuthSettings {
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  callbackPort?: number;
}

export type McpServerConfig = StdioServerConfig | HttpServerConfig;

/** A server name becomes a tool name (`<name>_call`): lowercase letters, digits, `_` and `-`. */
export const SERVER_NAME = /^[a-z0-9][a-z0-9_-]{0,47}$/;

export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** How long `/mcp:login` waits for the browser's redirect. */
export const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60_000;

/** The configuration without secret values, for the screen and `picasso mcp list`. */
export function describeConfig(config: McpServerConfig): string {
  if (config.transport === "stdio") return [config.command, ...config.args].join(" ");
  return `${config.transport} ${config.url}`;
}
