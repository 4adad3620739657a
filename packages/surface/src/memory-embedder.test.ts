/**
 * The embedder the `memory.embeddings.*` settings choose: none by default, the endpoint when a base
 * URL is set (under `auto` or `endpoint`), none when told so even with a base URL. Nothing is
 * fetched here: choosing is lazy.
 */
import type { Composition } from "@picasso/lean-context";
import { describe, expect, it } from "vitest";
import { memoryEmbedder } from "./memory-embedder.js";

function settings(memory: Partial<Composition["settings"]>): Composition["settings"] {
  return {
    "memory.embeddings.provider": "auto",
    "memory.embeddings.baseUrl": "",
    "memory.embeddings.model": "nomic-embed-text",
    "memory.embeddings.apiKeyEnv": "",
    ...memory,
  } as Composition["settings"];
}

const endpoint = "http://127.0.0.1:11434/v1";

describe("memoryEmbedder", () => {
  it("auto: none without a base URL, the endpoint with one", () => {
    expect(memoryEmbedder(settings({}), {})).toBeUndefined();
    expect(memoryEmbedder(settings({ "memory.embeddings.baseUrl": endpoint }), {})?.model).toBe(
      "nomic-embed-text",
    );
  });

  it("endpoint and none choose outright; endpoint without a base URL is none", () => {
    const remote = settings({
      "memory.embeddings.provider": "endpoint",
      "memory.embeddings.baseUrl": endpoint,
    });
    expect(memoryEmbedder(remote, {})?.model).toBe("nomic-embed-text");
    expect(memoryEmbedder(settings({ "memory.embeddings.provider": "endpoint" }), {})).toBeUndefined();
    const none = settings({ "memory.embeddings.provider": "none", "memory.embeddings.baseUrl": endpoint });
    expect(memoryEmbedder(none, {})).toBeUndefined();
  });
});
