/**
 * One configured server for the length of a session: its catalog (from the cache while fresh)
 * and, once needed, its live connection.
 *
 * - The process starts lazily: on the first real tool call, or when `__list__`/`__describe__`
 *   find no fresh catalog (then the catalog is listed and cached). It stays up for the session.
 * - A connection that ended between calls is started again once (`respawn`); after that the
 *   call reports the server down. A start that fails is a tool error, never a crashed session.
 * - `notifications/tools/list_changed` re-lists the tools, rewrites the cache and queues a notice
 *   (the plugin appends it as a Tier-2 reminder); the gateway's schema never changes.
 * - An http or sse server that needs an OAuth login (no stored token, or its refresh failed) is
 *   `needs auth`: the call fails at once with how to log in, and such a start does not count
 *   against the session's starts, so the next call after a login (`picasso mcp login` in another
 *   terminal, or `/mcp:login`) connects.
 * - `/mcp:restart` stops the server and forgets the starts it used; `/mcp:refresh` lists its
 *   tools into the cache again (mcp-operations.ts).
 * Every start and stop is told to the event sink (`mcp_server_start` / `mcp_server_exit`);
 * secret values of env and headers are masked in every message.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { SessionEventBodyOf } from "@picasso/protocol";
import {
  CATALOG_FORMAT,
  type CachedTool,
  configHash,
  readFreshCatalog,
  type ServerCatalog,
  writeCatalog,
} from "./catalog-cache.js";
import { NeedsAuthError } from "./oauth-provider.js";
import {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  type McpServerConfig,
} from "./server-config.js";
import { ServerConnection } from "./server-connection.js";
import type { ProcessIsolation } from "./stdio-transport.js";

export type McpEventBody = SessionEventBodyOf<"mcp_server_start"> | SessionEventBodyOf<"mcp_server_exit">;
export type McpEventSink = (event: McpEventBody, lane: string) => void;

export type ServerState = "not spawned" | "running" | "failed" | "exited" | "needs auth";

export interface McpServerContext {
  picassoHome: string;
  /** Where stdio servers run. */
  cwd: string;
  clientVersion: string;
  connectTimeoutMs?: number;
  /** The process walls stdio servers start behind. */
  isolate?: ProcessIsolation;
  sink(): McpEventSink | undefined;
  notice(server: string, text: string): void;
}

/** Starts per session: the first one and one respawn. */
const MAX_STARTS = 2;

export class McpServer {
  state: ServerState = "not spawned";
  catalog: ServerCatalog | undefined;
  /** Why the server is not running, when it failed or exited. */
  lastError: string | undefined;
  private connection: ServerConnection | undefined;
  private starting: Promise<ServerConnection> | undefined;
  private starts = 0;
  private readonly secrets: string[];

  constructor(
    readonly config: McpServerConfig,
    private readonly ctx: McpServerContext,
  ) {
    this.catalog = readFreshCatalog(ctx.picassoHome, config);
    const values =
      config.transport === "stdio"
        ? Object.values(config.env)
        : [
            ...Object.values(config.headers),
            ...(config.oauth?.clientSecret ? [config.oauth.clientSecret] : []),
          ];
    this.secrets = values.filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
  }

  get name(): string {
    return this.config.name;
  }

  get pid(): number | undefined {
    return this.connection?.alive ? this.connection.pid : undefined;
  }

  /** Secret values of env and headers replaced by `***`. */
  mask(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join("***");
    return out;
  }

  /** The catalog: the fresh cache, else listed from the server (which then stays up). */
  async ensureCatalog(lane: string, signal: AbortSignal): Promise<ServerCatalog> {
    if (this.catalog) return this.catalog;
    await this.connect("catalog", lane, signal);
    return this.catalog!;
  }

  async call(
    tool: string,
    args: Record<string, unknown>,
    lane: string,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    const connection = await this.connect("call", lane, signal);
    try {
      return await connection.callTool(tool, args, {
        timeoutMs: this.config.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
        signal,
      });
    } catch (error) {
      if (connection.needsAuth) {
        await this.lostAuthorization(connection, lane);
        throw new NeedsAuthError(this.name);
      }
      throw new Error(this.mask((error as Error).message));
    }
  }

  /** List the tools into the cache again: on the live connection, else by starting the server. */
  async refresh(lane: string, signal: AbortSignal): Promise<ServerCatalog> {
    const connection = this.connection;
    if (connection?.alive) {
      this.store(
        await connection.listTools(this.config.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, signal),
        connection,
      );
      return this.catalog!;
    }
    await this.connect("catalog", lane, signal);
    return this.catalog!;
  }

  /** Stop the server (when up), forget its starts and errors, and start it again. */
  async restart(lane: string, signal: AbortSignal): Promise<void> {
    await this.close();
    this.forgetStarts();
    await this.connect("call", lane, signal);
  }

  /** A new start is allowed as if the session had just begun (after a login or a restart). */
  forgetStarts(): void {
    this.starts = 0;
    this.lastError = undefined;
    if (this.state !== "running") this.state = "not spawned";
  }

  /** The server refused the tokens mid-session and they could not be refreshed. */
  private async lostAuthorization(connection: ServerConnection, lane: string): Promise<void> {
    if (this.connection === connection) this.connection = undefined;
    await connection.close();
    this.state = "needs auth";
    this.lastError = new NeedsAuthError(this.name).message;
    this.emit(
      { type: "mcp_server_exit", server: this.name, reason: "failed", message: this.lastError },
      lane,
    );
  }

