// The OpenAI-compatible adapter against wire shapes of local servers, served by a raw HTTP
// server through the official `openai` SDK: Ollama reusing index 0 for parallel calls,
// `choices: null`, no usage chunk, bad tool JSON, a missing finish_reason, a 401.
import { afterEach, describe, expect, it } from "vitest";
import { OpenAIProvider } from "../src/index.js";
import {
  collect,
  type RawServer,
  request,
  sse,
  startRawServer,
  startSse,
  terminalOf,
} from "./adapter-harness.js";

let raw: RawServer | undefined;
afterEach(async () => {
  await raw?.close();
  raw = undefined;
});

describe("OpenAIProvider against local-server quirks", () => {
  const chunk = (delta: unknown, extra: Record<string, unknown> = {}) => ({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "qwen3:8b",
    choices: [{ index: 0, delta, finish_reason: null }],
    ...extra,
  });

  it("Ollama-style: parallel calls reusing index 0 with new ids, usage chunk with choices: null", async () => {
    raw = await startRawServer((_req, res) => {
      startSse(res);
      sse(res, undefined, chunk({ role: "assistant", content: "" }));
      sse(
        res,
        undefined,
        chunk({
          tool_calls: [
            {
              index: 0,
              id: "call_a",
              type: "function",
              function: { name: "read", arguments: '{"path":"a.ts"}' },
            },
          ],
        }),
      );
      sse(
        res,
        undefined,
        chunk({
          tool_calls: [
            { index: 0, id: "call_b", type: "function", function: { name: "read", arguments: '{"path":' } },
          ],
        }),
      );
      sse(res, undefined, chunk({ tool_calls: [{ index: 0, function: { arguments: '"b.ts"}' } }] }));
      sse(res, undefined, { ...chunk({}), choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
      sse(res, undefined, {
        ...chunk({}),
        choices: null,
        usage: { prompt_tokens: 50, completion_tokens: 9, total_tokens: 59 },
      });
      sse(res, undefined, "[DONE]");
      res.end();
    });
    const provider = new OpenAIProvider({
      apiKey: "not-needed",
      model: "qwen3:8b",
      baseUrl: `${raw.url}/v1`,
    });
    const stop = terminalOf(await collect(provider, request()));
    if (stop.type !== "message_stop") throw new Error(JSON.stringify(stop));
    expect(stop.stopReason).toBe("tool_use");
    expect(stop.content).toEqual([
      { type: "tool_use", id: "call_a", name: "read", input: { path: "a.ts" } },
      { type: "tool_use", id: "call_b", name: "read", input: { path: "b.ts" } },
    ]);
    // cached_tokens not reported → cacheReadTokens undefined, inputTokens = prompt_tokens.
    expect(stop.usage).toEqual({ inputTokens: 50, outputTokens: 9 });
  });

  it("no usage chunk → every usage field undefined, never 0; bad JSON arguments are kept raw", async () => {
    raw = await startRawServer((_req, res) => {
      startSse(res);
      sse(res, undefined, chunk({ content: "Calling." }));
      sse(
        res,
        undefined,
        chunk({
          tool_calls: [
            {
              index: 0,
              id: "call_x",
              type: "function",
              function: { name: "read", arguments: '{"path": "a' },
            },
          ],
        }),
      );
      sse(res, undefined, { ...chunk({}), choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] });
      sse(res, undefined, "[DONE]");
      res.end();
    });
    const provider = new OpenAIProvider({ apiKey: "not-needed", model: "m", baseUrl: `${raw.url}/v1` });
    const stop = terminalOf(await collect(provider, request()));
    if (stop.type !== "message_stop") throw new Error(JSON.stringify(stop));
    expect(stop.usage).toEqual({});
    expect(stop.content).toEqual([
      { type: "text", text: "Calling." },
      { type: "tool_use", id: "call_x", name: "read", input: { __picasso_invalid_json: '{"path": "a' } },
    ]);
  });

  it("a stream that ends without finish_reason is a stream_cut, not a silent success", async () => {
    raw = await startRawServer((_req, res) => {
      startSse(res);
      sse(res, undefined, chunk({ content: "half an ans" }));
      res.end();
    });
    const provider = new OpenAIProvider({ apiKey: "not-needed", model: "m", baseUrl: `${raw.url}/v1` });
    const events = await collect(provider, request(), { guardMs: 20_000 });
    expect(terminalOf(events)).toMatchObject({ type: "error", error: { kind: "stream_cut" } });
  });

  it("401 from the server names OPENAI_API_KEY", async () => {
    raw = await startRawServer((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: {
            message: "Incorrect API key provided",
            type: "invalid_request_error",
            code: "invalid_api_key",
          },
        }),
      );
    });
    const provider = new OpenAIProvider({ apiKey: "bad", model: "m", baseUrl: `${raw.url}/v1` });
    const events = await collect(provider, request());
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "error", error: { kind: "auth", status: 401 } });
    expect((events[0] as { error: { message: string } }).error.message).toMatch(
      /Incorrect API key.*OPENAI_API_KEY/,
    );
  });
});
