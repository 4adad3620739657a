/**
 * `refreshCatalog`: start a server, list its tools (and resources, templates and prompts when it
 * offers them: list-catalog.ts), write its catalog cache, stop it — what
 * `picasso mcp refresh` does outside a session. The result says how many tools and how many
 * bytes of Markdown were written, or the one-line reason it failed.
 */
import { type ServerCatalog, writeCatalog } from "./catalog-cache.js";
import { listCatalog } from "./list-catalog.js";
import {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  type McpServerConfig,
} from "./server-config.js";
import type { ServerConnection } from "./server-connection.js";
import type { ProcessIsolation } from "./stdio-transport.js";

export type RefreshResult =
  | { server: string; ok: true; tools: number; catalogBytes: number; catalog: ServerCatalog }
  | { server: string; ok: false; error: string };

export async function refreshCatalog(
  config: McpServerConfig,
  options: {
    picassoHome: string;
    cwd: string;
    clientVersion: string;
    connectTimeoutMs?: number;
    /** The process walls the server starts behind (`CommandSandbox.isolate`). */
    isolate?: ProcessIsolation;
  },
): Promise<RefreshResult> {
  let connection: ServerConnection | undefined;
  try {
    const { ServerConnection } = await import("./server-connection.js");
    connection = await ServerConnection.open(config, {
      cwd: options.cwd,
      picassoHome: options.picassoHome,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      clientVersion: options.clientVersion,
      ...(options.isolate ? { isolate: options.isolate } : {}),
    });
    const catalog = await listCatalog(connection, config, config.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS);
    const catalogBytes = writeCatalog(options.picassoHome, catalog);
    return { server: config.name, ok: true, tools: catalog.tools.length, catalogBytes, catalog };
  } catch (error) {
    return { server: config.name, ok: false, error: (error as Error).message };
  } finally {
    await connection?.close();
  }
}
