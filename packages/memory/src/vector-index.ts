/**
 * The KNN index over every memory's embedding: sqlite-vec (`vec0` virtual tables, loaded into
 * better-sqlite3 from the `sqlite-vec` npm package's prebuilt binary). Chosen over a brute-force
 * cosine over `memory_vectors` BLOBs after measuring both at 10k and 100k memories of 384
 * dimensions (docs/memory.md, "Vector retrieval").
 *
 * One `vec0` table per model and dimension (`memory_vector_indexes` names it), partitioned by
 * scope, so a query reads only the session's scopes and vectors of two models never meet.
 * `memory_vectors` stays the truth; a `vec0` table is an index of it: rows are written with the
 * vector (`put`), a KNN hit is checked against `memory_vectors` by the caller (a memory removed or
 * re-embedded by another model since is dropped there; a removed one is then `forget`-ten), and `rebuild` (`picasso memory reindex`)
 * makes it anew. No trigger refers to a `vec0` table, so a process without the extension can still
 * write and remove memories.
 */
import { createHash } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import { load as loadSqliteVec } from "sqlite-vec";
import { BinaryCodes } from "./binary-codes.js";
import { decodeVector, encodeVector } from "./vector-codec.js";

type Db = BetterSqlite3.Database;

export interface KnnHit {
  id: number;
  /** Cosine similarity (1 − sqlite-vec's cosine distance). */
  cosine: number;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

/** The `vec0` table of a model and dimension: a stable name from both. */
export function knnTableName(model: string, dims: number): string {
  return `memory_knn_${createHash("sha256").update(`${model}\n${dims}`).digest("hex").slice(0, 12)}`;
}

export const KNN_TABLE = /^memory_knn_[0-9a-f]{12}$/;

const loaded = new WeakMap<Db, VectorIndex | { problem: string }>();

/** The index on this connection, loading sqlite-vec once per connection; or why there is none. */
export function openVectorIndex(db: Db): VectorIndex | { problem: string } {
  let found = loaded.get(db);
  if (!found) {
    try {
      loadSqliteVec(db);
      found = new VectorIndex(db);
    } catch (error) {
      found = {
        problem: `sqlite-vec did not load (${firstLine(error)}); vectors only re-rank keyword matches`,
      };
    }
    loaded.set(db, found);
  }
  return found;
}

export class VectorIndex {
  private readonly codes: BinaryCodes;

  constructor(private readonly db: Db) {
    this.codes = new BinaryCodes(db);
  }

