/**
 * The measurement behind the KNN index's choice (docs/memory.md, "Vector retrieval"): N memories
 * (argv[2], e.g. 10000 or 100000) with 384-dimension unit vectors in two scopes, k = 50, on a real
 * SQLite file (WAL), four ways:
 * - `sqliteVec`: a sqlite-vec `vec0` table (cosine, scope as partition key), one KNN query per scope;
 * - `bruteSql`: the BLOB column read row by row through better-sqlite3, cosine and top-k in JS;
 * - `bruteSqlFunction`: the same BLOBs ranked in SQL by sqlite-vec's `vec_distance_cosine`;
 * - `bruteMemory`: every vector copied once into one Float32Array, cosine and top-k in JS (a
 *   per-process cache, kept in step with the file by hand — measured, not built).
 * Each: the bulk insert in one transaction, 100 single inserts (p50/p95) and 100 queries (p50/p95).
 * Run: `node packages/memory/bench/vector-index-choice.mjs 10000` (after `npm run build`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load as loadSqliteVec } from "sqlite-vec";

const Database = createRequire(import.meta.url)("better-sqlite3");
const DIMS = 384;
const K = 50;
const QUERIES = 100;
const N = Number(process.argv[2] ?? 10_000);

let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff - 0.5;
};
function unitVector() {
  const v = new Float32Array(DIMS);
  let norm = 0;
  for (let i = 0; i < DIMS; i++) {
    v[i] = random();
    norm += v[i] * v[i];
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < DIMS; i++) v[i] /= norm;
  return v;
}
const blob = (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
function timed(work) {
  const start = process.hrtime.bigint();
  const result = work();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}
const scopeOf = (i) => (i % 2 ? "user" : "project:p");

/** Top k of (id, similarity) pairs, kept sorted ascending in a small array. */
function topK(pairs, k) {
  const best = [];
  for (const [id, s] of pairs) {
    if (best.length < k) {
      best.push([id, s]);
      if (best.length === k) best.sort((a, b) => a[1] - b[1]);
    } else if (s > best[0][1]) {
      best[0] = [id, s];
      best.sort((a, b) => a[1] - b[1]);
    }
  }
  return best;
}

function dot(a, b) {
  let d = 0;
  for (let i = 0; i < DIMS; i++) d += a[i] * b[i];
  return d;
}

const vectors = Array.from({ length: N }, unitVector);
const queries = Array.from({ length: QUERIES }, unitVector);
const dir = mkdtempSync(join(tmpdir(), "vector-index-choice-"));
const open = (name) => {
  const db = new Database(join(dir, name));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  return db;
};
const out = { N, DIMS, K };

{
  const db = open("vec0.db");
  loadSqliteVec(db);
  db.exec(`CREATE TABLE memories (id INTEGER PRIMARY KEY, scope TEXT NOT NULL);
    CREATE VIRTUAL TABLE knn USING vec0(embedding float[${DIMS}] distance_metric=cosine, scope text partition key)`);
  const addMemory = db.prepare("INSERT INTO memories (id, scope) VALUES (?, ?)");
  const addVector = db.prepare("INSERT INTO knn (rowid, embedding, scope) VALUES (?, ?, ?)");
  const add = (i, v) => {
    addMemory.run(i, scopeOf(i));
    addVector.run(BigInt(i), blob(v), scopeOf(i));
  };
  const [bulk] = timed(() =>
    db.transaction(() => {
      for (const [i, v] of vectors.entries()) add(i + 1, v);
    })(),
  );
  const adds = Array.from(
    { length: 100 },
    (_, i) => timed(() => db.transaction(() => add(N + i + 1, unitVector()))())[0],
  );
  const knn = db.prepare(
    `SELECT rowid AS id, distance FROM knn WHERE embedding MATCH ? AND k = ${K} AND scope = ?`,
  );
  const knns = queries.map(
    (q) =>
      timed(() =>
        [...knn.all(blob(q), "user"), ...knn.all(blob(q), "project:p")]
          .sort((a, b) => a.distance - b.distance)
          .slice(0, K),
      )[0],
  );
  out.sqliteVec = {
    bulkMs: bulk,
    add: [percentile(adds, 0.5), percentile(adds, 0.95)],
    knn: [percentile(knns, 0.5), percentile(knns, 0.95)],
  };
  db.close();
}

{
  const db = open("blob.db");
  loadSqliteVec(db);
  db.exec(`CREATE TABLE memories (id INTEGER PRIMARY KEY, scope TEXT NOT NULL);
    CREATE INDEX memories_scope ON memories (scope);
    CREATE TABLE memory_vectors (id INTEGER PRIMARY KEY, model TEXT NOT NULL, dims INTEGER NOT NULL, vector BLOB NOT NULL)`);
  const addMemory = db.prepare("INSERT INTO memories (id, scope) VALUES (?, ?)");
  const addVector = db.prepare("INSERT INTO memory_vectors (id, model, dims, vector) VALUES (?, 'm', ?, ?)");
  const add = (i, v) => {
    addMemory.run(i, scopeOf(i));
    addVector.run(i, DIMS, blob(v));
  };
  const [bulk] = timed(() =>
    db.transaction(() => {
      for (const [i, v] of vectors.entries()) add(i + 1, v);
    })(),
  );
  const adds = Array.from(
    { length: 100 },
    (_, i) => timed(() => db.transaction(() => add(N + i + 1, unitVector()))())[0],
  );
  const scan = db
    .prepare(
      "SELECT v.id, v.vector FROM memory_vectors v JOIN memories m ON m.id = v.id WHERE m.scope IN (?, ?) AND v.model = 'm'",
    )
    .raw(true);
  const brute = queries.map(
    (q) =>
      timed(() =>
        topK(
          (function* () {
            for (const [id, b] of scan.iterate("user", "project:p"))
              yield [id, dot(q, new Float32Array(b.buffer, b.byteOffset, DIMS))];
          })(),
          K,
        ),
      )[0],
  );
  out.bruteSql = {
    bulkMs: bulk,
    add: [percentile(adds, 0.5), percentile(adds, 0.95)],
    knn: [percentile(brute, 0.5), percentile(brute, 0.95)],
  };
  const inSql = db.prepare(
    `SELECT v.id, vec_distance_cosine(v.vector, ?) AS d FROM memory_vectors v JOIN memories m ON m.id = v.id
     WHERE m.scope IN (?, ?) AND v.model = 'm' ORDER BY d LIMIT ${K}`,
  );
  const sqlFn = queries.map((q) => timed(() => inSql.all(blob(q), "user", "project:p"))[0]);
  out.bruteSqlFunction = { knn: [percentile(sqlFn, 0.5), percentile(sqlFn, 0.95)] };
  const [loadMs, matrix] = timed(() => {
    const rows = scan.all("user", "project:p");
    const m = new Float32Array(rows.length * DIMS);
    for (const [r, [, b]] of rows.entries()) m.set(new Float32Array(b.buffer, b.byteOffset, DIMS), r * DIMS);
    return { m, ids: rows.map(([id]) => id) };
  });
  const inMemory = queries.map(
    (q) =>
      timed(() =>
        topK(
          (function* () {
            for (let r = 0; r < matrix.ids.length; r++)
              yield [matrix.ids[r], dot(q, matrix.m.subarray(r * DIMS, (r + 1) * DIMS))];
          })(),
          K,
        ),
      )[0],
  );
  out.bruteMemory = { loadMs, knn: [percentile(inMemory, 0.5), percentile(inMemory, 0.95)] };
  db.close();
}

rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(out, (_, v) => (typeof v === "number" ? Math.round(v * 100) / 100 : v)));
