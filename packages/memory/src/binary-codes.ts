/**
 * Quantised KNN (schema v5, code-schema.ts): every indexed vector also has a *binary code* — one
 * bit per dimension, set when the value is positive (48 bytes for 384 dimensions, 1/32 of the
 * floats) — in `memory_vector_codes`. A KNN query compares the query's code with the codes of the
 * scopes asked for by Hamming distance (XOR and popcount over 32-bit words, in this process), takes
 * the RERANK nearest, reads their float vectors from `memory_vectors` and orders them by exact
 * cosine. A scope with at most RERANK vectors is therefore ranked exactly; a larger one is exact
 * among the RERANK codes closest to the query.
 *
 * The codes of a (model, dimension) are held in memory once read (`CodeSet`), and kept in step with
 * every process's writes by a sequence number: each code written takes the table's next `seq`
 * (AUTOINCREMENT, never reused), and
 * a query first reads the codes with a `seq` above the last it saw (one indexed lookup when nothing
 * changed). Like the `vec0` table (vector-index.ts), the codes are an index of `memory_vectors`
 * with no trigger or foreign key: a code whose memory was removed or re-embedded by another model
 * is dropped when a query meets it (`stale`). A damaged stored vector is skipped, not dropped.
 */
import type BetterSqlite3 from "better-sqlite3";
import { decodeVector } from "./vector-codec.js";

type Db = BetterSqlite3.Database;

/** Candidates (closest codes) re-ranked by exact cosine per query. */
export const RERANK = 200;

/** The binary code of a vector: bit i (of 32-bit word i >> 5) set when vector[i] > 0. */
export function binaryCode(vector: Float32Array): Uint32Array {
  const code = new Uint32Array(Math.ceil(vector.length / 32));
  for (let i = 0; i < vector.length; i++)
    if ((vector[i] ?? 0) > 0) code[i >> 5] = (code[i >> 5] ?? 0) | (1 << (i & 31));
  return code;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function exactCosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

function asBuffer(code: Uint32Array): Buffer {
  return Buffer.from(code.buffer, code.byteOffset, code.byteLength);
}

/** The codes of one (model, dimension), in memory: slots of ids, scopes and codes. */
class CodeSet {
  private ids = new Float64Array(1024);
  private scopes: Array<string | undefined> = [];
  private codes: Uint32Array;
  private readonly slots = new Map<number, number>();
  private used = 0;
  seq = 0;

  constructor(readonly words: number) {
    this.codes = new Uint32Array(1024 * words);
  }

  set(id: number, scope: string, code: Uint8Array): void {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.used++;
      if (slot >= this.ids.length) {
        const ids = new Float64Array(this.ids.length * 2);
        ids.set(this.ids);
        this.ids = ids;
        const codes = new Uint32Array(ids.length * this.words);
        codes.set(this.codes);
        this.codes = codes;
      }
      this.slots.set(id, slot);
      this.ids[slot] = id;
    }
    this.scopes[slot] = scope;
    const words = new Uint32Array(this.words);
    new Uint8Array(words.buffer).set(code.subarray(0, this.words * 4));
    this.codes.set(words, slot * this.words);
  }

  /** The slot of `id` is left empty (skipped by every search). */
  drop(id: number): void {
    const slot = this.slots.get(id);
    if (slot !== undefined) this.scopes[slot] = undefined;
  }

  /** The ids of the `n` codes of `scopes` nearest to `query` (Hamming), nearest first. */
  nearest(query: Uint32Array, scopes: readonly string[], n: number): number[] {
    const wanted = new Set(scopes);
    const maxDistance = this.words * 32;
    const distances = new Uint16Array(this.used);
    const histogram = new Uint32Array(maxDistance + 2);
    const words = this.words;
    for (let slot = 0; slot < this.used; slot++) {
      const scope = this.scopes[slot];
      if (scope === undefined || !wanted.has(scope)) {
        distances[slot] = maxDistance + 1;
        continue;
      }
      let d = 0;
      const base = slot * words;
      for (let w = 0; w < words; w++) d += popcount(((this.codes[base + w] ?? 0) ^ (query[w] ?? 0)) >>> 0);
      distances[slot] = d;
      histogram[d] = (histogram[d] ?? 0) + 1;
    }
    // The distance below which n codes lie (a counting selection: no sort of every code).
    let limit = 0;
    for (let taken = 0; limit <= maxDistance && taken < n; limit++) taken += histogram[limit] ?? 0;
    const out: Array<{ id: number; d: number }> = [];
    for (let slot = 0; slot < this.used; slot++) {
      const d = distances[slot] ?? maxDistance + 1;
      if (d < limit) out.push({ id: this.ids[slot] ?? 0, d });
    }
    return out
      .sort((a, b) => a.d - b.d || b.id - a.id)
      .slice(0, n)
      .map((o) => o.id);
  }
}

