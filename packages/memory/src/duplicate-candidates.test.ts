import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMON_CANDIDATES, DuplicateCandidates } from "./duplicate-candidates.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";

function storeWith(rows: Array<[string, string]>): MemoryStore {
  const path = join(mkdtempSync(join(tmpdir(), "memory-dup-")), "memory.db");
  const { db } = openMemoryDb(path);
  if (!db) throw new Error("no db");
  const store = new MemoryStore(db, path);
  db.transaction(() => {
    for (const [title, body] of rows) store.add({ class: "fact", title, body, scope: "user" });
  })();
  return store;
}

describe("DuplicateCandidates", () => {
  it("finds an old near duplicate among thousands of memories made of the same common words", () => {
    const common: Array<[string, string]> = Array.from({ length: 3000 }, (_, i) => [
      `Build note ${i}`,
      `The build uses the cache and the queue, item ${i}`,
    ]);
    const store = storeWith([["Payments ledger", "The payments service owns the ledger tables"], ...common]);
    const found = new DuplicateCandidates(store.db).find(
      "Payments ledger: the payments service owns ledger tables",
    );
    expect(found).toContain(1);
    expect(found.length).toBeLessThanOrEqual(200);
    store.close();
  });

  it("stays bounded when every word is common, and still finds a restatement holding all its words", () => {
    const rows: Array<[string, string]> = Array.from({ length: 3000 }, (_, i) => [
      `Note ${i}`,
      i % 2 ? `The build uses the queue, item ${i}` : `The cache uses the queue, item ${i}`,
    ]);
    const store = storeWith([["Build cache", "The build uses the cache"], ...rows]);
    const found = new DuplicateCandidates(store.db).find("We build using the cache");
    expect(found.length).toBeLessThanOrEqual(2 * COMMON_CANDIDATES);
    // Every word is common (> 200 matches), but only m1 holds them all: the AND finds it.
    expect(found).toContain(1);
    store.close();
  });

  it("finds nothing for a text of filler words only", () => {
    const store = storeWith([["a", "the"]]);
    expect(new DuplicateCandidates(store.db).find("we are the ones")).toEqual([]);
    store.close();
  });
});
