/**
 * Hybrid ranking with a real embeddings endpoint: the mock provider's `/v1/embeddings` over
 * 127.0.0.1, through `openAiEmbedder` — vectors stored as BLOBs per model, the vector term in the
 * score, a failing endpoint leaving FTS, importance and recency.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMBEDDING_DIMS, type MockServer, startMockServer } from "@picasso/mock-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiEmbedder } from "./embeddings.js";
import { MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({});
});
afterAll(() => server.close());

function service(baseUrl: string): MemoryService {
  const path = join(mkdtempSync(join(tmpdir(), "memory-embed-")), "memory.db");
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  return new MemoryService(new MemoryStore(opened.db, path), {
    projectScope: "project:e-1",
    embedder: openAiEmbedder({ baseUrl, model: "mock-embed" }),
  });
}

describe("embeddings from an OpenAI-compatible endpoint (the mock's /v1/embeddings)", () => {
  it("stores one vector per memory and model, and ranks with the vector term", async () => {
    const s = service(`${server.url}/v1`);
    await s.remember({ title: "Deploy", body: "kubernetes helm chart rollout staging production" });
    await s.remember({ title: "Lunch", body: "sandwich coffee bakery" });
    const vectors = s.store.vectors([1, 2], "mock-embed");
    expect(vectors.get(1)?.length).toBe(EMBEDDING_DIMS);
    expect(s.store.vectors([1], "another-model").size).toBe(0);
    // "helm rollout" shares words with Deploy only: FTS and the vector agree, a high score.
    const ranked = await s.rankQuery("helm rollout");
    expect(ranked[0]?.id).toBe(1);
    // 0.60·cosine (2 shared words of 2 and 9: ~0.5) + 0.25·fts (the whole query) + importance and
    // recency (0.05 each).
    expect(ranked[0]!.score).toBeGreaterThan(0.6);
    // Lunch shares no word and its vector is far: not a match, not a low-scored answer.
    expect(ranked.map((r) => r.id)).toEqual([1]);
    expect(server.requests.filter((r) => r.path === "/v1/embeddings").length).toBe(3);
  });

  it("a failing endpoint leaves the memory stored without a vector, and recall still works", async () => {
    const s = service("http://127.0.0.1:9/v1");
    const { memory } = await s.remember({ title: "Ports", body: "the api listens on 8080" });
    expect(s.store.vectors([memory.id], "mock-embed").size).toBe(0);
    expect((await s.recallQuery("api port")).map((m) => m.id)).toEqual([memory.id]);
  });
});
