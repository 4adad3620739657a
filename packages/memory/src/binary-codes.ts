/**
 * Quantised KNN (schema v5, code-schema.ts): every indexed vector also has a *binary code* — one
 * bit per dimension, set when the value is positive (48 bytes for 384 dimensions, 1/32 of the
 * floats) — in `memory_vector_codes`. A KNN query compares the query's code with the codes of the
 * scopes asked for by Hamming distance (XOR and popcount over 32-bit words, in this process), takes
 * the RERANK nearest and orders them by exact cosine, which sqlite-vec computes on their float
 * vectors in `memory_vectors`. Scopes with at most RERANK vectors are therefore ranked exactly;
 * larger ones exactly among the RERANK codes closest to the query.
 *
 * The codes of a (model, dimension) are held in memory once read (`CodeSet`, by scope), and kept
 * in step with every process's writes by a sequence number: each code written takes the table's
 * next `seq` (AUTOINCREMENT, never reused), and a query first reads the codes with a `seq` above
 * the last it saw (one indexed lookup when nothing changed). Like the `vec0` table (vector-index.ts), the codes are an index of `memory_vectors`
 * with no trigger or foreign key: a code whose memory was removed or re-embedded by another model
 * is dropped when a query meets it (`stale`). A damaged stored vector is skipped, not dropped.
 */
import type BetterSqlite3 from "better-sqlite3";

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

function asBuffer(values: Uint32Array | Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

/** The codes of one scope, in memory: slots of ids and codes (an emptied slot is skipped). */
class ScopeCodes {
  ids = new Float64Array(256);
  codes: Uint32Array;
  live = new Uint8Array(256);
  used = 0;
  readonly slots = new Map<number, number>();

  constructor(readonly words: number) {
    this.codes = new Uint32Array(256 * words);
  }

  set(id: number, code: Uint32Array): void {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.used++;
      if (slot >= this.ids.length) this.grow();
      this.slots.set(id, slot);
      this.ids[slot] = id;
    }
    this.live[slot] = 1;
    this.codes.set(code.subarray(0, this.words), slot * this.words);
  }

  drop(id: number): void {
    const slot = this.slots.get(id);
    if (slot !== undefined) this.live[slot] = 0;
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const ids = new Float64Array(size);
    ids.set(this.ids);
    const live = new Uint8Array(size);
    live.set(this.live);
    const codes = new Uint32Array(size * this.words);
    codes.set(this.codes);
    [this.ids, this.live, this.codes] = [ids, live, codes];
  }
}

/** The codes of one (model, dimension) by scope, and the last `seq` read. */
class CodeSet {
  private readonly scopes = new Map<string, ScopeCodes>();
  private readonly scopeOf = new Map<number, string>();
  seq = 0;

  constructor(readonly words: number) {}

  set(id: number, scope: string, code: Uint32Array): void {
    const before = this.scopeOf.get(id);
    if (before !== undefined && before !== scope) this.scopes.get(before)?.drop(id);
    this.scopeOf.set(id, scope);
    let codes = this.scopes.get(scope);
    if (!codes) {
      codes = new ScopeCodes(this.words);
      this.scopes.set(scope, codes);
    }
    codes.set(id, code);
  }

  drop(id: number): void {
    const scope = this.scopeOf.get(id);
    if (scope !== undefined) this.scopes.get(scope)?.drop(id);
  }

  /** The ids of the `n` codes of `scopes` nearest to `query` (Hamming), nearest first. */
  nearest(query: Uint32Array, scopes: readonly string[], n: number): number[] {
    const words = this.words;
    const far = words * 32 + 1;
    const histogram = new Uint32Array(far + 1);
    const parts: Array<{ codes: ScopeCodes; distances: Uint16Array }> = [];
    for (const scope of new Set(scopes)) {
      const codes = this.scopes.get(scope);
      if (!codes) continue;
      const distances = new Uint16Array(codes.used);
      const all = codes.codes;
      for (let slot = 0; slot < codes.used; slot++) {
        if (codes.live[slot] === 0) {
          distances[slot] = far;
          continue;
        }
        let d = 0;
        for (let w = 0, base = slot * words; w < words; w++) {
          // Popcount of the XOR (SWAR): the bits where code and query differ.
          let x = (all[base + w] as number) ^ (query[w] as number);
          x -= (x >>> 1) & 0x55555555;
          x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
          d += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
        }
        distances[slot] = d;
        histogram[d] = (histogram[d] ?? 0) + 1;
      }
      parts.push({ codes, distances });
    }
    // The distance below which n codes lie (a counting selection: no sort of every code).
    let limit = 0;
    for (let taken = 0; limit < far && taken < n; limit++) taken += histogram[limit] ?? 0;
    const out: Array<{ id: number; d: number }> = [];
    for (const { codes, distances } of parts)
      for (let slot = 0; slot < codes.used; slot++) {
        const d = distances[slot] ?? far;
        if (d < limit) out.push({ id: codes.ids[slot] ?? 0, d });
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
    if (last === null && set.seq > 0) {
      // Every code was removed (a rebuild under way elsewhere): start again.
      this.sets.delete(key);
      return this.current(model, dims);
    }
    if (last === null || last <= set.seq) return set;
    // One row per scope, its ids and hex codes concatenated: reading 100,000 codes row by row
    // into JavaScript would cost a second; this way tens of milliseconds. Both lists are built
    // from the same rows in the same order.
    const scopes = this.db
      .prepare(
        `SELECT scope, max(seq) AS seq, group_concat(id) AS ids, group_concat(hex(code), '') AS codes
         FROM memory_vector_codes WHERE model = ? AND dims = ? AND seq > ? GROUP BY scope`,
      )
      .all(model, dims, set.seq) as Array<{ scope: string; seq: number; ids: string; codes: string }>;
    const bytes = set.words * 4;
    for (const row of scopes) {
      const ids = row.ids.split(",");
      const codes = Buffer.from(row.codes, "hex");
      if (codes.length !== ids.length * bytes) continue;
      const words = new Uint32Array(codes.buffer.slice(codes.byteOffset, codes.byteOffset + codes.length));
      for (let i = 0; i < ids.length; i++)
        set.set(Number(ids[i]), row.scope, words.subarray(i * set.words, (i + 1) * set.words));
    }
    set.seq = last;
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
    // Cosines computed by sqlite-vec where the vectors are (a sound BLOB of the query's dimension;
    // NULL for a damaged one, which is skipped but kept): no vector is copied out.
    const rows = this.db
      .prepare(
        `SELECT id, CASE WHEN typeof(vector) = 'blob' AND dims = ? AND length(vector) = ?
           THEN 1 - vec_distance_cosine(vector, ?) END AS cosine
         FROM memory_vectors WHERE id IN (SELECT value FROM json_each(?)) AND +model = ?`,
      )
      .all(query.length, query.length * 4, asBuffer(query), JSON.stringify(ids), model) as Array<{
      id: number;
      cosine: number | null;
    }>;
    const hits: CodeHit[] = [];
    const found = new Set<number>();
    for (const r of rows) {
      found.add(r.id);
      if (r.cosine !== null && Number.isFinite(r.cosine)) hits.push({ id: r.id, cosine: r.cosine });
    }
    const stale = ids.filter((id) => !found.has(id));
    return { hits: hits.sort((a, b) => b.cosine - a.cosine || b.id - a.id).slice(0, k), stale };
  }
}
