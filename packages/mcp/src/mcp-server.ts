/**
 * One configured server for the length of a session: its catalog (from the cache while fresh)
 * and, once needed, its live connection.
 *
 * - The process starts lazily: on the first real tool call, or when `__list__`/`__describe__`
 *   find no fresh catalog (then the catalog is listed and cached). It stays up for the session.
 * - A connection that ended between calls is started again once (`respawn`); after that the
 *   call reports the server down. A start that fails is a tool error, never a crashed session.
 * - `notifications/tools/list_changed` re-lists the tools, rewrites the cache and queues a notice
 *   (the plugin appends it as a Tier-2 reminder); the gateway's schema never changes. The
 *   resources' and prompts' `list_changed` do the same for them (catalog-changes.ts).
 * - Resources and prompts (resources/read, prompts/get, resources/subscribe) start the server
 *   like a call. A `notifications/resources/updated` for a URI this session subscribed to queues
 *   a notice naming it; one for any other URI is ignored. A respawned server is asked for the
 *   session's subscriptions again.
 * - A call hands its progress to the call's `ctx.progress`, and an `elicitation/create` the server
 *   sends meanwhile is asked through the call's `ctx.askUser` (elicitation.ts; the latest call in
 *   flight on this server, since a request does not say which call it belongs to); its timeout
 *   stands still while the user answers.
 * - Log messages (`notifications/message`) become `mcp_log` events (data as text, masked, cut to
 *   about 1 KB) and are counted for the MCP panel; nothing of them reaches the model.
 * - An http or sse server that needs an OAuth login (no stored token, or its refresh failed) is
 *   `needs auth`: the call fails at once with how to log in, and such a start does not count
 *   against the session's starts, so the next call after a login (`picasso mcp login` in another
 *   terminal, or `/mcp:login`) connects.
 * - `/mcp:restart` stops the server and forgets the starts it used; `/mcp:refresh` lists its
 *   tools into the cache again (mcp-operations.ts).
 * Every start and stop is told to the event sink (`mcp_server_start` / `mcp_server_exit`), every
 * elicitation too (`mcp_elicitation`: the field names, never the answers); secret values of env
 * and headers are masked in every message.
 */
import type {
  CallToolResult,
  ElicitRequest,
  ElicitResult,
  GetPromptResult,
  LoggingMessageNotification,
  ReadResourceResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { SessionEventBodyOf, ToolContext } from "@picasso/protocol";
import { readFreshCatalog, type ServerCatalog, writeCatalog } from "./catalog-cache.js";
import { catalogChanges, updatedNotice } from "./catalog-changes.js";
import { answerElicitation, type ElicitationPolicy } from "./elicitation.js";
import { listCatalog } from "./list-catalog.js";
import { NeedsAuthError } from "./needs-auth.js";
import {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  type McpServerConfig,
} from "./server-config.js";
import type { ServerConnection } from "./server-connection.js";
import type { ProcessIsolation } from "./stdio-transport.js";

export type McpEventBody =
  | SessionEventBodyOf<"mcp_server_start">
  | SessionEventBodyOf<"mcp_server_exit">
  | SessionEventBodyOf<"mcp_elicitation">
  | SessionEventBodyOf<"mcp_log">;

/** What a call needs of its tool context: its lane and signal, who answers, who shows progress. */
export type CallContext = Pick<ToolContext, "lane" | "signal" | "askUser" | "progress">;
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
  /** How elicitations are answered (default: asked through the call's `askUser`). */
  elicitation?: ElicitationPolicy;
  sink(): McpEventSink | undefined;
  notice(server: string, text: string): void;
}

/** Starts per session: the first one and one respawn. */
const MAX_STARTS = 2;
/** What an `mcp_log` event keeps of a message's data. */
const LOG_DATA_BYTES = 1024;

export class McpServer {
  state: ServerState = "not spawned";
  catalog: ServerCatalog | undefined;
  /** Why the server is not running, when it failed or exited. */
  lastError: string | undefined;
  private connection: ServerConnection | undefined;
  private starting: Promise<ServerConnection> | undefined;
  private starts = 0;
  private readonly secrets: string[];
  /** URIs this session subscribed to: only their `updated` notifications are told. */
  private readonly subscribed = new Set<string>();
  /** Calls in flight, oldest first: an elicitation is asked through the latest. */
  private readonly calls: CallContext[] = [];
  /** Elicitations being answered: the calls' timeouts stand still meanwhile. */
  private asking = 0;
  /** Log messages received this session (the MCP panel shows the count). */
  logMessages = 0;

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

  async call(tool: string, args: Record<string, unknown>, ctx: CallContext): Promise<CallToolResult> {
    const connection = await this.connect("call", ctx.lane, ctx.signal);
    this.calls.push(ctx);
    try {
      return await connection.callTool(tool, args, {
        timeoutMs: this.config.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
        signal: ctx.signal,
        paused: () => this.asking > 0,
        onProgress: (p) =>
          ctx.progress?.({
            progress: p.progress,
            ...(p.total !== undefined ? { total: p.total } : {}),
            ...(p.message ? { message: this.mask(p.message) } : {}),
          }),
      });
    } catch (error) {
      if (connection.needsAuth) {
        await this.lostAuthorization(connection, ctx.lane);
        throw new NeedsAuthError(this.name);
      }
      throw new Error(this.mask((error as Error).message));
    } finally {
      this.calls.splice(this.calls.indexOf(ctx), 1);
    }
  }

