/**
 * A live connection to one server through the SDK's `Client`: stdio (our own process transport,
 * stdio-transport.ts), Streamable HTTP, or legacy SSE. It connects within a timeout, lists the
 * tools (all pages), calls a tool with a timeout and the call's abort signal, reports
 * `notifications/tools/list_changed`, and tells when the process or the connection ended.
 * An http or sse server without an `Authorization` header of its own gets Picasso's OAuth
 * provider (oauth-provider.ts, session mode): stored tokens are sent and refreshed, and a server
 * that needs a login fails at once with `NeedsAuthError`.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { JsonSchema } from "@picasso/protocol";
import type { CachedTool } from "./catalog-cache.js";
import { McpOAuthProvider, NeedsAuthError } from "./oauth-provider.js";
import type { McpServerConfig } from "./server-config.js";
import { type ProcessExit, type ProcessIsolation, StdioProcessTransport } from "./stdio-transport.js";

export interface ConnectionEvents {
  onToolsChanged?: () => void;
  /** The process exited or the connection closed (not called after `close()`). */
  onClosed?: (exit: ProcessExit | undefined) => void;
}

export interface ServerIdentity {
  serverName?: string;
  serverVersion?: string;
  instructions?: string;
}

export class ServerConnection {
  private closing = false;
  private closed = false;

  private constructor(
    readonly config: McpServerConfig,
    private readonly client: Client,
    private readonly transport: Transport,
    private readonly oauth: McpOAuthProvider | undefined,
  ) {}

  static async open(
    config: McpServerConfig,
    options: {
      cwd: string;
      /** Where the OAuth tokens of http and sse servers are kept (oauth-store.ts). */
      picassoHome: string;
      connectTimeoutMs: number;
      clientVersion: string;
      signal?: AbortSignal;
      isolate?: ProcessIsolation;
    },
    events: ConnectionEvents = {},
  ): Promise<ServerConnection> {
    const oauth = oauthFor(config, options.picassoHome);
    const transport = makeTransport(config, options.cwd, options.isolate, oauth);
    const client = new Client({ name: "picasso", version: options.clientVersion }, { capabilities: {} });
    const connection = new ServerConnection(config, client, transport, oauth);
    client.onclose = () => connection.ended(events);
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => events.onToolsChanged?.());
    try {
      await client.connect(transport, {
        timeout: options.connectTimeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      connection.closing = true;
      await closeQuietly(client);
      if (connection.needsAuth) throw new NeedsAuthError(config.name);
      throw new Error(connection.failure(error));
    }
    return connection;
  }

  get pid(): number | undefined {
    return this.transport instanceof StdioProcessTransport ? this.transport.pid : undefined;
  }

  /** The server asked for an authorization the stored tokens could not give (a login is needed). */
  get needsAuth(): boolean {
    return this.oauth?.needsAuth === true;
  }

  get alive(): boolean {
    return !this.closed;
  }

  identity(): ServerIdentity {
    const info = this.client.getServerVersion();
    const instructions = this.client.getInstructions();
    return {
      ...(info?.name ? { serverName: info.name } : {}),
      ...(info?.version ? { serverVersion: info.version } : {}),
      ...(instructions ? { instructions } : {}),
    };
  }

  async listTools(timeoutMs: number, signal?: AbortSignal): Promise<CachedTool[]> {
    const tools: CachedTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const result = await this.client.listTools(cursor ? { cursor } : undefined, {
        timeout: timeoutMs,
        ...(signal ? { signal } : {}),
      });
      for (const tool of result.tools) {
        tools.push({
          name: tool.name,
          description: tool.description ?? "",
          inputSchema: tool.inputSchema as JsonSchema,
          ...(tool.annotations?.readOnlyHint === true ? { readOnly: true } : {}),
          ...(tool.title ? { title: tool.title } : {}),
        });
      }
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<CallToolResult> {
    try {
      const result = await this.client.callTool({ name, arguments: args }, CallToolResultSchema, {
        timeout: options.timeoutMs,
        signal: options.signal,
      });
      return result as CallToolResult;
    } catch (error) {
      throw new Error(this.failure(error));
    }
  }

  /** Why a request failed, with the process's exit and the tail of its stderr when it died. */
  failure(error: unknown): string {
    const message = (error as Error)?.message ?? String(error);
    if (!(this.transport instanceof StdioProcessTransport)) return message;
    const { exit, stderr, garbageLines } = this.transport;
    const parts = [message];
    if (exit)
      parts.push(
        `the server process exited (${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`})`,
      );
    if (garbageLines > 0) parts.push(`it wrote ${garbageLines} line(s) that are not JSON-RPC to stdout`);
    if (exit && stderr) parts.push(`stderr: ${stderr.split("\n").slice(-3).join(" | ").slice(0, 400)}`);
    return parts.join("; ");
  }

  get exit(): ProcessExit | undefined {
    return this.transport instanceof StdioProcessTransport ? this.transport.exit : undefined;
  }

  private ended(events: ConnectionEvents): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.closing) events.onClosed?.(this.exit);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closing = true;
    await closeQuietly(this.client);
    if (this.transport instanceof StdioProcessTransport) await this.transport.close();
    this.closed = true;
  }
}

async function closeQuietly(client: Client): Promise<void> {
  try {
    await client.close();
  } catch {
    // already gone
  }
}

/** Picasso's OAuth provider for an http or sse server, unless its headers carry their own authorization. */
function oauthFor(config: McpServerConfig, picassoHome: string): McpOAuthProvider | undefined {
  if (config.transport === "stdio") return undefined;
  if (Object.keys(config.headers).some((h) => h.toLowerCase() === "authorization")) return undefined;
  return new McpOAuthProvider(config, picassoHome, { kind: "session" });
}

function makeTransport(
  config: McpServerConfig,
  cwd: string,
  isolate: ProcessIsolation | undefined,
  authProvider: McpOAuthProvider | undefined,
): Transport {
  if (config.transport === "stdio")
    return new StdioProcessTransport({
      command: config.command,
      args: config.args,
      env: config.env,
      cwd,
      ...(isolate ? { isolate } : {}),
    });
  const options = { requestInit: { headers: config.headers }, ...(authProvider ? { authProvider } : {}) };
  if (config.transport === "sse") return new SSEClientTransport(new URL(config.url), options);
  return new StreamableHTTPClientTransport(new URL(config.url), options);
}
