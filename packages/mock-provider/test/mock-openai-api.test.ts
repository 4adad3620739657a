/**
 * The official OpenAI SDK against the mock's /v1/chat/completions over HTTP: streamed text and
 * tool calls (accumulated by index) arrive intact, the usage chunk comes with include_usage,
 * cached_tokens moves in 128-token steps from 1024, and malformed requests get OpenAI's 400 shape.
 */
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../src/index.js";
import { filler } from "./mock-fixtures.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function openaiClient(url: string, maxRetries = 0): OpenAI {
  return new OpenAI({ baseURL: `${url}/v1`, apiKey: "test-key", maxRetries });
}

const INPUT_A = { path: "src/a.ts" };
const INPUT_B = { command: "npm test -- --run", cwd: "packages/x" };

describe("mock /v1/chat/completions with the OpenAI SDK", () => {
  it("streams text and two tool calls that arrive intact", async () => {
    server = await startMockServer({
      script: {
        steps: [
          {
            text: "Reading and testing in parallel.",
            tool_calls: [
              { name: "read", input: INPUT_A },
              { name: "bash", input: INPUT_B },
            ],
          },
        ],
      },
    });
    const client = openaiClient(server.url);
    const stream = client.chat.completions.stream({
      model: "gpt-mock",
      messages: [{ role: "user", content: "check it" }],
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    stream.on("chunk", (chunk) => chunks.push(chunk));
    const completion = await stream.finalChatCompletion();
    const message = completion.choices[0]?.message;
    expect(message?.content).toBe("Reading and testing in parallel.");
    const calls = message?.tool_calls as OpenAI.ChatCompletionMessageFunctionToolCall[];
    expect(calls.map((c) => c.function.name)).toEqual(["read", "bash"]);
    expect(JSON.parse(calls[0]?.function.arguments ?? "")).toEqual(INPUT_A);
    expect(JSON.parse(calls[1]?.function.arguments ?? "")).toEqual(INPUT_B);
    expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
    const argumentFragments = chunks
      .flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])
      .filter((t) => t.index === 1);
    expect(argumentFragments.length).toBeGreaterThan(2);
    expect(argumentFragments[0]?.id).toBeTruthy();
    expect(argumentFragments.slice(1).every((t) => t.id === undefined)).toBe(true);
    const last = chunks[chunks.length - 1];
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(last?.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
  });

  it("ends the raw stream with data: [DONE]", async () => {
    server = await startMockServer({ script: { steps: [{ text: "ok" }] } });
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer test-key" },
      body: JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "x" }] }),
    });
    const raw = await response.text();
    expect(raw.trimEnd().endsWith("data: [DONE]")).toBe(true);
    expect(raw).not.toContain('"usage"'); // no include_usage → no usage chunk
  });

  it("answers non-streaming requests", async () => {
    server = await startMockServer({
      script: { steps: [{ tool_calls: [{ name: "read", input: INPUT_A }] }] },
    });
    const completion = await openaiClient(server.url).chat.completions.create({
      model: "gpt-mock",
      messages: [{ role: "user", content: "read it" }],
    });
    expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
    const call = completion.choices[0]?.message
      .tool_calls?.[0] as OpenAI.ChatCompletionMessageFunctionToolCall;
    expect(JSON.parse(call.function.arguments)).toEqual(INPUT_A);
    expect(completion.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
  });

  it("reports cached_tokens in 128-token steps from 1024", async () => {
    server = await startMockServer();
    const client = openaiClient(server.url);
    const system = { role: "system" as const, content: `You are Picasso. ${filler(900, 1)}` };
    const messages: OpenAI.ChatCompletionMessageParam[] = [system, { role: "user", content: "hello" }];
    const first = await client.chat.completions.create({ model: "gpt-mock", messages });
    const firstPrompt = first.usage?.prompt_tokens ?? 0;
    expect(firstPrompt).toBeGreaterThan(1024 + 128);
    expect(first.usage?.prompt_tokens_details?.cached_tokens).toBe(0);

    messages.push({ role: "assistant", content: first.choices[0]?.message.content ?? "" });
    messages.push({ role: "user", content: filler(300, 7) });
    const second = await client.chat.completions.create({ model: "gpt-mock", messages });
    const cached = second.usage?.prompt_tokens_details?.cached_tokens ?? 0;
    expect(cached).toBe(1024 + 128 * Math.floor((firstPrompt - 1024) / 128));
    expect((cached - 1024) % 128).toBe(0);
    expect(cached).toBeLessThanOrEqual(firstPrompt);
    expect(firstPrompt - cached).toBeLessThan(128);
  });

  it("caches nothing for prompts under 1024 tokens", async () => {
    server = await startMockServer();
    const client = openaiClient(server.url);
    const body = { model: "gpt-mock", messages: [{ role: "user" as const, content: filler(300) }] };
    await client.chat.completions.create(body);
    const again = await client.chat.completions.create(body);
    expect(again.usage?.prompt_tokens).toBeLessThan(1024);
    expect(again.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
  });

  it("rejects unpaired tool messages and unanswered tool_calls like the real API", async () => {
    server = await startMockServer();
    const post = async (messages: unknown[]) => {
      const response = await fetch(`${server?.url}/v1/chat/completions`, {
        method: "POST",
        body: JSON.stringify({ model: "m", messages }),
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { message: string; type: string } }).error;
    };
    const call = { id: "call_1", type: "function", function: { name: "read", arguments: "{}" } };
    const orphan = await post([
      { role: "user", content: "x" },
      { role: "tool", tool_call_id: "call_9", content: "r" },
    ]);
    expect(orphan.message).toMatch(/^messages\.1: messages with role 'tool' must be a response/);
    expect(orphan.type).toBe("invalid_request_error");
    const unanswered = await post([
      { role: "user", content: "x" },
      { role: "assistant", content: null, tool_calls: [call] },
      { role: "user", content: "moving on" },
    ]);
    expect(unanswered.message).toMatch(
      /^messages\.2: an assistant message with 'tool_calls' must be followed.*call_1/,
    );
  });

  it("rejects malformed requests with OpenAI's 400 error shape naming the field", async () => {
    server = await startMockServer();
    const error = await openaiClient(server.url)
      .chat.completions.create({ model: "gpt-mock", messages: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ messages: [{ role: "user", content: "x" }] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { message: "model: Field required", type: "invalid_request_error", param: "model", code: null },
    });
  });
});
