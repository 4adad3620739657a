/**
 * The retrieval eval's runner: on a small set whose answers are known, the figures are exactly
 * what the definitions give (recall@k, precision, MRR, a near-duplicate counting as its memory,
 * an update's outdated memory retired, another project's memories never returned, nothing loaded
 * for a query nothing answers); with the mock's /v1/embeddings the write path stores a vector per memory; on
 * the shipped dev split the figures are reproducible run to run.
 */
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMockServer } from "@picasso/mock-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiEmbedder } from "../embeddings.js";
import { loadRetrievalEval } from "./eval-data.js";
import { runRetrievalEval } from "./retrieval-eval.js";

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({});
});
afterAll(() => server.close());

function smallSet(): string {
  const dir = mkdtempSync(join(tmpdir(), "memory-eval-run-"));
  const m = (fields: string) => `  - { class: fact, kind: codebase, ${fields} }\n`;
  writeFileSync(
    join(dir, "memories.yml"),
    `memories:\n${[
      m(
        'id: deploy, scope: "project:shop", importance: 3, title: "Deploy process", body: "Merge to main and Argo CD syncs production."',
      ),
      m(
        'id: deploy-dup, scope: "project:shop", importance: 3, title: "Release process", body: "Merging to main makes Argo CD sync production.", duplicate_of: deploy',
      ),
      m('id: tabs-old, scope: user, importance: 2, title: "Indent with tabs", body: "Tabs for indentation."'),
      m(
        'id: tabs, scope: user, importance: 4, title: "Indent with spaces", body: "Two spaces for indentation, never tabs.", supersedes: tabs-old',
      ),
      m(
        'id: lunch, scope: "project:other", importance: 5, title: "Deploy lunch", body: "The deploy lunch is on Fridays."',
      ),
    ].join("")}`,
  );
  writeFileSync(
    join(dir, "queries.yml"),
    [
      "split: dev",
      "memories: memories.yml",
      "project: shop",
      "queries:",
      "  - { query: argo production, relevant: [deploy], shares_keyword: true }",
      "  - { query: indentation, relevant: [tabs], shares_keyword: true }",
      "  - { query: kubernetes cluster, relevant: [] }",
      "  - { query: ship code, relevant: [deploy], shares_keyword: false }",
      "  - { query: deploy lunch, relevant: [deploy], shares_keyword: true }",
      "",
    ].join("\n"),
  );
  return join(dir, "queries.yml");
}

describe("runRetrievalEval", () => {
  it("scores what recall returns: recall@5, precision, MRR, duplicates, outdated, scopes, no-answer queries", async () => {
    const tmpRoot = mkdtempSync(join(tmpdir(), "memory-eval-root-"));
    const report = await runRetrievalEval(loadRetrievalEval(smallSet()), { tmpRoot });
    expect(
      report.results.map((r) => [r.query, r.query === "argo production" ? r.returned.sort() : r.returned]),
    ).toEqual([
      ["argo production", ["deploy", "deploy-dup"]],
      // The update names what it supersedes: the outdated memory is retired, never recalled.
      ["indentation", ["tabs"]],
      ["kubernetes cluster", []],
      ["ship code", []],
      // Half the query, in this project: the deploy lunch is another project's.
      ["deploy lunch", ["deploy"]],
    ]);
    expect(report).toMatchObject({
      split: "dev",
      embeddings: "none",
      memories: 5,
      stored: 5,
      duplicatesRefused: 0,
      visibleMemories: 4,
      vectorsStored: 0,
      k: 5,
      queries: 5,
      relevantQueries: 4,
      noKeywordQueries: 1,
      noRelevantQueries: 1,
      recall: 0.75,
      recallKeyword: 1,
      recallNoKeyword: 0,
      precision: 1,
      mrr: 0.75,
      meanReturned: 1,
      unrelatedBodiesLoaded: 0,
      noRelevantQueriesWithBodies: 0,
      outdatedReturned: 0,
    });
    expect(report.results[0]).toMatchObject({ found: ["deploy"], recall: 1, reciprocalRank: 1 });
    expect(report.results[3]).toMatchObject({ found: [], recall: 0, reciprocalRank: 0 });
    // The temporary memory.db is gone.
    expect(readdirSync(tmpRoot)).toEqual([]);
  });

  it("with an embedder (the mock's /v1/embeddings), the write path stores a vector for every memory and recall embeds each query", async () => {
    const before = server.requests.filter((r) => r.path === "/v1/embeddings").length;
    const report = await runRetrievalEval(loadRetrievalEval(smallSet()), {
      embedder: openAiEmbedder({ baseUrl: `${server.url}/v1`, model: "mock-embed" }),
    });
    expect(report).toMatchObject({ embeddings: "mock-embed", vectorsStored: 5 });
    expect(report.results[0]).toMatchObject({ found: ["deploy"], recall: 1 });
    // One embedding per memory written and per query asked, at least.
    expect(server.requests.filter((r) => r.path === "/v1/embeddings").length - before).toBeGreaterThanOrEqual(
      5 + 5,
    );
  });

  it("on the shipped dev split: keyword queries are found (recall@5 ≥ 0.9), and two runs give the same report", async () => {
    const set = loadRetrievalEval(fileURLToPath(new URL("../../eval/queries.dev.yml", import.meta.url)));
    const first = await runRetrievalEval(set);
    expect(first.memories).toBe(set.memories.length);
    expect(first.relevantQueries + first.noRelevantQueries).toBe(first.queries);
    expect(first.recallKeyword).toBeGreaterThanOrEqual(0.9);
    expect(first.results.every((r) => r.returned.length <= 5)).toBe(true);
    expect(first.results.flatMap((r) => r.returned).some((id) => id.startsWith("billing-"))).toBe(false);
    expect(await runRetrievalEval(set)).toEqual(first);
  });
});
