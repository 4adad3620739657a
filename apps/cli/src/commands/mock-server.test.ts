import Anthropic from "@anthropic-ai/sdk";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { startFromFlags } from "./mock-server.js";

describe("picasso mock-server", () => {
  it("starts a mock the official SDK can talk to", async () => {
    const server = await startFromFlags({ minCacheTokens: "2048" });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new Anthropic({ baseURL: server.url, apiKey: "test-key", maxRetries: 0 });
      const message = await client.messages.create({
        model: "demo",
        max_tokens: 50,
        messages: [{ role: "user", content: "hello" }],
      });
      expect(message.content[0]).toMatchObject({ type: "text", text: expect.stringContaining("demo model") });
    } finally {
      await server.close();
    }
  });

  it("names the flag of a bad value", async () => {
    for (const [flags, flag] of [
      [{ port: "eighty" }, "--port"],
      [{ port: "70000" }, "--port"],
      [{ minCacheTokens: "-5" }, "--min-cache-tokens"],
    ] as const) {
      const error = await startFromFlags(flags).catch((e: unknown) => e);
      expect(isUserError(error)).toBe(true);
      expect((error as Error).message.startsWith(`${flag}: expected a whole number`)).toBe(true);
    }
  });

  it("names the flag when the port is taken", async () => {
    const first = await startFromFlags({});
    try {
      const error = await startFromFlags({ port: String(first.port) }).catch((e: unknown) => e);
      expect(isUserError(error)).toBe(true);
      expect((error as Error).message).toMatch(new RegExp(`^--port ${first.port}: cannot listen`));
    } finally {
      await first.close();
    }
  });
});
