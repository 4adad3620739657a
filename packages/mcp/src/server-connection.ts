/**
 * A live connection to one server through the SDK's `Client`: stdio (our own process transport,
 * stdio-transport.ts), Streamable HTTP, or legacy SSE. It connects within a timeout, lists the
 * tools (all pages), calls a tool with a timeout and the call's abort signal, reports
 * `notifications/tools/list_changed`, and tells when the process or the connection ended.
 * Resources and prompts: it lists resources, resource templates and prompts (all pages, capped:
 * catalog-caps.ts), reads a resource, gets a prompt, subscribes to a resource, and reports
 * `notifications/resources/list_changed`, `notifications/prompts/list_changed` and
 * `notifications/resources/updated`.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  type GetPromptResult,
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
  ) {}

  static async open(
    config: McpServerConfig,
    options: {
      cwd: string;
      connectTimeoutMs: number;
      clientVersion: string;
      signal?: AbortSignal;
      isolate?: ProcessIsolation;
    },
    events: ConnectionEvents = {},
  ): Promise<ServerConnection> {
    const transport = makeTransport(config, options.cwd, options.isolate);
    const client = new Client({ name: "picasso", version: options.clientVersion }, { capabilities: {} });
    const connection = new ServerConnection(config, client, transport);
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
    try {
      await client.connect(transport, {
        timeout: options.connectTimeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      connection.closing = true;
      await closeQuietly(client);
      throw new Error(connection.failure(error));
    }
    return connection;
  }

  get pid(): number | undefined {
    return this.transport instanceof StdioProcessTransport ? this.transport.pid : undefined;
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

function makeTransport(config: McpServerConfig, cwd: string, isolate?: ProcessIsolation): Transport {
  if (config.transport === "stdio")
    return new StdioProcessTransport({
      command: config.command,
      args: config.args,
      env: config.env,
      cwd,
      ...(isolate ? { isolate } : {}),
    });
  const requestInit = { headers: config.headers };
  if (config.transport === "sse") return new SSEClientTransport(new URL(config.url), { requestInit });
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit });
}
