/**
 * The governor and vector retrieval together, on a real SQLite file with sqlite-vec loaded and an
 * in-process embedder whose meaning is known (a few words share a direction; the rest hash apart):
 * - every governed write queues its memory and stores its vector, the vector the governor
 *   computed to compare the text being stored as it is (one embed per write); a merge embeds
 *   nothing new and queues nothing;
 * - the governor asks the KNN index too: a near duplicate sharing no word is superseded;
 * - a superseded memory a KNN query meets is never recalled;
 * - gc archives it and clears its vector and the KNN rows of archived and removed memories, and
 *   the session-start catch-up does not queue an archived memory again.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Embedder } from "./embeddings.js";
import { archive, planGc } from "./memory-gc.js";
import { MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";
import { knnTableName } from "./vector-index.js";

const DIMS = 16;
/** Words that mean the same to this embedder (one direction each). */
const CONCEPTS: Record<string, number> = { deploy: 0, ship: 0, release: 0, friday: 1, weekend: 1 };

function conceptEmbedder(): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    model: "concept-16",
    texts,
    async embed(batch) {
      texts.push(...batch);
      return batch.map((text) => {
        const v = new Float32Array(DIMS);
        for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
          const known = CONCEPTS[word];
          const hashed = 2 + ([...word].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % (DIMS - 2));
          v[known ?? hashed] = (v[known ?? hashed] ?? 0) + 1;
        }
        return v;
      });
    },
  };
}

const stores: MemoryStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

const clock = 1_800_000_000_000;

function service(embedder: Embedder): MemoryService {
  const path = join(mkdtempSync(join(tmpdir(), "memory-governed-vectors-")), "memory.db");
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const store = new MemoryStore(opened.db, path, () => clock);
  stores.push(store);
  return new MemoryService(store, { projectScope: "project:g-1", now: () => clock, embedder });
}

function vectorIds(s: MemoryService): number[] {
  return (s.store.db.prepare("SELECT id FROM memory_vectors ORDER BY id").all() as Array<{ id: number }>).map(
    (r) => r.id,
  );
}

function knnIds(s: MemoryService): number[] {
  const name = knnTableName("concept-16", DIMS);
  return (
    s.store.db.prepare(`SELECT rowid AS id FROM ${name} ORDER BY rowid`).all() as Array<{ id: number }>
  ).map((r) => Number(r.id));
}

describe("governed writes and the embed queue", () => {
  it("each write queues and stores one vector, embedded once; a merge embeds nothing new", async () => {
    const embedder = conceptEmbedder();
    const s = service(embedder);
    expect(s.vectors?.index()).toBeDefined();
    const first = await s.remember({ title: "Deploy", body: "deploy friday" });
    expect(first.outcome).toBe("added");
    expect(first.notEmbedded).toBeUndefined();
    // The governor embedded the text to ask the KNN index; that vector is the one stored.
    expect(embedder.texts).toEqual(["Deploy\ndeploy friday"]);
    expect(vectorIds(s)).toEqual([first.memory.id]);
    expect(knnIds(s)).toEqual([first.memory.id]);
    expect(s.vectors?.queue.pending()).toBe(0);

    const again = await s.remember({ title: "Deploy day", body: "Deploy, Friday." });
    expect(again.outcome).toBe("merged");
    expect(again.memory.id).toBe(first.memory.id);
    // Compared (one embed), nothing stored or queued.
    expect(embedder.texts).toHaveLength(2);
    expect(vectorIds(s)).toEqual([first.memory.id]);
    expect(s.vectors?.queue.pending()).toBe(0);
  });

  it("the governor asks the KNN index: a near duplicate sharing no word is superseded and never recalled", async () => {
    const s = service(conceptEmbedder());
    const old = await s.remember({ title: "Ship", body: "ship weekend" });
    const next = await s.remember({ title: "Deploy", body: "deploy friday" });
    expect(next.outcome).toBe("superseded");
    expect(next.other?.id).toBe(old.memory.id);
    // Both still in the KNN index (a superseded memory is live again if its successor is removed)…
    expect(knnIds(s)).toEqual([old.memory.id, next.memory.id]);
    // …but a query both are near returns only the live one.
    const { ranked } = await s.search("release");
    expect(ranked.map((r) => r.id)).toEqual([next.memory.id]);
    expect(ranked[0]?.why.vector).toBeDefined();
  });
});

describe("gc and vectors", () => {
  it("archiving clears the vectors and KNN rows of archived and removed memories; catch-up skips them", async () => {
    const s = service(conceptEmbedder());
    const old = await s.remember({ title: "Ship", body: "ship weekend" });
    const next = await s.remember({ title: "Deploy", body: "deploy friday" });
    const lunch = await s.remember({ title: "Lunch", body: "sandwiches bakery", class: "episode" });
    expect(s.store.remove(lunch.memory.id)).toBe(true);
    // rm takes the vector (cascade) but no trigger reaches the vec0 table.
    expect(vectorIds(s)).toEqual([old.memory.id, next.memory.id]);
    expect(knnIds(s)).toEqual([old.memory.id, next.memory.id, lunch.memory.id]);

    const plan = planGc(s.store, clock, s.scopes());
    expect(plan.map((e) => e.memory.id)).toEqual([old.memory.id]);
    const done = archive(s.store, plan, clock);
    expect(done).toEqual({ archived: 1, cleared: { vectors: 1, knnRows: 2 } });
    expect(vectorIds(s)).toEqual([next.memory.id]);
    expect(knnIds(s)).toEqual([next.memory.id]);

    // The archived memory has no vector now, and is not queued for one.
    expect(await s.vectors?.catchUp()).toEqual({ embedded: 0, failed: 0 });
    expect(s.vectors?.queue.pending()).toBe(0);
    expect(s.vectors?.queue.plan().withoutVector).toBe(0);
  });
});
