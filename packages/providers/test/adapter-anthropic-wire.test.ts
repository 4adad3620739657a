// Wire details of the Anthropic stream the mock does not exercise, served by a raw HTTP server:
// usage merged from message_start and the cumulative message_delta, null/absent fields staying
// undefined, thinking with its signature, unknown events ignored, unparseable tool input kept raw.
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicProvider } from "../src/index.js";
import { invalidToolInput } from "../src/tool-input.js";
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

type Script = Array<[string, unknown]>;

async function streamOf(script: Script) {
  raw = await startRawServer((_req, res) => {
    startSse(res);
    for (const [event, data] of script) sse(res, event, data);
    res.end();
  });
  const provider = new AnthropicProvider({ apiKey: "test-key", model: "m", baseUrl: raw.url });
  return collect(provider, request());
}

const start = (usage: Record<string, unknown>): [string, unknown] => [
  "message_start",
  {
    type: "message_start",
    message: { id: "msg_1", type: "message", role: "assistant", model: "m", content: [], usage },
  },
];
const stop: [string, unknown] = ["message_stop", { type: "message_stop" }];

describe("Anthropic stream wire details", () => {
  it("usage: message_start snapshot + cumulative message_delta; null and absent stay undefined", async () => {
    const events = await streamOf([
      start({ input_tokens: 12, output_tokens: 1, cache_read_input_tokens: null }),
      ["ping", { type: "ping" }],
      [
        "content_block_start",
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      ],
      [
        "content_block_delta",
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "hi" } },
      ],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      ["some_future_event", { type: "some_future_event", anything: true }],
      [
        "message_delta",
        {
          type: "message_delta",
          delta: { stop_reason: "max_tokens", stop_sequence: null },
          usage: { output_tokens: 40, input_tokens: null, cache_creation_input_tokens: null },
        },
      ],
      stop,
    ]);
    const end = terminalOf(events);
    expect(end).toEqual({
      type: "message_stop",
      stopReason: "max_tokens",
      usage: { inputTokens: 12, outputTokens: 40 },
      content: [{ type: "text", text: "hi" }],
    });
  });

  it("usage: cache counters and the 5m/1h split are mapped exactly", async () => {
    const events = await streamOf([
      start({
        input_tokens: 3,
        output_tokens: 1,
        cache_read_input_tokens: 2048,
        cache_creation_input_tokens: 300,
        cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 200 },
      }),
      [
        "message_delta",
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 5 } },
      ],
      stop,
    ]);
    expect(terminalOf(events)).toMatchObject({
      usage: {
        inputTokens: 3,
        outputTokens: 5,
        cacheReadTokens: 2048,
        cacheWriteTokens: 300,
        cacheWrite5mTokens: 100,
        cacheWrite1hTokens: 200,
      },
    });
  });

  it("thinking streams as thinking_delta and keeps its signature", async () => {
    const events = await streamOf([
      start({ input_tokens: 1, output_tokens: 1 }),
      [
        "content_block_start",
        {
          type: "content_block_start",
          index: 0,
          content_block: { type: "thinking", thinking: "", signature: "" },
        },
      ],
      [
        "content_block_delta",
        { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Let me " } },
      ],
      [
        "content_block_delta",
        { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "think." } },
      ],
      [
        "content_block_delta",
        { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "c2ln" } },
      ],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      [
        "content_block_start",
        { type: "content_block_start", index: 1, content_block: { type: "redacted_thinking", data: "xx" } },
      ],
      ["content_block_stop", { type: "content_block_stop", index: 1 }],
      [
        "content_block_start",
        { type: "content_block_start", index: 2, content_block: { type: "text", text: "" } },
      ],
      [
        "content_block_delta",
        { type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "Answer." } },
      ],
      ["content_block_stop", { type: "content_block_stop", index: 2 }],
      [
        "message_delta",
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 9 } },
      ],
      stop,
    ]);
    expect(
      events.filter((e) => e.type === "thinking_delta").map((e) => (e as { thinking: string }).thinking),
    ).toEqual(["Let me ", "think."]);
    expect(terminalOf(events)).toMatchObject({
      content: [
        { type: "thinking", thinking: "Let me think.", signature: "c2ln" },
        { type: "text", text: "Answer." },
      ],
    });
  });

  it("a tool input that is not valid JSON arrives as a tool_use with the raw text kept", async () => {
    const events = await streamOf([
      start({ input_tokens: 1, output_tokens: 1 }),
      [
        "content_block_start",
        {
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", id: "toolu_1", name: "edit", input: {} },
        },
      ],
      [
        "content_block_delta",
        {
          type: "content_block_delta",
          index: 0,
          delta: { type: "input_json_delta", partial_json: '{"path": "a.ts", "old' },
        },
      ],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      [
        "message_delta",
        { type: "message_delta", delta: { stop_reason: "max_tokens" }, usage: { output_tokens: 9 } },
      ],
      stop,
    ]);
    const end = terminalOf(events);
    if (end.type !== "message_stop") throw new Error(JSON.stringify(end));
    const block = end.content[0];
    if (block?.type !== "tool_use") throw new Error(JSON.stringify(block));
    expect(invalidToolInput(block)).toBe('{"path": "a.ts", "old');
  });

  it("a tool call without input deltas keeps the start block's input", async () => {
    const events = await streamOf([
      start({ input_tokens: 1, output_tokens: 1 }),
      [
        "content_block_start",
        {
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", id: "toolu_1", name: "todo_list", input: {} },
        },
      ],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      [
        "message_delta",
        { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 2 } },
      ],
      stop,
    ]);
    expect(terminalOf(events)).toMatchObject({
      stopReason: "tool_use",
      content: [{ type: "tool_use", id: "toolu_1", name: "todo_list", input: {} }],
    });
  });
});