  async readResource(uri: string, lane: string, signal: AbortSignal): Promise<ReadResourceResult> {
    const connection = await this.connect("call", lane, signal);
    try {
      return await connection.readResource(uri, { timeoutMs: this.timeoutMs, signal });
    } catch (error) {
      throw new Error(this.mask((error as Error).message));
    }
  }

  async getPrompt(
    name: string,
    args: Record<string, string>,
    lane: string,
    signal: AbortSignal,
  ): Promise<GetPromptResult> {
    const connection = await this.connect("call", lane, signal);
    try {
      return await connection.getPrompt(name, args, { timeoutMs: this.timeoutMs, signal });
    } catch (error) {
      throw new Error(this.mask((error as Error).message));
    }
  }

  /** `resources/subscribe` (or `unsubscribe`); the URIs subscribed are remembered for the session. */
  async subscribe(uri: string, on: boolean, lane: string, signal: AbortSignal): Promise<void> {
    const connection = await this.connect("call", lane, signal);
    try {
      await connection.subscribeResource(uri, on, { timeoutMs: this.timeoutMs, signal });
    } catch (error) {
      throw new Error(this.mask((error as Error).message));
    }
    if (on) this.subscribed.add(uri);
    else this.subscribed.delete(uri);
  }

  private get timeoutMs(): number {
    return this.config.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  }

  /** An `elicitation/create`: asked through the latest call in flight, or the session's policy. */
  private async elicit(params: ElicitRequest["params"]): Promise<ElicitResult> {
    const call = this.calls.at(-1);
    this.asking += 1;
    try {
      const outcome = await answerElicitation(
        this.name,
        params,
        call,
        this.ctx.elicitation ?? { kind: "ask" },
      );
      this.emit(
        {
          type: "mcp_elicitation",
          server: this.name,
          mode: outcome.mode,
          message: cut(this.mask(params.message), 500),
          action: outcome.result.action,
          fields: outcome.fields,
          ...(outcome.reason ? { reason: this.mask(outcome.reason) } : {}),
          ...(outcome.origin ? { origin: this.mask(outcome.origin) } : {}),
        },
        call?.lane ?? "main",
      );
      return outcome.result;
    } finally {
      this.asking -= 1;
    }
  }

  private log(params: LoggingMessageNotification["params"]): void {
    this.logMessages += 1;
    const data = typeof params.data === "string" ? params.data : safeJson(params.data);
    this.emit(
      {
        type: "mcp_log",
        server: this.name,
        level: params.level,
        ...(typeof params.logger === "string" && params.logger
          ? { logger: cut(this.mask(params.logger), 100) }
          : {}),
        data: cutBytes(this.mask(data), LOG_DATA_BYTES),
      },
      this.calls.at(-1)?.lane ?? "main",
    );
  }

  /** List the tools into the cache again: on the live connection, else by starting the server. */
  async refresh(lane: string, signal: AbortSignal): Promise<ServerCatalog> {
    const connection = this.connection;
    if (connection?.alive) {
      this.store(await listCatalog(connection, this.config, this.timeoutMs, signal));
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
      // The SDK's client loads with the first connection, not with the session (start-up).
      const { ServerConnection } = await import("./server-connection.js");
      connection = await ServerConnection.open(
        this.config,
        {
          cwd: this.ctx.cwd,
          picassoHome: this.ctx.picassoHome,
          connectTimeoutMs: this.ctx.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          clientVersion: this.ctx.clientVersion,
          signal,
          ...(this.ctx.isolate ? { isolate: this.ctx.isolate } : {}),
          ...(this.config.logLevel ? { logLevel: this.config.logLevel } : {}),
        },
        {
          onToolsChanged: () => void this.toolsChanged(),
          onResourcesChanged: () => void this.toolsChanged(),
          onPromptsChanged: () => void this.toolsChanged(),
          onResourceUpdated: (uri) => this.resourceUpdated(uri),
          onClosed: (exit) => this.closedUnexpectedly(exit),
          onElicit: (params) => this.elicit(params),
          onLog: (params) => this.log(params),
        },
      );
      this.store(await listCatalog(connection, this.config, this.timeoutMs, signal));
      // A respawned server knows nothing of this session's subscriptions: ask for them again.
      for (const uri of this.subscribed)
        await connection.subscribeResource(uri, true, { timeoutMs: this.timeoutMs, signal }).catch(() => {
          this.subscribed.delete(uri);
        });
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
  private store(next: ServerCatalog): void {
    const previous = this.catalog;
    if (next.instructions) next.instructions = this.mask(next.instructions);
    this.catalog = next;
    try {
      writeCatalog(this.ctx.picassoHome, next);
    } catch {
      // The session goes on from memory; the next one lists again.
    }
    if (previous)
      for (const change of catalogChanges(this.name, previous, next)) this.ctx.notice(this.name, change);
  }

  /** A `list_changed` (tools, resources or prompts): list again, cache, tell what changed. */
  private async toolsChanged(): Promise<void> {
    const connection = this.connection;
    if (!connection?.alive) return;
    try {
      this.store(await listCatalog(connection, this.config, this.timeoutMs));
    } catch {
      // The next call sees the server's state.
    }
  }

  private resourceUpdated(uri: string): void {
    if (!this.subscribed.has(uri)) return;
    this.ctx.notice(this.name, this.mask(updatedNotice(this.name, uri)));
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

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** At most `max` UTF-8 bytes, cut on a character boundary, with `…` when cut. */
function cutBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let out = text.slice(0, max);
  while (Buffer.byteLength(out) > max - 3) out = out.slice(0, -1);
  return `${out}…`;
}
