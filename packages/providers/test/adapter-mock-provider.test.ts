// `--provider mock`: createMockProvider (@picasso/mock-provider) starts an in-process mock server
// and createProvider points the official Anthropic SDK at it; close() stops it. Without a running
// server, createProvider refuses the mock selection.
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createMockProvider, startMockServer } from "@picasso/mock-provider";
import { describe, expect, it } from "vitest";
import { createProvider, resolveProviderSelection } from "../src/index.js";
import { collect, request, terminalOf, textOf } from "./adapter-harness.js";

describe("provider: mock", () => {
  it("answers with the demo model when no script is given, and close() stops the server", async () => {
    const provider = await createMockProvider({}, (baseUrl) =>
      createProvider({ provider: "mock", baseUrl }, {}, { retry: { maxAttempts: 1 } }),
    );
    expect(provider.name).toBe("mock");
    expect(provider.contextWindow).toBe(200_000);
    const events = await collect(
      provider,
      request({ messages: [{ role: "user", content: [{ type: "text", text: "hello" }] }] }),
    );
    expect(terminalOf(events)).toMatchObject({ type: "message_stop", stopReason: "end_turn" });
    expect(textOf(events).length).toBeGreaterThan(0);
    await provider.close?.();
    const after = await collect(provider, request());
    expect(terminalOf(after)).toMatchObject({ type: "error", error: { kind: "network" } });
  });

  it("runs the script named in config.yaml (mockScript), selected through resolveProviderSelection", async () => {
    const home = mkdtempSync(join(process.env.PICASSO_HOME!, "mock-"));
    writeFileSync(
      join(home, "session.yaml"),
      'steps:\n  - match: "ping"\n    text: "pong from the script"\n',
    );
    writeFileSync(join(home, "config.yaml"), "provider: mock\nmockScript: session.yaml\n");
    const selection = resolveProviderSelection({ env: {}, picassoHome: home });
    expect(selection).toMatchObject({ provider: "mock", mockScript: join(home, "session.yaml") });
    const provider = await createMockProvider(selection, (baseUrl) =>
      createProvider({ ...selection, baseUrl }, {}),
    );
    try {
      const events = await collect(
        provider,
        request({ messages: [{ role: "user", content: [{ type: "text", text: "ping" }] }] }),
      );
      expect(textOf(events)).toBe("pong from the script");
    } finally {
      await provider.close?.();
    }
  });

  it("createProvider never starts a server itself: `mock` without a baseUrl is a wiring error", async () => {
    await expect(createProvider({ provider: "mock" }, {})).rejects.toThrow(
      /createMockProvider from @picasso\/mock-provider/,
    );
  });

  it("ANTHROPIC_BASE_URL and OPENAI_BASE_URL point the real adapters at another server (no key needed locally)", async () => {
    const server = await startMockServer({
      script: { steps: [{ text: "via anthropic" }, { text: "via openai" }] },
    });
    try {
      const anthropic = await createProvider(
        resolveProviderSelection({
          flag: "anthropic",
          env: { ANTHROPIC_BASE_URL: server.url },
          picassoHome: process.env.PICASSO_HOME!,
        }),
        { ANTHROPIC_API_KEY: "test-key" },
      );
      expect(textOf(await collect(anthropic, request()))).toBe("via anthropic");
      const openai = await createProvider({ provider: "openai" }, { OPENAI_BASE_URL: `${server.url}/v1` });
      expect(textOf(await collect(openai, request()))).toBe("via openai");
      expect(server.requests.map((r) => r.path)).toEqual(["/v1/messages", "/v1/chat/completions"]);
    } finally {
      await server.close();
    }
  });
});
