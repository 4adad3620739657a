/**
 * The official Anthropic SDK against the mock over HTTP: streamed text and tool calls arrive
 * intact, the SSE sequence is the real one, non-streaming and count_tokens work, and malformed
 * requests get a 400 in the Anthropic error shape naming the field.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../src/index.js";
import { anthropicClient, totalTokens } from "./mock-fixtures.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TEXT = "I'll read the file first, then fix the off-by-one in the loop.";
const INPUT = { path: "src/a.ts", range: { start: 1, end: 40 }, note: 'quote " and unicode é' };

describe("mock /v1/messages with the Anthropic SDK", () => {
  it("streams text and a tool call that arrive intact, in the real event sequence", async () => {
    server = await startMockServer({
      script: { steps: [{ text: TEXT, tool_calls: [{ name: "read", input: INPUT }] }] },
    });
    const client = anthropicClient(server.url);
    const stream = client.messages.stream({
      model: "claude-mock",
      max_tokens: 1024,
      messages: [{ role: "user", content: "fix the bug" }],
    });
    const events: string[] = [];
    const jsonFragments: string[] = [];
    stream.on("streamEvent", (event) => {
      events.push(event.type);
      if (event.type === "content_block_delta" && event.delta.type === "input_json_delta") {
        jsonFragments.push(event.delta.partial_json);
      }
    });
    let streamedText = "";
    stream.on("text", (delta) => {
      streamedText += delta;
    });
    const message = await stream.finalMessage();

    expect(streamedText).toBe(TEXT);
    expect(message.content[0]).toMatchObject({ type: "text", text: TEXT });
    expect(message.content[1]).toMatchObject({ type: "tool_use", name: "read", input: INPUT });
    expect(message.stop_reason).toBe("tool_use");
    expect(jsonFragments.filter((f) => f.length > 0).length).toBeGreaterThan(2);
    expect(jsonFragments.join("")).toBe(JSON.stringify(INPUT));
    expect(events[0]).toBe("message_start");
    expect(events.slice(-2)).toEqual(["message_delta", "message_stop"]);
    const starts = events.filter((e) => e === "content_block_start").length;
    expect(starts).toBe(2);
    expect(events.filter((e) => e === "content_block_stop").length).toBe(starts);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });

  it("sends the raw SSE sequence with ping events and cumulative usage in message_delta", async () => {
    server = await startMockServer({
      script: { steps: [{ text: "hi there", tool_calls: [{ name: "bash", input: { command: "ls" } }] }] },
    });
    const response = await fetch(`${server.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "test-key" },
      body: JSON.stringify({
        model: "m",
        max_tokens: 50,
        stream: true,
        messages: [{ role: "user", content: "go" }],
      }),
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const raw = await response.text();
    const events = [...raw.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((m) => ({
      name: m[1],
      data: JSON.parse(m[2] as string),
    }));
    expect(events.map((e) => e.name)).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      ...events
        .filter((e) => e.name === "content_block_delta" && e.data.index === 0)
        .map(() => "content_block_delta"),
      "content_block_stop",
      "ping",
      "content_block_start",
      ...events
        .filter((e) => e.name === "content_block_delta" && e.data.index === 1)
        .map(() => "content_block_delta"),
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    for (const event of events) expect(event.data.type).toBe(event.name);
    const start = events[0]?.data.message;
    expect(start.content).toEqual([]);
    expect(start.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
    const delta = events.find((e) => e.name === "message_delta")?.data;
    expect(delta.delta.stop_reason).toBe("tool_use");
    expect(delta.usage.input_tokens).toBe(start.usage.input_tokens);
    expect(JSON.stringify(server.requests)).not.toContain("test-key");
  });

  it("answers non-streaming requests with a whole message and usage", async () => {
    server = await startMockServer({ script: { steps: [{ text: "done" }] } });
    const body = {
      model: "claude-mock",
      max_tokens: 100,
      messages: [{ role: "user" as const, content: "hello" }],
    };
    const message = await anthropicClient(server.url).messages.create(body);
    expect(message.content).toEqual([{ type: "text", text: "done" }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.usage.input_tokens).toBe(totalTokens(body));
    expect(message.usage.cache_read_input_tokens).toBe(0);
    expect(server.requests).toEqual([{ path: "/v1/messages", body }]);
  });

  it("counts tokens with the same estimate as the usage", async () => {
    server = await startMockServer();
    const client = anthropicClient(server.url);
    const body = {
      model: "claude-mock",
      system: "You are terse.",
      tools: [{ name: "read", description: "Read a file", input_schema: { type: "object" as const } }],
      messages: [{ role: "user" as const, content: "hello there" }],
    };
    const counted = await client.messages.countTokens(body);
    expect(counted.input_tokens).toBeGreaterThan(5);
    const message = await client.messages.create({ ...body, max_tokens: 50 });
    expect(message.usage.input_tokens).toBe(counted.input_tokens);
  });

  it("rejects malformed requests with a 400 in the Anthropic error shape naming the field", async () => {
    server = await startMockServer();
    const post = (body: string) =>
      fetch(`${server?.url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const cases: Array<[string, RegExp]> = [
      ["{not json", /^body: invalid JSON/],
      [
        JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }] }),
        /^max_tokens: Field required/,
      ],
      [
        JSON.stringify({ max_tokens: 5, messages: [{ role: "user", content: "x" }] }),
        /^model: Field required/,
      ],
      [JSON.stringify({ model: "m", max_tokens: 5 }), /^messages: Field required/],
      [
        JSON.stringify({ model: "m", max_tokens: "5", messages: [{ role: "user", content: "x" }] }),
        /^max_tokens: /,
      ],
      [
        JSON.stringify({ model: "m", max_tokens: 5, messages: [{ role: "robot", content: "x" }] }),
        /^messages\.0\.role: /,
      ],
      [
        JSON.stringify({
          model: "m",
          max_tokens: 5,
          messages: [{ role: "user", content: [{ type: "video" }] }],
        }),
        /^messages\.0\.content\.0\.type: /,
      ],
      [
        JSON.stringify({
          model: "m",
          max_tokens: 5,
          messages: [
            {
              role: "user",
              content: Array.from({ length: 5 }, (_, i) => ({
                type: "text",
                text: `t${i}`,
                cache_control: { type: "ephemeral" },
              })),
            },
          ],
        }),
        /^cache_control: A maximum of 4 blocks with cache_control may be provided\. Found 5\./,
      ],
      [
        JSON.stringify({
          model: "m",
          max_tokens: 5,
          messages: [
            { role: "user", content: "go" },
            { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "read", input: {} }] },
            { role: "user", content: "no result" },
          ],
        }),
        /^messages\.1: tool_use ids were found without tool_result blocks/,
      ],
    ];
    const base = { model: "m", max_tokens: 5 };
    const user = { role: "user", content: "x" };
    cases.push(
      [
        JSON.stringify({ ...base, messages: [{ role: "user", content: "" }] }),
        /^messages\.0: all messages must have non-empty content/,
      ],
      [
        JSON.stringify({
          ...base,
          messages: [
            {
              role: "user",
              content: [
                { type: "text", text: "a" },
                { type: "text", text: "" },
              ],
            },
          ],
        }),
        /^messages\.0\.content\.1\.text: text content blocks must be non-empty/,
      ],
      [
        JSON.stringify({ ...base, messages: [user, { role: "assistant", content: "prefill " }] }),
        /^messages\.1: final assistant content cannot end with trailing whitespace/,
      ],
      [
        JSON.stringify({ ...base, tools: [{ name: "read.file", input_schema: {} }], messages: [user] }),
        /^tools\.0\.name: /,
      ],
      [
        JSON.stringify({ ...base, tools: [{ name: "read" }], messages: [user] }),
        /^tools\.0\.input_schema: Field required/,
      ],
      [
        JSON.stringify({
          ...base,
          tools: [
            { name: "a", input_schema: {} },
            { name: "a", input_schema: {} },
          ],
          messages: [user],
        }),
        /^tools: Tool names must be unique/,
      ],
      [
        JSON.stringify({
          ...base,
          messages: [
            { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_ghost", content: "x" }] },
          ],
        }),
        /^messages\.0\.content\.0: unexpected tool_use_id found in tool_result blocks: toolu_ghost/,
      ],
      [
        JSON.stringify({
          ...base,
          system: [
            { type: "text", text: "a", cache_control: { type: "ephemeral" } },
            { type: "text", text: "b", cache_control: { type: "ephemeral", ttl: "1h" } },
          ],
          messages: [user],
        }),
        /^system\.1\.cache_control\.ttl: a ttl="1h" cache_control block must not come after a ttl="5m" one/,
      ],
    );
    for (const [body, message] of cases) {
      const response = await post(body);
      expect(response.status).toBe(400);
      const json = (await response.json()) as { type: string; error: { type: string; message: string } };
      expect(json.type).toBe("error");
      expect(json.error.type).toBe("invalid_request_error");
      expect(json.error.message).toMatch(message);
    }
  });

  it("surfaces a 400 through the SDK as BadRequestError", async () => {
    server = await startMockServer();
    const client = anthropicClient(server.url);
    const tooMany = Array.from({ length: 3 }, (_, i) => ({
      name: `t${i}`,
      input_schema: { type: "object" as const },
      cache_control: { type: "ephemeral" as const },
    }));
    const error = await client.messages
      .create({
        model: "m",
        max_tokens: 5,
        tools: tooMany,
        system: [
          { type: "text", text: "a", cache_control: { type: "ephemeral" } },
          { type: "text", text: "b", cache_control: { type: "ephemeral" } },
        ],
        messages: [{ role: "user", content: "x" }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as Error).message).toMatch(/Found 5/);
  });

  it("answers unknown paths with 404", async () => {
    server = await startMockServer();
    const response = await fetch(`${server.url}/v1/models/none`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe("not_found_error");
  });

  it("pre-warms with max_tokens 0: empty content, stop_reason max_tokens, cache written", async () => {
    server = await startMockServer({ anthropicMinCacheTokens: 10 });
    const client = anthropicClient(server.url);
    const body = {
      model: "m",
      system: [
        {
          type: "text" as const,
          text: "stable system prompt ".repeat(20),
          cache_control: { type: "ephemeral" as const },
        },
      ],
      messages: [{ role: "user" as const, content: "hi" }],
    };
    const warm = await client.messages.create({ ...body, max_tokens: 0 });
    expect(warm.content).toEqual([]);
    expect(warm.stop_reason).toBe("max_tokens");
    expect(warm.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    const next = await client.messages.create({ ...body, max_tokens: 50 });
    expect(next.usage.cache_read_input_tokens).toBe(warm.usage.cache_creation_input_tokens);
  });
});
