import type { ImageBlock, ModelRequest } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildAnthropicParams } from "./anthropic-request.js";
import { buildOpenAIParams } from "./openai-request.js";

const image: ImageBlock = {
  type: "image",
  mediaType: "image/png",
  data: "aGVsbG8=",
  sha256: "a".repeat(64),
  bytes: 5,
  width: 4,
  height: 2,
  name: "shot.png",
};

const request: ModelRequest = {
  model: "m",
  tools: [],
  system: [{ id: "s", text: "sys" }],
  maxTokens: 100,
  cacheBreakpoints: [],
  messages: [
    { role: "user", content: [{ type: "text", text: "look" }, image] },
    { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "read", input: { path: "a.png" } }] },
    {
      role: "user",
      content: [{ type: "tool_result", toolUseId: "t1", content: "Image a.png", images: [image] }],
    },
  ],
};

describe("image blocks on the Anthropic wire", () => {
  it("sends base64 image blocks, in the prompt and inside a tool result after its text", () => {
    const params = buildAnthropicParams(request);
    const source = { type: "base64", media_type: "image/png", data: "aGVsbG8=" };
    expect(params.messages[0]?.content).toEqual([
      { type: "text", text: "look" },
      { type: "image", source },
    ]);
    expect(params.messages[2]?.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "t1",
        content: [
          { type: "text", text: "Image a.png" },
          { type: "image", source },
        ],
      },
    ]);
  });

  it("sends a one-line note instead when the model takes no images, or the bytes are gone", () => {
    const params = buildAnthropicParams(request, { images: false });
    expect(params.messages[0]?.content).toEqual([
      { type: "text", text: "look" },
      {
        type: "text",
        text: "[image shot.png (image/png, 4x2, 5 bytes) not sent: this model takes no images]",
      },
    ]);
    const { data: _gone, ...lost } = image;
    const again = buildAnthropicParams({ ...request, messages: [{ role: "user", content: [lost] }] });
    expect(again.messages[0]?.content).toEqual([
      {
        type: "text",
        text: "[image shot.png (image/png, 4x2, 5 bytes) not available: its bytes are missing from the session's images folder]",
      },
    ]);
  });
});

describe("image blocks on the OpenAI wire", () => {
  it("sends image_url data parts in the user message, and a tool result's images in a user message after the tool messages", () => {
    const params = buildOpenAIParams(request, { officialApi: false });
    const url = { type: "image_url", image_url: { url: "data:image/png;base64,aGVsbG8=" } };
    expect(params.messages.slice(1)).toEqual([
      { role: "user", content: [{ type: "text", text: "look" }, url] },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "t1", type: "function", function: { name: "read", arguments: '{"path":"a.png"}' } },
        ],
      },
      { role: "tool", tool_call_id: "t1", content: "Image a.png" },
      { role: "user", content: [{ type: "text", text: "The images of the tool result t1:" }, url] },
    ]);
  });

  it("keeps text-only messages as plain strings, and sends notes when the model takes no images", () => {
    const plain = buildOpenAIParams(
      { ...request, messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }] },
      { officialApi: false },
    );
    expect(plain.messages[1]).toEqual({ role: "user", content: "hi" });
    const noted = buildOpenAIParams(request, { officialApi: false, images: false });
    expect(noted.messages[1]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "look" },
        {
          type: "text",
          text: "[image shot.png (image/png, 4x2, 5 bytes) not sent: this model takes no images]",
        },
      ],
    });
  });
});
