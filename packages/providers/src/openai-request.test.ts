// Chat Completions request translation details that depend on the endpoint.
import { describe, expect, it } from "vitest";
import { isOfficialOpenAI } from "./openai.js";
import { buildOpenAIParams } from "./openai-request.js";

const request = {
  model: "m",
  tools: [],
  system: [
    { id: "a", text: "one" },
    { id: "b", text: "two" },
  ],
  messages: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }],
  maxTokens: 321,
  cacheBreakpoints: [{ segment: "system" as const, index: 1 }],
};

describe("buildOpenAIParams", () => {
  it("api.openai.com gets max_completion_tokens, other servers max_tokens", () => {
    const official = buildOpenAIParams(request, { officialApi: true });
    expect(official.max_completion_tokens).toBe(321);
    expect(official.max_tokens).toBeUndefined();
    const local = buildOpenAIParams(request, { officialApi: false });
    expect(local.max_tokens).toBe(321);
    expect(local.max_completion_tokens).toBeUndefined();
  });

  it("joins system blocks into one message, asks for usage, and has no tools key without tools", () => {
    const params = buildOpenAIParams(request, { officialApi: false });
    expect(params.messages[0]).toEqual({ role: "system", content: "one\n\ntwo" });
    expect(params.stream_options).toEqual({ include_usage: true });
    expect("tools" in params).toBe(false);
  });

  it("keeps a user message's text blocks apart (session facts, then the prompt), as Anthropic's blocks are", () => {
    const params = buildOpenAIParams(
      {
        ...request,
        messages: [
          {
            role: "user" as const,
            content: [
              { type: "text" as const, text: "<session-facts>…</session-facts>\nThe network is off." },
              { type: "text" as const, text: "run ls" },
            ],
          },
        ],
      },
      { officialApi: false },
    );
    expect(params.messages[1]).toEqual({
      role: "user",
      content: "<session-facts>…</session-facts>\nThe network is off.\n\nrun ls",
    });
  });

  it("recognises the official endpoint", () => {
    expect(isOfficialOpenAI(undefined)).toBe(true);
    expect(isOfficialOpenAI("https://api.openai.com/v1")).toBe(true);
    expect(isOfficialOpenAI("http://localhost:11434/v1")).toBe(false);
    expect(isOfficialOpenAI("not a url")).toBe(false);
  });
});
