/**
 * A live connection to one server through the SDK's `Client`: stdio (our own process transport,
 * stdio-transport.ts), Streamable HTTP, or legacy SSE. It connects within a timeout, lists the
 * tools (all pages), calls a tool with a timeout and the call's abort signal, reports
 * `notifications/tools/list_changed`, and tells when the process or the connection ended.
 * Resources and prompts: it lists resources, resource templates and prompts (all pages, capped:
 * catalog-caps.ts), reads a resource, gets a prompt, subscribes to a resource, and reports
 * `notifications/resources/list_changed`, `notifications/prompts/list_changed` and
 * `notifications/resources/updated`.
 *
 * What the client offers the server (docs/mcp.md):
 * - `roots`: `roots/list` answers the workspace root (a `file://` URI and its folder's name);
 * - `elicitation` (form and url): `elicitation/create` is handed to `events.onElicit`;
 * - a call's progress: `callTool` sends a progress token and hands each
 *   `notifications/progress` to `onProgress` (heard off the transport, in order: hearProgress);
 *   the call's timeout counts time without news — each progress report restarts it (what the
 *   SDK's `resetTimeoutOnProgress` does), and it stands still while `paused()` (the user is
 *   answering an elicitation); Esc (the call's signal) sends `notifications/cancelled`;
 * - logging: when the server offers `logging`, `logging/setLevel` to `logLevel` (default `info`),
 *   and each `notifications/message` is handed to `events.onLog`.
 *
 * An http or sse server without an `Authorization` header of its own gets Picasso's OAuth
 * provider (oauth-provider.ts, session mode): stored tokens are sent and refreshed, and a server
 * that needs a login fails at once with `NeedsAuthError`.
 */
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  type GetPromptResult,
  ListRootsRequestSchema,
  type LoggingLevel,
  type LoggingMessageNotification,
  LoggingMessageNotificationSchema,
  type Progress,
  PromptListChangedNotificationSchema,
  type ReadResourceResult,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { JsonSchema } from "@picasso/protocol";
import type {
  CachedCapabilities,
  CachedPrompt,
  CachedResource,
  CachedResourceTemplate,
  CachedTool,
} from "./catalog-cache.js";
import {
  cachedCapabilities,
  cachedPrompt,
  cachedResource,
  cachedResourceTemplate,
  MAX_LIST_PAGES,
  MAX_PROMPTS,
  MAX_RESOURCE_TEMPLATES,
  MAX_RESOURCES,
} from "./catalog-caps.js";
import { NeedsAuthError } from "./needs-auth.js";
import { McpOAuthProvider } from "./oauth-provider.js";
import type { McpServerConfig } from "./server-config.js";
import { type ProcessExit, type ProcessIsolation, StdioProcessTransport } from "./stdio-transport.js";

export interface ConnectionEvents {
  onToolsChanged?: () => void;
  onResourcesChanged?: () => void;
  onPromptsChanged?: () => void;
  /** `notifications/resources/updated` for a subscribed URI (as the server sent it). */
  onResourceUpdated?: (uri: string) => void;
  /** The process exited or the connection closed (not called after `close()`). */
  onClosed?: (exit: ProcessExit | undefined) => void;
  /** The server asks the user for input (`elicitation/create`); absent: declined. */
  onElicit?: (params: ElicitRequest["params"]) => Promise<ElicitResult>;
  /** The server sent a log message (`notifications/message`). */
  onLog?: (params: LoggingMessageNotification["params"]) => void;
}

/** The longest timer Node keeps (about 24.8 days): the SDK's own timeout, left to ours. */
const NO_SDK_TIMEOUT = 2_147_483_647;

export interface ServerIdentity {
  serverName?: string;
  serverVersion?: string;
  instructions?: string;
}

