import { text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildRequest, fingerprintRequest, headerHash, placeBreakpoints } from "./request-builder.js";

const tier1 = {
  tools: [{ name: "read", description: "read a file", inputSchema: { type: "object" } }],
  system: [
    { id: "a", text: "one" },
    { id: "b", text: "two" },
  ],
};

describe("placeBreakpoints", () => {
  it("marks the end of Tier 1 and the newest message on a first request", () => {
    expect(placeBreakpoints(tier1, 1, undefined)).toEqual([
      { segment: "system", index: 1 },
      { segment: "message", index: 0 },
    ]);
  });
  it("adds the previous request's end when the history grew", () => {
    expect(placeBreakpoints(tier1, 25, 3)).toEqual([
      { segment: "system", index: 1 },
      { segment: "message", index: 3 },
      { segment: "message", index: 24 },
    ]);
  });
  it("does not repeat the newest message and falls back to the last tool without system", () => {
    expect(placeBreakpoints({ tools: tier1.tools, system: [] }, 4, 3)).toEqual([
      { segment: "tools", index: 0 },
      { segment: "message", index: 3 },
    ]);
  });
});

describe("buildRequest and fingerprints", () => {
  it("keeps Tier 1 verbatim and fingerprints by canonical JSON", () => {
    const messages = [userMessage(text("hi"))];
    const request = buildRequest({ tier1, messages, model: "m", maxTokens: 100, previousEnd: undefined });
    expect(request.tools).toBe(tier1.tools);
    expect(request.cacheBreakpoints.length).toBeLessThanOrEqual(4);
    const a = fingerprintRequest(request);
    const b = fingerprintRequest({
      ...request,
      messages: [{ content: [{ text: "hi", type: "text" }], role: "user" }],
    });
    expect(a).toEqual(b);
    expect(a.bytes.messages).toBe(
      Buffer.byteLength('[{"content":[{"text":"hi","type":"text"}],"role":"user"}]'),
    );
  });
  it("changes the header hash with the model or max tokens", () => {
    expect(headerHash(tier1, "m", 100)).not.toBe(headerHash(tier1, "m2", 100));
    expect(headerHash(tier1, "m", 100)).not.toBe(headerHash(tier1, "m", 200));
    expect(headerHash(tier1, "m", 100)).toBe(headerHash({ ...tier1 }, "m", 100));
  });
});
