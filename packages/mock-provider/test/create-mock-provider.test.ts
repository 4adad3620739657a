// createMockProvider: the server runs while the provider is open, the adapter it is given talks to
// it, and the server never outlives the provider — not after close(), not when the adapter fails.
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ModelProvider, ModelRequest, StreamEvent } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createMockProvider } from "../src/index.js";

/** A stand-in adapter: remembers the URL it was given and whether it was closed. */
function fakeAdapter(baseUrl: string, closed: { value: boolean }): ModelProvider {
  return {
    name: "fake",
    model: "picasso-mock",
    contextWindow: 1234,
    async *stream(): AsyncIterable<StreamEvent> {
      yield { type: "message_start" };
      yield { type: "text_delta", index: 0, text: baseUrl };
    },
    async close() {
      closed.value = true;
    },
  };
}

async function isListening(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/v1/messages/count_tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

describe("createMockProvider", () => {
  it("hands the adapter the server's 127.0.0.1 URL, is named mock, and close() closes adapter then server", async () => {
    const closed = { value: false };
    let url = "";
    const provider = await createMockProvider({}, (baseUrl) => {
      url = baseUrl;
      return fakeAdapter(baseUrl, closed);
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(provider).toMatchObject({ name: "mock", model: "picasso-mock", contextWindow: 1234 });
    const events: StreamEvent[] = [];
    const request: ModelRequest = {
      model: "picasso-mock",
      tools: [],
      system: [],
      messages: [],
      maxTokens: 64,
      cacheBreakpoints: [],
    };
    for await (const event of provider.stream(request)) events.push(event);
    expect(events).toContainEqual({ type: "text_delta", index: 0, text: url });
    expect(await isListening(url)).toBe(true);
    await provider.close?.();
    expect(closed.value).toBe(true);
    expect(await isListening(url)).toBe(false);
  });

  it("stops the server when the adapter cannot be made, and the error propagates", async () => {
    let url = "";
    await expect(
      createMockProvider({}, async (baseUrl) => {
        url = baseUrl;
        throw new Error("no adapter");
      }),
    ).rejects.toThrow("no adapter");
    expect(url).not.toBe("");
    expect(await isListening(url)).toBe(false);
  });

  it("serves the script named by mockScript", async () => {
    const dir = mkdtempSync(join(process.env.PICASSO_HOME!, "mock-script-"));
    const script = join(dir, "session.yaml");
    writeFileSync(script, 'steps:\n  - match: "ping"\n    text: "pong from the script"\n');
    let url = "";
    const provider = await createMockProvider({ mockScript: script }, (baseUrl) => {
      url = baseUrl;
      return fakeAdapter(baseUrl, { value: false });
    });
    try {
      const res = await fetch(`${url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "m", max_tokens: 64, messages: [{ role: "user", content: "ping" }] }),
      });
      expect(await res.json()).toMatchObject({ content: [{ type: "text", text: "pong from the script" }] });
    } finally {
      await provider.close?.();
    }
  });
});