export interface CodeHit {
  id: number;
  cosine: number;
}

/** The binary codes of a database's KNN tables, read once and kept in step (see the module comment). */
export class BinaryCodes {
  private readonly sets = new Map<string, CodeSet>();

  constructor(private readonly db: Db) {}

  /** Writes the code of memory `id`'s vector (replacing what it had); it takes the next `seq`. */
  put(model: string, id: number, scope: string, vector: Float32Array): void {
    this.db
      .prepare(
        "INSERT OR REPLACE INTO memory_vector_codes (id, model, dims, scope, code) VALUES (?, ?, ?, ?, ?)",
      )
      .run(id, model, vector.length, scope, asBuffer(binaryCode(vector)));
  }

  /** Removes the codes of `ids` for (model, dims). */
  forget(model: string, dims: number, ids: readonly number[]): void {
    const remove = this.db.prepare("DELETE FROM memory_vector_codes WHERE id = ? AND model = ? AND dims = ?");
    for (const id of ids) remove.run(id, model, dims);
    const set = this.sets.get(`${model}\n${dims}`);
    for (const id of ids) set?.drop(id);
  }

  /** Removes every code of (model, dims) (before a rebuild writes them anew). */
  clear(model: string, dims: number): void {
    this.db.prepare("DELETE FROM memory_vector_codes WHERE model = ? AND dims = ?").run(model, dims);
    this.sets.delete(`${model}\n${dims}`);
  }

  /** The codes of (model, dims) as they are now: new ones since the last query read in. */
  private current(model: string, dims: number): CodeSet {
    const key = `${model}\n${dims}`;
    let set = this.sets.get(key);
    if (!set) {
      set = new CodeSet(Math.ceil(dims / 32));
      this.sets.set(key, set);
    }
    const last = this.db
      .prepare("SELECT max(seq) FROM memory_vector_codes WHERE model = ? AND dims = ?")
      .pluck()
      .get(model, dims) as number | null;
    if (last !== null && last > set.seq) {
      const rows = this.db
        .prepare(
          "SELECT id, scope, seq, code FROM memory_vector_codes WHERE model = ? AND dims = ? AND seq > ? ORDER BY seq",
        )
        .raw()
        .all(model, dims, set.seq) as Array<[number, string, number, Uint8Array]>;
      for (const [id, scope, seq, code] of rows) {
        set.set(id, scope, code);
        set.seq = seq;
      }
    } else if (last === null && set.seq > 0) {
      // Every code was removed (a rebuild under way elsewhere): start again.
      this.sets.delete(key);
      return this.current(model, dims);
    }
    return set;
  }

  /**
   * The `k` memories of `scopes` nearest to `query` (exact cosine among the RERANK nearest codes),
   * closest first; `stale` lists codes met whose vector of this model is gone (the caller forgets them).
   */
  knn(
    model: string,
    query: Float32Array,
    scopes: readonly string[],
    k: number,
  ): { hits: CodeHit[]; stale: number[] } {
    const set = this.current(model, query.length);
    const ids = set.nearest(binaryCode(query), scopes, Math.max(k, RERANK));
    if (ids.length === 0) return { hits: [], stale: [] };
    const rows = this.db
      .prepare(
        "SELECT id, dims, vector FROM memory_vectors WHERE id IN (SELECT value FROM json_each(?)) AND +model = ?",
      )
      .all(JSON.stringify(ids), model) as Array<{ id: number; dims: unknown; vector: unknown }>;
    const hits: CodeHit[] = [];
    const found = new Set<number>();
    for (const r of rows) {
      found.add(r.id);
      const decoded = decodeVector(r.vector, r.dims, query.length);
      if (!decoded.vector) continue;
      hits.push({ id: r.id, cosine: exactCosine(query, decoded.vector) });
    }
    const stale = ids.filter((id) => !found.has(id));
    return { hits: hits.sort((a, b) => b.cosine - a.cosine || b.id - a.id).slice(0, k), stale };
  }
}
