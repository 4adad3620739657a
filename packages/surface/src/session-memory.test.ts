import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Composition } from "@picasso/lean-context";
import { containsHeldSecret, forgetHeldSecrets } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { createSessionMemory } from "./session-memory.js";

afterEach(() => forgetHeldSecrets());

describe("createSessionMemory", () => {
  it("holds the embeddings endpoint's configured key, whatever its variable's name, so remember refuses it", async () => {
    const settings = {
      "memory.embeddings.baseUrl": "http://127.0.0.1:9/v1",
      "memory.embeddings.model": "m",
      "memory.embeddings.apiKeyEnv": "LOCAL_EMBEDDER_CREDENTIAL",
    };
    const memory = createSessionMemory({
      picassoHome: mkdtempSync(join(tmpdir(), "surface-memory-")),
      workspaceRoot: mkdtempSync(join(tmpdir(), "surface-memory-ws-")),
      composition: { settings } as unknown as Composition,
      env: { LOCAL_EMBEDDER_CREDENTIAL: "plain-embed-value-31337" },
    });
    expect(containsHeldSecret("it is plain-embed-value-31337 here")).toBe(true);
    const remember = memory.registerTools?.().find((t) => t.spec.name === "remember");
    const out = await remember?.run(
      { title: "Embedder", body: "the embedder logs in with plain-embed-value-31337" },
      { sessionId: "s1" } as never,
    );
    expect(out).toMatchObject({ isError: true });
    expect(out?.content).toMatch(/^remember: refused: this looks like a key this picasso holds/);
    expect(out?.content).not.toContain("plain-embed-value-31337");
    memory.close();
  });
});
