/**
 * The embedder the `memory.embeddings.*` settings choose: local by default (its package is a
 * dependency of @picasso/memory, so it is installed), the endpoint when a base URL is set under
 * `auto`, and each provider chosen outright. Nothing is loaded or fetched here: choosing is lazy.
 */
import type { Composition } from "@picasso/lean-context";
import { LOCAL_EMBEDDING_MODEL } from "@picasso/memory";
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
  it("auto: the local model without a base URL, the endpoint with one", () => {
    expect(memoryEmbedder(settings({}), {})?.model).toBe(LOCAL_EMBEDDING_MODEL);
    expect(memoryEmbedder(settings({ "memory.embeddings.baseUrl": endpoint }), {})?.model).toBe(
      "nomic-embed-text",
    );
  });

  it("local, endpoint and none choose outright; endpoint without a base URL is none", () => {
    const local = settings({ "memory.embeddings.provider": "local", "memory.embeddings.baseUrl": endpoint });
    expect(memoryEmbedder(local, {})?.model).toBe(LOCAL_EMBEDDING_MODEL);
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