export class ServerConnection {
  private closing = false;
  private closed = false;
  /** The progress token of each call in flight, and who hears its reports. */
  private readonly progress = new Map<string, (progress: Progress) => void>();
  private progressTokens = 0;

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
      /** The root `roots/list` answers (the workspace root, absolute); default `cwd`. */
      root?: string;
      /** The level `logging/setLevel` asks for, when the server offers logging (default `info`). */
      logLevel?: LoggingLevel;
    },
    events: ConnectionEvents = {},
  ): Promise<ServerConnection> {
    const oauth = oauthFor(config, options.picassoHome);
    const transport = makeTransport(config, options.cwd, options.isolate, oauth);
    const client = new Client(
      { name: "picasso", version: options.clientVersion },
      { capabilities: { roots: { listChanged: false }, elicitation: { form: {}, url: {} } } },
    );
    const connection = new ServerConnection(config, client, transport, oauth);
    client.onclose = () => connection.ended(events);
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => events.onToolsChanged?.());
    client.setNotificationHandler(ResourceListChangedNotificationSchema, async () =>
      events.onResourcesChanged?.(),
    );
    client.setNotificationHandler(PromptListChangedNotificationSchema, async () =>
      events.onPromptsChanged?.(),
    );
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) =>
      events.onResourceUpdated?.(notification.params.uri),
    );
    const root = options.root ?? options.cwd;
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: pathToFileURL(root).href, name: basename(root) || root }],
    }));
    client.setRequestHandler(ElicitRequestSchema, async (request) =>
      events.onElicit ? events.onElicit(request.params) : { action: "decline" as const },
    );
    client.setNotificationHandler(LoggingMessageNotificationSchema, async (notification) =>
      events.onLog?.(notification.params),
    );
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
    connection.hearProgress();
    if (client.getServerCapabilities()?.logging) {
      try {
        await client.setLoggingLevel(options.logLevel ?? "info", { timeout: options.connectTimeoutMs });
      } catch {
        // A server that offers logging but refuses the level keeps its own; its tools still work.
      }
    }
    return connection;
  }

  /**
   * Progress reports are taken off the transport before the SDK sees them: the SDK hands a
   * notification to its handler a microtask late, so a last report that arrives with the call's
   * result (same read) would find its call gone and be dropped. Here each report is heard in the
   * order it came, before the result.
   */
  private hearProgress(): void {
    const deliver = this.transport.onmessage;
    if (!deliver) return;
    this.transport.onmessage = (message, extra) => {
      const report = progressReport(message);
      if (report) {
        this.progress.get(report.token)?.(report.progress);
        return;
      }
      deliver(message, extra);
    };
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

  /** What the server said it offers (initialize result), in the cached form. */
  capabilities(): CachedCapabilities {
    return cachedCapabilities(this.client.getServerCapabilities() as Record<string, unknown> | undefined);
  }

  async listResources(timeoutMs: number, signal?: AbortSignal): Promise<CachedResource[]> {
    return this.listPages(
      (cursor, options) => this.client.listResources(cursor ? { cursor } : undefined, options),
      (page) => page.resources,
      cachedResource,
      MAX_RESOURCES,
      { timeoutMs, signal },
    );
  }

  async listResourceTemplates(timeoutMs: number, signal?: AbortSignal): Promise<CachedResourceTemplate[]> {
    return this.listPages(
      (cursor, options) => this.client.listResourceTemplates(cursor ? { cursor } : undefined, options),
      (page) => page.resourceTemplates,
      cachedResourceTemplate,
      MAX_RESOURCE_TEMPLATES,
      { timeoutMs, signal },
    );
  }

  async listPrompts(timeoutMs: number, signal?: AbortSignal): Promise<CachedPrompt[]> {
    const prompts = await this.listPages(
      (cursor, options) => this.client.listPrompts(cursor ? { cursor } : undefined, options),
      (page) => page.prompts,
      cachedPrompt,
      MAX_PROMPTS,
      { timeoutMs, signal },
    );
    return prompts.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async readResource(
    uri: string,
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<ReadResourceResult> {
    return this.request(() =>
      this.client.readResource({ uri }, { timeout: options.timeoutMs, signal: options.signal }),
    );
  }

  async getPrompt(
    name: string,
    args: Record<string, string>,
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<GetPromptResult> {
    return this.request(() =>
      this.client.getPrompt(
        { name, arguments: args },
        { timeout: options.timeoutMs, signal: options.signal },
      ),
    );
  }

  async subscribeResource(
    uri: string,
    subscribe: boolean,
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<void> {
    const requestOptions = { timeout: options.timeoutMs, signal: options.signal };
    await this.request(() =>
      subscribe
        ? this.client.subscribeResource({ uri }, requestOptions)
        : this.client.unsubscribeResource({ uri }, requestOptions),
    );
  }

  private async request<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw new Error(this.failure(error));
    }
  }

  /** Every page of a list request, each item through its cap, at most `max` items. */
  private async listPages<Page extends { nextCursor?: string | undefined }, Item>(
    ask: (cursor: string | undefined, options: { timeout: number; signal?: AbortSignal }) => Promise<Page>,
    items: (page: Page) => readonly unknown[],
    cap: (raw: unknown) => Item | undefined,
    max: number,
    options: { timeoutMs: number; signal?: AbortSignal | undefined },
  ): Promise<Item[]> {
    const out: Item[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES && out.length < max; page++) {
      const result = await ask(cursor, {
        timeout: options.timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      for (const raw of items(result) ?? []) {
        const item = cap(raw);
        if (item !== undefined) out.push(item);
        if (out.length >= max) break;
      }
      cursor = typeof result.nextCursor === "string" && result.nextCursor ? result.nextCursor : undefined;
      if (!cursor) break;
    }
    return out;
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: {
      timeoutMs: number;
      signal: AbortSignal;
      onProgress?: (progress: Progress) => void;
      /** While true the timeout stands still (the user is answering the server). */
      paused?: () => boolean;
    },
  ): Promise<CallToolResult> {
    const timer = new QuietTimer(options.timeoutMs, options.paused ?? (() => false));
    const token = `picasso-${++this.progressTokens}`;
    this.progress.set(token, (progress) => {
      timer.restart();
      options.onProgress?.(progress);
    });
    try {
      const result = await this.client.callTool(
        { name, arguments: args, _meta: { progressToken: token } },
        CallToolResultSchema,
        // Our timer is the call's timeout (it restarts on progress, as `resetTimeoutOnProgress`
        // would, and stands still while the user answers); the SDK's own is out of the way.
        { timeout: NO_SDK_TIMEOUT, signal: AbortSignal.any([options.signal, timer.signal]) },
      );
      return result as CallToolResult;
    } catch (error) {
      throw new Error(this.failure(error));
    } finally {
      timer.stop();
      this.progress.delete(token);
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

/** A `notifications/progress` with a token and a numeric progress, else undefined. */
function progressReport(message: unknown): { token: string; progress: Progress } | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const m = message as { method?: unknown; params?: Record<string, unknown> };
  if (m.method !== "notifications/progress" || typeof m.params !== "object" || m.params === null)
    return undefined;
  const { progressToken, progress, total, message: text } = m.params;
  if (
    (typeof progressToken !== "string" && typeof progressToken !== "number") ||
    typeof progress !== "number"
  )
    return undefined;
  return {
    token: String(progressToken),
    progress: {
      progress,
      ...(typeof total === "number" ? { total } : {}),
      ...(typeof text === "string" ? { message: text } : {}),
    },
  };
}

/**
 * A call's timeout, counted from the last news (its start or a progress report); when it fires
 * while `paused()`, it waits another round. Its signal aborts the request with a timeout message.
 */
class QuietTimer {
  private readonly controller = new AbortController();
  private handle: NodeJS.Timeout | undefined;

  constructor(
    private readonly ms: number,
    private readonly paused: () => boolean,
  ) {
    this.restart();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  restart(): void {
    this.stop();
    this.handle = setTimeout(() => this.fire(), this.ms);
  }

  stop(): void {
    if (this.handle) clearTimeout(this.handle);
    this.handle = undefined;
  }

  private fire(): void {
    if (this.paused()) {
      this.restart();
      return;
    }
    this.controller.abort(
      `Request timed out: no result or progress for ${Math.round(this.ms / 100) / 10} s (the server's "timeoutMs")`,
    );
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
