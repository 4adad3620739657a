/**
 * The demo model (no script) through the official SDKs: it greets, reads a named file and answers
 * from the result, runs commands and reports the exit code, searches, and otherwise says it is the
 * offline demo model and how to configure a real provider.
 */
import type Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../src/index.js";
import { anthropicClient } from "./mock-fixtures.js";

const tools: Anthropic.Tool[] = [
  {
    name: "read",
    description: "Read a file",
    input_schema: { type: "object", properties: { path: { type: "string" } } },
  },
  {
    name: "bash",
    description: "Run a command",
    input_schema: { type: "object", properties: { command: { type: "string" } } },
  },
  {
    name: "search",
    description: "Search files",
    input_schema: { type: "object", properties: { pattern: { type: "string" } } },
  },
];

let server: MockServer;
let client: Anthropic;
beforeAll(async () => {
  server = await startMockServer();
  client = anthropicClient(server.url);
});
afterAll(() => server.close());

/** One user prompt; if the model calls a tool, answer it with `result` and return both turns. */
async function exchange(prompt: string, result?: string, isError = false) {
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: prompt }];
  const first = await client.messages
    .stream({ model: "demo", max_tokens: 500, tools, messages })
    .finalMessage();
  const call = first.content.find((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
  if (!call || result === undefined) return { first, call };
  messages.push({ role: "assistant", content: first.content });
  messages.push({
    role: "user",
    content: [{ type: "tool_result", tool_use_id: call.id, content: result, is_error: isError }],
  });
  const second = await client.messages.create({ model: "demo", max_tokens: 500, tools, messages });
  const text = second.content.map((b) => (b.type === "text" ? b.text : "")).join("");
  return { first, call, second, text };
}

describe("demo model", () => {
  it("greets", async () => {
    const { first, call } = await exchange("hello!");
    expect(call).toBeUndefined();
    expect(first.content[0]).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^Hello!.*demo model/),
    });
  });

  it("reads a named file, then answers from its content", async () => {
    const content = "# Picasso\n\nA terminal coding agent.\nline 4\nline 5\nline 6\n";
    const { call, text, second } = await exchange("read README.md please", content);
    expect(call).toMatchObject({ name: "read", input: { path: "README.md" } });
    expect(second?.stop_reason).toBe("end_turn");
    expect(text).toContain("README.md has 6 lines");
    expect(text).toContain("# Picasso");
    expect(text).toContain("A terminal coding agent.");
    expect(text).not.toContain("line 6");
  });

  it("runs a command and reports the exit code and output", async () => {
    const { call, text } = await exchange("run ls -la src", "exit code: 2\nls: cannot access 'src'");
    expect(call).toMatchObject({ name: "bash", input: { command: "ls -la src" } });
    expect(text).toContain("`ls -la src` finished with exit code 2");
    expect(text).toContain("cannot access");
  });

  it("searches and reports the matches", async () => {
    const { call, text } = await exchange(
      "search TODO",
      "src/a.ts:3: // TODO one\nsrc/b.ts:9: // TODO two\n",
    );
    expect(call).toMatchObject({ name: "search", input: { pattern: "TODO" } });
    expect(text).toContain('Found 2 matching lines for "TODO"');
  });

  it("reports a failed tool as a failure", async () => {
    const { text } = await exchange("open docs/missing.md", "ENOENT: no such file", true);
    expect(text).toMatch(/The read call failed/);
  });

  it("otherwise says it is the offline demo model and how to configure a real provider", async () => {
    const { first, call } = await exchange("explain monads to me");
    expect(call).toBeUndefined();
    const text = (first.content[0] as Anthropic.TextBlock).text;
    expect(text).toContain("offline demo model");
    expect(text).toContain("ANTHROPIC_API_KEY");
  });

  it("never calls a tool the request does not offer", async () => {
    const message = await client.messages.create({
      model: "demo",
      max_tokens: 100,
      messages: [{ role: "user", content: "run make" }],
    });
    expect(message.content.every((b) => b.type === "text")).toBe(true);
    expect((message.content[0] as Anthropic.TextBlock).text).toMatch(/no bash tool/);
  });

  it("works the same over the OpenAI route", async () => {
    const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "test-key", maxRetries: 0 });
    const openaiTools: OpenAI.ChatCompletionTool[] = tools.map((t) => ({
      type: "function",
      function: {
        name: t.name,
        description: t.description ?? "",
        parameters: t.input_schema as Record<string, unknown>,
      },
    }));
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "read package.json" }];
    const first = await openai.chat.completions
      .stream({ model: "demo", tools: openaiTools, messages })
      .finalChatCompletion();
    const call = first.choices[0]?.message.tool_calls?.[0] as OpenAI.ChatCompletionMessageFunctionToolCall;
    expect(call.function.name).toBe("read");
    expect(JSON.parse(call.function.arguments)).toEqual({ path: "package.json" });
    messages.push(first.choices[0]?.message as OpenAI.ChatCompletionMessageParam);
    messages.push({ role: "tool", tool_call_id: call.id, content: '{\n  "name": "picasso"\n}' });
    const second = await openai.chat.completions.create({ model: "demo", tools: openaiTools, messages });
    expect(second.choices[0]?.message.content).toContain("package.json has 3 lines");
    expect(second.choices[0]?.finish_reason).toBe("stop");
  });
});
