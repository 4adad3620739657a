import { type Message, type ModelRequest, text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { breakpointBlock, fingerprintRequest } from "./request-fingerprint.js";

const messages: Message[] = [
  userMessage(text("facts"), text("hello")),
  {
    role: "assistant",
    content: [
      text(""),
      { type: "tool_use", id: "t1", name: "read", input: { path: "a" } },
      { type: "thinking", thinking: "hmm" },
    ],
  },
  userMessage({ type: "tool_result", toolUseId: "t1", content: "x" }),
];
const request: ModelRequest = {
  model: "m",
  maxTokens: 10,
  tools: [{ name: "read", description: "d", inputSchema: {} }],
  system: [
    { id: "a", text: "A" },
    { id: "b", text: "B" },
  ],
  messages,
  cacheBreakpoints: [
    { segment: "system", index: 1 },
    { segment: "message", index: 1 },
    { segment: "message", index: 2 },
  ],
};

describe("fingerprintRequest", () => {
  it("counts blocks as the provider does: empty text and unsigned thinking are not sent", () => {
    // 1 tool + 2 system + 2 + 1 (tool_use only) + 1
    expect(fingerprintRequest(request).blocks).toBe(7);
  });

  it("places breakpoints on block positions", () => {
    expect(fingerprintRequest(request).breakpointBlocks).toEqual([2, 5, 6]);
    expect(breakpointBlock(request, { segment: "tools", index: 3 })).toBeUndefined();
  });

  it("hashes each message so a change is located", () => {
    const a = fingerprintRequest(request);
    const b = fingerprintRequest({ ...request, messages: [...messages.slice(0, 2), userMessage(text("y"))] });
    expect(a.hashes.messages.slice(0, 2)).toEqual(b.hashes.messages.slice(0, 2));
    expect(a.hashes.messages[2]).not.toBe(b.hashes.messages[2]);
    expect(a.hashes.tools).toBe(b.hashes.tools);
    expect(a.bytes.total).toBe(a.bytes.tools + a.bytes.system + a.bytes.messages);
  });
});
