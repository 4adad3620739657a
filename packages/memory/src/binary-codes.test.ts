import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { binaryCode, RERANK } from "./binary-codes.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";
import { openVectorIndex, type VectorIndex } from "./vector-index.js";

const MODEL = "unit-384";
const DIMS = 384;

const stores: MemoryStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

function open(path: string): { store: MemoryStore; index: VectorIndex } {
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const store = new MemoryStore(opened.db, path);
  stores.push(store);
  const index = openVectorIndex(opened.db);
  if ("problem" in index) throw new Error(index.problem);
  return { store, index };
}

/** A seeded generator of dense unit vectors (xorshift32). */
function vectors(seed: number) {
  let s = seed;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296 - 0.5;
  };
  return (): Float32Array => {
    const v = Float32Array.from({ length: DIMS }, next);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

/** Stores `n` memories in `scope`, each with a vector from `next` (in memory_vectors and the index). */
function fill(store: MemoryStore, index: VectorIndex, scope: string, n: number, next: () => Float32Array) {
  const out: Array<{ id: number; vector: Float32Array }> = [];
  store.db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const m = store.add({ class: "fact", title: `t${i}`, body: "b", scope, importance: 3 });
      const vector = next();
      store.setVector(m.id, MODEL, vector);
      index.put(MODEL, m.id, scope, vector);
      out.push({ id: m.id, vector });
    }
  })();
  return out;
}

const exactTop = (all: Array<{ id: number; vector: Float32Array }>, q: Float32Array, k: number) =>
  all
    .map((m) => ({ id: m.id, c: cosine(q, m.vector) }))
    .sort((a, b) => b.c - a.c || b.id - a.id)
    .slice(0, k)
    .map((m) => m.id);

const newPath = () => join(mkdtempSync(join(tmpdir(), "binary-codes-")), "memory.db");

describe("binary codes", () => {
  it("set one bit per positive dimension, 32 to a word", () => {
    const v = new Float32Array(40);
    v[0] = 0.5;
    v[31] = 0.1;
    v[33] = 2;
    v[34] = -1;
    expect([...binaryCode(v)]).toEqual([(1 | (1 << 31)) >>> 0, 2]);
  });
});

describe("quantised KNN", () => {
  it("ranks a scope of at most RERANK vectors exactly as cosine does, other scopes left out", () => {
    const { store, index } = open(newPath());
    const next = vectors(7);
    const mine = fill(store, index, "user", RERANK, next);
    fill(store, index, "project:other", 50, next);
    for (let q = 0; q < 5; q++) {
      const query = next();
      const hits = index.knn(MODEL, query, ["user"], 30);
      expect(hits.map((h) => h.id)).toEqual(exactTop(mine, query, 30));
      expect(hits[0]?.cosine).toBeCloseTo(
        cosine(query, mine.find((m) => m.id === hits[0]?.id)?.vector ?? query),
        5,
      );
    }
  });

  it("finds the same 10 nearest as exact cosine among 2,000 clustered vectors of two scopes", () => {
    const { store, index } = open(newPath());
    const next = vectors(33);
    // 40 topics, 50 memories each: a memory is its topic's direction plus its own.
    const topics = Array.from({ length: 40 }, next);
    const near = (v: Float32Array, spread: number) => {
      const noise = next();
      const out = v.map((x, i) => x + spread * (noise[i] ?? 0));
      const norm = Math.hypot(...out);
      return out.map((x) => x / norm);
    };
    let n = 0;
    const member = () => near(topics[n++ % topics.length] ?? next(), 0.8);
    const all = [
      ...fill(store, index, "user", 1000, member),
      ...fill(store, index, "project:a", 1000, member),
    ];
    for (let q = 0; q < 10; q++) {
      // A query near a stored memory, as a paraphrase is near what it asks for.
      const query = near(all[(q * 197) % all.length]?.vector ?? next(), 0.5);
      expect(index.knn(MODEL, query, ["user", "project:a"], 10).map((h) => h.id)).toEqual(
        exactTop(all, query, 10),
      );
    }
  });

  it("sees the codes another connection writes, and forgets a removed memory's when it meets it", () => {
    const path = newPath();
    const a = open(path);
    const next = vectors(5);
    const first = fill(a.store, a.index, "user", 3, next);
    const query = first[0]?.vector ?? next();
    expect(a.index.knn(MODEL, query, ["user"], 1).map((h) => h.id)).toEqual([first[0]?.id]);
    const b = open(path);
    const closer = fill(b.store, b.index, "user", 1, () => query);
    expect(a.index.knn(MODEL, query, ["user"], 1).map((h) => h.id)).toEqual([closer[0]?.id]);
    b.store.remove(closer[0]?.id ?? 0);
    expect(a.index.knn(MODEL, query, ["user"], 1).map((h) => h.id)).toEqual([first[0]?.id]);
    expect(a.store.db.prepare("SELECT id FROM memory_vector_codes ORDER BY id").pluck().all()).toEqual(
      first.map((m) => m.id),
    );
  });
});
