/**
 * Query coverage on a real FTS5 table: the rarity-weighted share of the query's topic words a
 * memory contains — all of them is 1, stop words never count, a stemmed form counts, a word no
 * memory has weighs in the whole (so a memory that shares one common word with a query about
 * something else covers little of it), and only the candidates asked about are looked up.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMMON_AT } from "./fts-candidates.js";
import { importJsonl } from "./memory-jsonl.js";
import { MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";
import { QueryCoverage, topicQueryWords } from "./query-coverage.js";

const stores: MemoryStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

async function storeWith(memories: Array<[string, string]>): Promise<MemoryStore> {
  const path = join(mkdtempSync(join(tmpdir(), "memory-coverage-")), "memory.db");
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const store = new MemoryStore(opened.db, path);
  stores.push(store);
  const service = new MemoryService(store, { projectScope: "project:c-1" });
  for (const [title, body] of memories) await service.remember({ title, body });
  return store;
}

describe("query coverage", () => {
  it("keeps the topic words of a query; a query of stop words only keeps them all", () => {
    expect(topicQueryWords("How do we deploy to production?")).toEqual(["deploy", "production"]);
    expect(topicQueryWords("what is it")).toEqual(["what", "is", "it"]);
  });

  it("is 1 for a memory with every topic word (stemmed), less for one with some, absent for none", async () => {
    const store = await storeWith([
      ["Deploys", "Production deploys run from the release workflow"],
      ["Staging", "Staging deploys run on every merge"],
      ["Lunch", "Sandwiches on Fridays"],
    ]);
    const { share, terms } = new QueryCoverage(store.db).measure("how do we deploy to production", [1, 2, 3]);
    expect(share.get(1)).toBe(1);
    expect(terms.get(1)).toEqual(["deploy", "production"]);
    // "deploy" is in two memories, "production" in one: the rarer word weighs more.
    expect(share.get(2)).toBeGreaterThan(0.3);
    expect(share.get(2)).toBeLessThan(0.5);
    expect(terms.get(2)).toEqual(["deploy"]);
    expect(share.has(3)).toBe(false);
  });

  it("a word no memory has counts in the whole: one shared word of four covers about a quarter", async () => {
    const store = await storeWith([
      ["Editor settings", "Format on save is on in the editor settings"],
      ["Ports", "The api listens on 8080"],
    ]);
    const { share } = new QueryCoverage(store.db).measure("kafka topic retention settings", [1, 2]);
    expect(share.get(1)).toBeGreaterThan(0.2);
    expect(share.get(1)).toBeLessThan(0.3);
    expect(share.has(2)).toBe(false);
  });

  it("looks only at the candidates asked about", async () => {
    const store = await storeWith([
      ["Deploy one", "deploy here"],
      ["Deploy two", "deploy there"],
    ]);
    const { share } = new QueryCoverage(store.db).measure("deploy", [2]);
    expect([...share.keys()]).toEqual([2]);
    expect(new QueryCoverage(store.db).measure("deploy", []).share.size).toBe(0);
  });

  it("a word more common than COMMON_AT is found among the candidates' own texts, stemmed alike", async () => {
    const store = await storeWith([]);
    const line = (title: string, body: string) =>
      JSON.stringify({
        class: "fact",
        title,
        body,
        scope: "user",
        importance: 3,
        createdAt: 1_800_000_000_000,
        updatedAt: 1_800_000_000_000,
      });
    const filler = Array.from({ length: COMMON_AT + 200 }, (_, i) =>
      line(`Handler ${i}`, `the api handles request ${i}`),
    );
    importJsonl(
      store,
      [
        ...filler,
        line("Deploy api", "Deploying the APIs goes through Argo"),
        line("Argo", "Argo syncs the cluster"),
      ].join("\n"),
      "coverage.jsonl",
    );
    const deployApi = COMMON_AT + 201;
    const argo = COMMON_AT + 202;
    const coverage = new QueryCoverage(store.db);
    const { share, terms } = coverage.measure("deploy apis", [3, deployApi, argo]);
    // "apis" is in more than COMMON_AT memories; "deploy" in one: the rare word weighs most.
    expect(terms.get(deployApi)).toEqual(["deploy", "apis"]);
    expect(share.get(deployApi)).toBe(1);
    expect(terms.get(3)).toEqual(["apis"]);
    expect(share.get(3)).toBeLessThan(0.4);
    expect(share.has(argo)).toBe(false);
    // Another candidate set replaces the last one.
    const again = coverage.measure("deploy apis", [argo, 5]);
    expect([...again.share.keys()]).toEqual([5]);
  });
});