  private connect(reason: "call" | "catalog", lane: string, signal: AbortSignal): Promise<ServerConnection> {
    if (this.connection?.alive) return Promise.resolve(this.connection);
    if (!this.starting) {
      this.starting = this.start(this.starts > 0 ? "respawn" : reason, lane, signal).finally(() => {
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  private async start(
    reason: "call" | "catalog" | "respawn",
    lane: string,
    signal: AbortSignal,
  ): Promise<ServerConnection> {
    if (this.starts >= MAX_STARTS)
      throw new Error(
        `MCP server "${this.name}" is down and was not started again (started ${this.starts} times this session): ${this.lastError ?? "it exited"}`,
      );
    this.starts += 1;
    const began = Date.now();
    let connection: ServerConnection | undefined;
    try {
      connection = await ServerConnection.open(
        this.config,
        {
          cwd: this.ctx.cwd,
          picassoHome: this.ctx.picassoHome,
          connectTimeoutMs: this.ctx.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          clientVersion: this.ctx.clientVersion,
          signal,
          ...(this.ctx.isolate ? { isolate: this.ctx.isolate } : {}),
        },
        {
          onToolsChanged: () => void this.toolsChanged(),
          onClosed: (exit) => this.closedUnexpectedly(exit),
        },
      );
      const tools = await connection.listTools(this.config.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, signal);
      this.store(tools, connection);
    } catch (error) {
      const pid = connection?.pid;
      await connection?.close();
      const needsAuth = error instanceof NeedsAuthError || connection?.needsAuth === true;
      // Waiting for a login is not a failed start: the next call after it connects.
      if (needsAuth) this.starts -= 1;
      this.state = needsAuth ? "needs auth" : "failed";
      this.lastError = needsAuth
        ? new NeedsAuthError(this.name).message
        : this.mask(`could not start: ${(error as Error).message}`);
      this.emit(
        {
          type: "mcp_server_exit",
          server: this.name,
          reason: "failed",
          ...(pid ? { pid } : {}),
          message: this.lastError,
        },
        lane,
      );
      throw new Error(`MCP server "${this.name}" ${this.lastError}`);
    }
    this.connection = connection;
    this.state = "running";
    const pid = connection.pid;
    this.emit(
      {
        type: "mcp_server_start",
        server: this.name,
        transport: this.config.transport,
        reason,
        ...(pid ? { pid } : {}),
        durationMs: Date.now() - began,
        tools: this.catalog?.tools.length ?? 0,
      },
      lane,
    );
    return connection;
  }

  /** Caches what a live server listed; a change against the previous catalog is announced. */
  private store(tools: CachedTool[], connection: ServerConnection): void {
    const previous = this.catalog;
    const next: ServerCatalog = {
      format: CATALOG_FORMAT,
      server: this.name,
      configHash: configHash(this.config),
      ...connection.identity(),
      tools,
    };
    if (next.instructions) next.instructions = this.mask(next.instructions);
    this.catalog = next;
    try {
      writeCatalog(this.ctx.picassoHome, next);
    } catch {
      // The session goes on from memory; the next one lists again.
    }
    if (previous && JSON.stringify(previous.tools) !== JSON.stringify(next.tools))
      this.ctx.notice(this.name, changeNotice(this.name, previous.tools, next.tools));
  }

  private async toolsChanged(): Promise<void> {
    const connection = this.connection;
    if (!connection?.alive) return;
    try {
      const tools = await connection.listTools(this.config.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS);
      this.store(tools, connection);
    } catch {
      // The next call sees the server's state.
    }
  }

  private closedUnexpectedly(exit: { code: number | null; signal: NodeJS.Signals | null } | undefined): void {
    // A start that fails reports itself (`failed`); only a running server can exit unexpectedly.
    if (this.state !== "running") return;
    const pid = this.connection?.pid;
    this.state = "exited";
    this.lastError = exit
      ? `the server process exited (${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`})`
      : "the connection closed";
    this.emit(
      {
        type: "mcp_server_exit",
        server: this.name,
        reason: "exited",
        ...(pid ? { pid } : {}),
        ...(exit ? { code: exit.code, signal: exit.signal } : {}),
        message: this.lastError,
      },
      "main",
    );
  }

  private emit(event: McpEventBody, lane: string): void {
    this.ctx.sink()?.(event, lane);
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (!connection?.alive) return;
    const pid = connection.pid;
    await connection.close();
    this.state = "exited";
    this.emit(
      { type: "mcp_server_exit", server: this.name, reason: "closed", ...(pid ? { pid } : {}) },
      "main",
    );
  }
}

function changeNotice(server: string, before: CachedTool[], after: CachedTool[]): string {
  const was = new Set(before.map((t) => t.name));
  const now = new Set(after.map((t) => t.name));
  const added = [...now].filter((n) => !was.has(n));
  const removed = [...was].filter((n) => !now.has(n));
  const parts = [`MCP server "${server}" changed its tools: now ${after.length}`];
  if (added.length) parts.push(`added ${added.join(", ")}`);
  if (removed.length) parts.push(`removed ${removed.join(", ")}`);
  if (!added.length && !removed.length) parts.push("descriptions or schemas changed");
  return `${parts.join("; ")}. ${server}_call({tool: "__list__"}) lists them; __describe__ gives a schema.`;
}