  /** The table for (model, dims), created (and registered) when `create` and absent. */
  table(model: string, dims: number, create: boolean): string | undefined {
    const row = this.db
      .prepare("SELECT name FROM memory_vector_indexes WHERE model = ? AND dims = ?")
      .get(model, dims) as { name: string } | undefined;
    if (row && !KNN_TABLE.test(row.name))
      throw new Error(`memory_vector_indexes names "${row.name}", not a table Picasso makes`);
    if (row || !create) return row?.name;
    const name = knnTableName(model, dims);
    this.db.transaction(() => {
      this.db.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING vec0(embedding float[${dims}] distance_metric=cosine, scope text partition key)`,
      );
      // A new table is empty: every vector put into it gets its code (coded from the start).
      this.db
        .prepare("INSERT OR IGNORE INTO memory_vector_indexes (name, model, dims, coded) VALUES (?, ?, ?, 1)")
        .run(name, model, dims);
    })();
    return name;
  }

  /** Indexes a memory's vector (replacing what the index held for it). */
  put(model: string, id: number, scope: string, vector: Float32Array): void {
    const name = this.table(model, vector.length, true) as string;
    this.db.prepare(`DELETE FROM ${name} WHERE rowid = ?`).run(BigInt(id));
    this.db
      .prepare(`INSERT INTO ${name} (rowid, embedding, scope) VALUES (?, ?, ?)`)
      .run(BigInt(id), encodeVector(vector), scope);
    this.codes.put(model, id, scope, vector);
  }

  /**
   * The `k` nearest memories of `scopes` to `query`, closest first: by the binary codes with an
   * exact re-rank (binary-codes.ts), or, on a read-only file whose codes were never written, by the
   * `vec0` table. Throws if the table is unusable.
   */
  knn(model: string, query: Float32Array, scopes: readonly string[], k: number): KnnHit[] {
    const name = this.table(model, query.length, false);
    if (!name) return [];
    const declared = this.db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").pluck().get(name);
    if (typeof declared !== "string" || !declared.includes(`float[${query.length}]`))
      throw new Error(`${name} is not a KNN table of ${query.length} dimensions`);
    if (this.coded(model, query.length)) {
      const { hits, stale } = this.codes.knn(model, query, scopes, k);
      if (stale.length > 0 && !this.db.readonly)
        try {
          this.forget(model, query.length, stale);
        } catch {
          // Another process holds the write lock too long: the rows are skipped again next time.
        }
      return hits;
    }
    const statement = this.db.prepare(
      `SELECT rowid AS id, distance FROM ${name} WHERE embedding MATCH ? AND k = ? AND scope = ?`,
    );
    const hits: KnnHit[] = [];
    for (const scope of scopes)
      for (const r of statement.all(encodeVector(query), k, scope) as Array<{ id: number; distance: number }>)
        hits.push({ id: Number(r.id), cosine: 1 - r.distance });
    return hits.sort((a, b) => b.cosine - a.cosine || b.id - a.id).slice(0, k);
  }

  /** Removes rows of memories that no longer exist from the (model, dims) table. */
  forget(model: string, dims: number, ids: readonly number[]): void {
    const name = this.table(model, dims, false);
    if (!name || ids.length === 0) return;
    const remove = this.db.prepare(`DELETE FROM ${name} WHERE rowid = ?`);
    this.db.transaction(() => {
      for (const id of ids) remove.run(BigInt(id));
      this.codes.forget(model, dims, ids);
    })();
  }

  /**
   * Whether the (model, dims) table's vectors all have binary codes; a table of a v4 file gets
   * them here, from `memory_vectors`, when the file may be written (once).
   */
  private coded(model: string, dims: number): boolean {
    const row = this.db
      .prepare("SELECT coded FROM memory_vector_indexes WHERE model = ? AND dims = ?")
      .get(model, dims) as { coded: number } | undefined;
    if (row?.coded === 1) return true;
    if (!row || this.db.readonly) return false;
    this.db.transaction(() => {
      this.codes.clear(model, dims);
      this.eachSoundVector(model, dims, (id, scope, vector) => this.codes.put(model, id, scope, vector));
      this.db
        .prepare("UPDATE memory_vector_indexes SET coded = 1 WHERE model = ? AND dims = ?")
        .run(model, dims);
    })();
    return true;
  }

  /** Every vector of (model, dims) whose BLOB is sound, with its memory's scope; returns how many were not. */
  private eachSoundVector(
    model: string,
    dims: number,
    visit: (id: number, scope: string, vector: Float32Array) => void,
  ): number {
    let skipped = 0;
    const page = this.db.prepare(
      `SELECT v.id, v.dims, v.vector, m.scope FROM memory_vectors v JOIN memories m ON m.id = v.id
       WHERE v.model = ? AND v.dims = ? AND v.id > ? ORDER BY v.id LIMIT 1000`,
    );
    for (let after = 0; ; ) {
      const rows = page.all(model, dims, after) as Array<{
        id: number;
        dims: number;
        vector: unknown;
        scope: string;
      }>;
      if (rows.length === 0) break;
      for (const r of rows) {
        after = r.id;
        const decoded = decodeVector(r.vector, r.dims, dims);
        if (decoded.vector) visit(r.id, r.scope, decoded.vector);
        else skipped++;
      }
    }
    return skipped;
  }

  /**
   * Makes the (model, dims) table anew from `memory_vectors`: every vector of that model whose
   * BLOB is sound; the others are counted as skipped.
   */
  rebuild(model: string, dims: number): { indexed: number; skipped: number } {
    const name = knnTableName(model, dims);
    let indexed = 0;
    let skipped = 0;
    this.db.transaction(() => {
      const registered = this.table(model, dims, false);
      if (registered) this.db.exec(`DROP TABLE IF EXISTS ${registered}`);
      this.db.prepare("DELETE FROM memory_vector_indexes WHERE model = ? AND dims = ?").run(model, dims);
      this.db.exec(`DROP TABLE IF EXISTS ${name}`);
      this.table(model, dims, true);
      this.codes.clear(model, dims);
      const insert = this.db.prepare(`INSERT INTO ${name} (rowid, embedding, scope) VALUES (?, ?, ?)`);
      skipped = this.eachSoundVector(model, dims, (id, scope, vector) => {
        insert.run(BigInt(id), encodeVector(vector), scope);
        this.codes.put(model, id, scope, vector);
        indexed++;
      });
    })();
    return { indexed, skipped };
  }
}
