/**
 * `startMockServer(options)`: the mock provider as a real HTTP server on 127.0.0.1.
 *
 * Routes POST /v1/messages, /v1/messages/count_tokens (Anthropic), /v1/chat/completions and
 * /v1/embeddings (OpenAI; deterministic embeddings, embeddings-route.ts); anything else is a 404. Bodies must be JSON (else 400 naming `body`). Every request's
 * path and parsed body is appended to `requests` — headers never are, so API keys are neither
 * checked nor recorded. One model (the script, or the demo model) and one CacheSimulator serve
 * both APIs; request numbers for faults count model requests on both routes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleCountTokens, handleMessages } from "./anthropic-route.js";
import { loadCacheEntries, saveCacheEntries } from "./cache-file.js";
import { CacheSimulator } from "./cache-simulator.js";
import { DemoModel } from "./demo-model.js";
import { handleEmbeddings } from "./embeddings-route.js";
import { type ApiFlavour, RequestError, sendError } from "./errors.js";
import { handleChatCompletions } from "./openai-route.js";
import type { MockModel } from "./reply.js";
import type { RouteContext } from "./route-context.js";
import type { MockScript } from "./script.js";

export interface MockServerOptions {
  /** 0/undefined = a free port. The server always binds 127.0.0.1. */
  port?: number;
  /** A parsed script or the path of a YAML script; none = the demo model. */
  script?: MockScript | string;
  /** Minimum cacheable prefix for Anthropic requests (default 1024; 2048/4096 for other models). */
  anthropicMinCacheTokens?: number;
  /** Minimum prompt length for OpenAI automatic caching (default 1024). */
  openaiMinCacheTokens?: number;
  /** Milliseconds; inject to test TTL expiry. */
  clock?: () => number;
  /**
   * Keep the simulated cache in this file across processes (cache-file.ts), as a provider's cache
   * outlives one client run. Without it each server starts cold (the cache-probe's isolated runs).
   */
  cacheFile?: string;
}

export interface MockServer {
  url: string;
  port: number;
  close(): Promise<void>;
  requests: Array<{ path: string; body: unknown }>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const model: MockModel =
    options.script === undefined ? new DemoModel() : await scriptedModel(options.script);
  let requestCount = 0;
  const cache = new CacheSimulator({
    anthropicMinTokens: options.anthropicMinCacheTokens,
    openaiMinTokens: options.openaiMinCacheTokens,
    clock: options.clock,
  });
  const { cacheFile } = options;
  if (cacheFile) {
    const kept = loadCacheEntries(cacheFile);
    if (kept) cache.adopt(kept);
  }
  const ctx: RouteContext = {
    model,
    cache,
    nextRequestNumber: () => ++requestCount,
    ...(cacheFile ? { afterCacheUse: () => saveCacheEntries(cacheFile, cache) } : {}),
  };
  const requests: MockServer["requests"] = [];
  const server = createServer((req, res) => {
    serve(req, res, ctx, requests).catch((error: unknown) => {
      if (!res.headersSent)
        sendError(res, "anthropic", 500, `mock: internal error: ${(error as Error).message}`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A script's model; the script reader (yaml, zod) loads only when a script is given. */
async function scriptedModel(script: MockScript | string): Promise<MockModel> {
  const [{ loadMockScript, parseMockScript }, { ScriptedModel }] = await Promise.all([
    import("./script.js"),
    import("./scripted-model.js"),
  ]);
  return new ScriptedModel(typeof script === "string" ? loadMockScript(script) : parseMockScript(script));
}

type Route = (body: unknown, res: ServerResponse, ctx: RouteContext) => void | Promise<void>;
const ROUTES: Record<string, { flavour: ApiFlavour; handle: Route }> = {
  "/v1/messages": { flavour: "anthropic", handle: handleMessages },
  "/v1/messages/count_tokens": { flavour: "anthropic", handle: (body, res) => handleCountTokens(body, res) },
  "/v1/chat/completions": { flavour: "openai", handle: handleChatCompletions },
  "/v1/embeddings": { flavour: "openai", handle: (body, res) => handleEmbeddings(body, res) },
};

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RouteContext,
  requests: MockServer["requests"],
): Promise<void> {
  const path = (req.url ?? "/").split("?")[0] as string;
  const route = ROUTES[path];
  const flavour: ApiFlavour = route?.flavour ?? (path.startsWith("/v1/chat") ? "openai" : "anthropic");
  let raw: string;
  try {
    raw = await readBody(req);
  } catch (error) {
    sendError(res, flavour, 413, (error as Error).message);
    return;
  }
  let body: unknown = raw;
  let badJson: string | undefined;
  if (raw.length > 0) {
    try {
      body = JSON.parse(raw);
    } catch (error) {
      badJson = (error as Error).message;
    }
  }
  requests.push({ path, body });
  if (!route || req.method !== "POST") {
    sendError(
      res,
      flavour,
      404,
      `Not found: ${req.method} ${path} (the mock serves POST /v1/messages, /v1/messages/count_tokens, /v1/chat/completions, /v1/embeddings)`,
    );
    return;
  }
  if (badJson !== undefined || raw.length === 0) {
    sendError(res, flavour, 400, `body: invalid JSON (${badJson ?? "empty body"})`);
    return;
  }
  try {
    await route.handle(body, res, ctx);
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    sendError(res, flavour, error.status, error.message);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`body: request larger than ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
