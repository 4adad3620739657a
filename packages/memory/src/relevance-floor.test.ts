/**
 * The default relevance floor (DEFAULT_MIN_SCORE) on a small codebase corpus: 16
 * memories of a codebase, 10 queries each about one of them (sharing a word with it, or only
 * close by the mock's embedding) and 6 queries no memory is about, ranked with no floor through the
 * mock's `/v1/embeddings`. Every answerable query's target is first and its relevance (the larger
 * of query coverage and cosine, relevance.ts) reaches the floor; every other match — of an
 * answerable query after its target, or of an unanswerable one — stays under it
 * (`PRINT_FLOOR_DATA=1` prints them). The floor itself was chosen on the retrieval eval's dev split
 * (docs/memory.md, "Relevance floor").
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MockServer, startMockServer } from "@picasso/mock-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiEmbedder } from "./embeddings.js";
import { MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";
import { DEFAULT_MIN_SCORE } from "./relevance.js";

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({});
});
afterAll(() => server.close());

const MEMORIES: Array<[string, string, number]> = [
  ["Build", "turbo builds every package; run npm run build at the root", 3],
  ["Tests", "vitest runs the unit tests of each package", 3],
  ["Lint", "biome checks formatting and lint rules", 2],
  ["Database", "postgres sixteen runs in docker compose for local work", 4],
  ["Indentation", "indent with tabs, never spaces", 5],
  ["Release", "tag the version then npm run release publishes", 4],
  ["Branches", "feature branches merge into main through pull requests", 3],
  ["Secrets", "keys live in the password manager, never in the repository", 5],
  ["Logging", "pino writes structured json logs", 2],
  ["Ports", "the api listens on port 8080 and the web app on 3000", 3],
  ["Migrations", "knex migrations run before the server starts", 3],
  ["Cache", "redis caches sessions for thirty minutes", 2],
  ["Editor", "the team uses neovim with lsp", 1],
  ["Deps", "renovate opens dependency updates every monday", 2],
  ["Docs", "architecture notes are in docs folder as markdown", 2],
  ["Styles", "tailwind utility classes style the web app", 2],
];

const ANSWERABLE: Array<[string, string]> = [
  ["which port does the api use", "Ports"],
  ["postgres docker", "Database"],
  ["how to publish a release", "Release"],
  ["tabs or spaces", "Indentation"],
  ["redis sessions", "Cache"],
  ["vitest", "Tests"],
  ["knex migrations", "Migrations"],
  ["renovate updates", "Deps"],
  ["biome lint", "Lint"],
  ["pino logs", "Logging"],
];

const UNANSWERABLE = [
  "deploy friday",
  "vacation plans",
  "kubernetes helm",
  "graphql schema",
  "billing invoices",
  "mobile push notifications",
];

describe("the default relevance floor on a small codebase corpus (mock embeddings)", () => {
  it("separates every answerable query's target from every result of an unanswerable one", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "memory-floor-")), "memory.db");
    const opened = openMemoryDb(path);
    if (!opened.db) throw new Error(opened.problem);
    const now = 1_800_000_000_000;
    const service = new MemoryService(new MemoryStore(opened.db, path, () => now), {
      projectScope: "project:floor",
      now: () => now,
      minScore: 0,
      embedder: openAiEmbedder({ baseUrl: `${server.url}/v1`, model: "mock-embed" }),
    });
    for (const [title, body, importance] of MEMORIES) await service.remember({ title, body, importance });
    const ids = new Map(MEMORIES.map(([title], i) => [title, i + 1]));
    const targets: number[] = [];
    const others: number[] = [];
    for (const [query, title] of ANSWERABLE) {
      const [top, ...rest] = await service.rankQuery(query);
      expect(top?.id, query).toBe(ids.get(title));
      targets.push(top?.relevance ?? 0);
      others.push(...rest.map((r) => r.relevance));
    }
    const noise = (await Promise.all(UNANSWERABLE.map((q) => service.rankQuery(q))))
      .flat()
      .map((r) => r.relevance);
    const lowestTarget = Math.min(...targets);
    const highestNoise = Math.max(0, ...noise);
    expect(lowestTarget).toBeGreaterThanOrEqual(DEFAULT_MIN_SCORE);
    expect(highestNoise).toBeLessThan(DEFAULT_MIN_SCORE);
    // The other matches of answerable queries (a common word, a hash collision) are cut too.
    expect(others.length).toBeGreaterThan(0);
    expect(Math.max(...others)).toBeLessThan(DEFAULT_MIN_SCORE);
    if (process.env.PRINT_FLOOR_DATA)
      console.log(
        JSON.stringify({
          targets: targets.map((t) => t.toFixed(3)),
          others: others.map((n) => n.toFixed(3)),
          noise: noise.map((n) => n.toFixed(3)),
        }),
      );
    service.store.close();
  });
});
