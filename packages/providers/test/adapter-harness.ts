/**
 * Test harness for the adapter scenarios: drain a provider stream under a time guard, and a
 * tiny raw HTTP server on 127.0.0.1 for wire shapes the mock does not produce (401s, SSE
 * `error` events, stalls, Ollama/vLLM quirks). Real sockets and the official SDKs throughout.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type MockScript, type MockServer, startMockServer } from "@picasso/mock-provider";
import type { ModelProvider, ModelRequest, StreamEvent } from "@picasso/protocol";
import { afterEach } from "vitest";
import { AnthropicProvider, type RetryPolicy } from "../src/index.js";

/** Every event of a stream; fails the test if the stream neither ends nor terminates in time. */
export async function collect(
  provider: ModelProvider,
  request: ModelRequest,
  options: { signal?: AbortSignal; guardMs?: number; onEvent?: (event: StreamEvent) => void } = {},
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  const drain = (async () => {
    for await (const event of provider.stream(request, options.signal ? { signal: options.signal } : {})) {
      events.push(event);
      options.onEvent?.(event);
    }
    return events;
  })();
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`stream did not end within ${options.guardMs ?? 25_000} ms: ${JSON.stringify(events)}`),
        ),
      options.guardMs ?? 25_000,
    );
  });
  try {
    return await Promise.race([drain, guard]);
  } finally {
    clearTimeout(timer);
  }
}

export function terminalOf(events: StreamEvent[]): StreamEvent {
  const terminals = events.filter((e) => e.type === "message_stop" || e.type === "error");
  if (terminals.length !== 1 || events.at(-1) !== terminals[0]) {
    throw new Error(`expected exactly one terminal event, last: ${JSON.stringify(events)}`);
  }
  return terminals[0]!;
}

export function textOf(events: StreamEvent[]): string {
  return events.map((e) => (e.type === "text_delta" ? e.text : "")).join("");
}

export function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: "picasso-mock",
    tools: [],
    system: [],
    messages: [{ role: "user", content: [{ type: "text", text: "hello there" }] }],
    maxTokens: 1024,
    cacheBreakpoints: [],
    ...overrides,
  };
}

export interface RawServer {
  url: string;
  hits: number;
  close(): Promise<void>;
}

/** A real HTTP server whose every request is answered by `handler` (after the body is read). */
export async function startRawServer(
  handler: (req: IncomingMessage, res: ServerResponse, hit: number) => void | Promise<void>,
): Promise<RawServer> {
  const sockets = new Set<import("node:net").Socket>();
  const state = { hits: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      state.hits++;
      void handler(req, res, state.hits);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get hits() {
      return state.hits;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function sse(res: ServerResponse, event: string | undefined, data: unknown): void {
  res.write(
    `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`,
  );
}

export function startSse(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.flushHeaders();
}

/** Long, varied text so a prefix passes the mock's minimum cacheable length (~1024 tokens). */
export function longText(words: number, seed = "context"): string {
  return Array.from({ length: words }, (_, i) => `${seed}${i % 97} word${i}`).join(" ");
}

export const FAST_RETRY: Partial<RetryPolicy> = { baseDelayMs: 10, maxDelayMs: 40 };

/**
 * Anthropic adapters for the fault scenarios, against the mock or a raw server. Servers started
 * through it are closed after each test; `server()` is the current test's mock.
 */
export function anthropicFixtures() {
  let mock: MockServer | undefined;
  const raws: RawServer[] = [];
  afterEach(async () => {
    await mock?.close();
    await Promise.all(raws.splice(0).map((r) => r.close()));
    mock = undefined;
  });
  const at = (url: string, retry: Partial<RetryPolicy> = FAST_RETRY) =>
    new AnthropicProvider({ apiKey: "test-key", model: "picasso-mock", baseUrl: url, retry });
  return {
    server: () => mock!,
    rawProvider: at,
    async mockProvider(script: MockScript, retry: Partial<RetryPolicy> = FAST_RETRY) {
      mock = await startMockServer({ script });
      return at(mock.url, retry);
    },
    async raw(handler: Parameters<typeof startRawServer>[0]): Promise<RawServer> {
      const server = await startRawServer(handler);
      raws.push(server);
      return server;
    },
  };
}

/** `message_start` of an Anthropic stream, with the usage it reports. */
export function sseMessageStart(res: ServerResponse, inputTokens: number): void {
  sse(res, "message_start", {
    type: "message_start",
    message: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "m",
      content: [],
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  });
}

/** A text delta on block 0; `open` first starts the block. */
export function sseText(res: ServerResponse, text: string, open = false): void {
  if (open)
    sse(res, "content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    });
  sse(res, "content_block_delta", {
    type: "content_block_delta",
    index: 0,
    delta: { type: "text_delta", text },
  });
}
