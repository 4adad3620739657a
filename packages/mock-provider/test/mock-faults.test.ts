/**
 * Scripted faults through the official SDKs: a 429 with retry-after is retried away by the SDK's
 * own retry, 500 and 529 overloaded_error surface with their API error types, a stream cut
 * mid-block makes the SDK stream reject (not hang), a non-streaming request meets the stream
 * faults (529, half a body, silence), and delays hold the answer back.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../src/index.js";
import { anthropicClient, within } from "./mock-fixtures.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const request = {
  model: "claude-mock",
  max_tokens: 100,
  messages: [{ role: "user" as const, content: "go" }],
};

describe("scripted faults", () => {
  it("a 429 with retry-after is retried transparently by the SDK (maxRetries 2)", async () => {
    server = await startMockServer({
      script: {
        steps: [{ text: "after the retry" }],
        faults: [{ request: 1, kind: "rate_limit", retry_after: 0 }],
      },
    });
    const message = await anthropicClient(server.url, 2).messages.stream(request).finalMessage();
    expect(message.content).toMatchObject([{ type: "text", text: "after the retry" }]);
    expect(server.requests.filter((r) => r.path === "/v1/messages")).toHaveLength(2);
  });

  it("a 429 without retries surfaces as RateLimitError with a retry-after header", async () => {
    server = await startMockServer({
      script: { faults: [{ request: 1, kind: "rate_limit", retry_after: 3 }] },
    });
    const error = await anthropicClient(server.url)
      .messages.create(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.APIError>).headers?.get("retry-after")).toBe("3");
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      type: "error",
      error: { type: "rate_limit_error" },
    });
  });

  it("500 and 529 overloaded_error surface with their API error types and do not use up a step", async () => {
    server = await startMockServer({
      script: {
        steps: [{ text: "the one step" }],
        faults: [
          { request: 1, kind: "server" },
          { request: 2, kind: "overloaded" },
        ],
      },
    });
    const client = anthropicClient(server.url);
    const server500 = (await client.messages.create(request).catch((e: unknown) => e)) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(server500).toBeInstanceOf(Anthropic.InternalServerError);
    expect(server500.status).toBe(500);
    const overloaded = (await client.messages.create(request).catch((e: unknown) => e)) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(overloaded.status).toBe(529);
    expect(overloaded.error).toMatchObject({ error: { type: "overloaded_error" } });
    const third = await client.messages.create(request);
    expect(third.content).toMatchObject([{ type: "text", text: "the one step" }]);
  });

  it("a stream cut mid-block makes the Anthropic SDK stream reject, not hang", async () => {
    server = await startMockServer({
      script: {
        steps: [{ text: "this answer will be cut off half way" }],
        faults: [{ request: 1, kind: "cut" }],
      },
    });
    const stream = anthropicClient(server.url).messages.stream(request);
    const seen: string[] = [];
    stream.on("streamEvent", (event) => seen.push(event.type));
    const outcome = await within(
      stream.finalMessage().then(
        () => "resolved",
        (error: unknown) => error,
      ),
      10_000,
      "the cut stream",
    );
    expect(outcome).toBeInstanceOf(Error);
    expect(seen).toContain("content_block_delta");
    expect(seen).not.toContain("content_block_stop");
    expect(seen).not.toContain("message_stop");
  });

  it("a stream cut mid-block makes the OpenAI SDK stream reject, not hang", async () => {
    server = await startMockServer({
      script: { steps: [{ text: "partial answer that never ends" }], faults: [{ request: 1, kind: "cut" }] },
    });
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "test-key", maxRetries: 0 });
    const stream = client.chat.completions.stream({
      model: "gpt-mock",
      messages: [{ role: "user", content: "go" }],
    });
    const outcome = await within(
      stream.finalChatCompletion().then(
        () => "resolved",
        (error: unknown) => error,
      ),
      10_000,
      "the cut stream",
    );
    expect(outcome).toBeInstanceOf(Error);
  });

  it("a mid-stream overloaded_error event surfaces as an SDK error with that type", async () => {
    server = await startMockServer({
      script: {
        steps: [{ text: "interrupted by overload" }],
        faults: [{ request: 1, kind: "stream_error" }],
      },
    });
    const stream = anthropicClient(server.url).messages.stream(request);
    const outcome = await within(
      stream.finalMessage().then(
        () => "resolved",
        (error: unknown) => error,
      ),
      10_000,
      "the errored stream",
    );
    expect(outcome).toBeInstanceOf(Anthropic.APIError);
    expect((outcome as Error).message).toContain("overloaded_error");

    const fresh = await startMockServer({
      script: {
        steps: [{ text: "interrupted by overload" }],
        faults: [{ request: 1, kind: "stream_error" }],
      },
    });
    try {
      const client = new OpenAI({ baseURL: `${fresh.url}/v1`, apiKey: "test-key", maxRetries: 0 });
      const chat = client.chat.completions.stream({
        model: "m",
        messages: [{ role: "user", content: "go" }],
      });
      const result = await within(
        chat.finalChatCompletion().then(
          () => "resolved",
          (error: unknown) => error,
        ),
        10_000,
        "the errored OpenAI stream",
      );
      expect(result).toBeInstanceOf(OpenAI.APIError);
      expect((result as Error).message).toMatch(/Overloaded/);
    } finally {
      await fresh.close();
    }
  });

  it("a cut non-streaming response makes the SDK call reject", async () => {
    server = await startMockServer({
      script: { steps: [{ text: "whole" }], faults: [{ request: 1, kind: "cut" }] },
    });
    const outcome = await within(
      anthropicClient(server.url)
        .messages.create(request)
        .then(
          () => "resolved",
          (error: unknown) => error,
        ),
      10_000,
      "the cut response",
    );
    expect(outcome).toBeInstanceOf(Error);
  });

  it("a non-streaming request meets the stream faults in each API's shape: 529, half a body, silence", async () => {
    const routes = [
      { path: "/v1/messages", body: request },
      {
        path: "/v1/chat/completions",
        body: { model: "gpt-mock", messages: [{ role: "user", content: "go" }] },
      },
    ];
    for (const route of routes) {
      server = await startMockServer({
        script: {
          steps: [{ text: "one" }, { text: "two" }, { text: "three" }],
          faults: [
            { request: 1, kind: "stream_error" },
            { request: 2, kind: "malformed" },
            { request: 3, kind: "stall" },
          ],
        },
      });
      const post = (signal?: AbortSignal) =>
        fetch(`${server!.url}${route.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": "test-key" },
          body: JSON.stringify(route.body),
          ...(signal ? { signal } : {}),
        });
      const overloaded = await post();
      expect(overloaded.status).toBe(529);
      // Both APIs' error bodies carry `error.type`.
      expect(((await overloaded.json()) as { error: { type: string } }).error.type).toBe("overloaded_error");
      const half = await post();
      expect(half.status).toBe(200);
      expect(
        await within(
          half.text().then(
            () => "whole",
            () => "cut",
          ),
          10_000,
          "the half body",
        ),
      ).toBe("cut");
      const stop = new AbortController();
      const silent = await within(post(stop.signal), 10_000, "the stalled headers");
      expect(silent.status).toBe(200);
      expect(silent.headers.get("content-type")).toBe("application/json");
      stop.abort();
      await server.close();
      server = undefined;
    }
  });

  it("delays the answer by delay_ms (step) and by a delay fault", async () => {
    server = await startMockServer({
      script: {
        steps: [{ text: "slow", delay_ms: 150 }, { text: "slower" }],
        faults: [{ request: 2, kind: "delay", delay_ms: 150 }],
      },
    });
    const client = anthropicClient(server.url);
    for (const expected of ["slow", "slower"]) {
      const started = performance.now();
      const message = await client.messages.create(request);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      expect(message.content).toMatchObject([{ type: "text", text: expected }]);
    }
  });
});
