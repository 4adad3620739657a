/**
 * What `picasso memory gc` (memory-gc.ts) clears besides archiving: the vectors nothing will read
 * again. An archived memory is never recalled, compared by the governor or embedded again
 * (embed-queue.ts skips it), so its `memory_vectors` row, its embed-queue row and its rows in every
 * KNN table (vector-index.ts) go in the archive's transaction; so do the KNN rows of memories
 * removed since (`rm` deletes the memory and, by cascade, its vector and queue rows, but no trigger
 * reaches a `vec0` table). A superseded memory not yet archived keeps its vector: it is live again
 * if the memory superseding it is removed.
 *
 * The KNN rows need sqlite-vec; when it does not load, they stay and recall drops them as it meets
 * them (hybrid-search.ts) — the returned `knnProblem` says so.
 */
import type BetterSqlite3 from "better-sqlite3";
import { openVectorIndex } from "./vector-index.js";

export interface ClearedVectors {
  /** `memory_vectors` rows deleted (archived memories). */
  vectors: number;
  /** KNN rows deleted (archived or removed memories), over every model's table. */
  knnRows: number;
  /** Why KNN rows could not be cleared, if so. */
  knnProblem?: string;
}

/** Clears the vectors of the archived memories `ids` and the KNN rows of removed memories. */
export function clearRetiredVectors(db: BetterSqlite3.Database, ids: readonly number[]): ClearedVectors {
  const list = JSON.stringify(ids);
  const vectors = db
    .prepare("DELETE FROM memory_vectors WHERE id IN (SELECT value FROM json_each(?))")
    .run(list).changes;
  db.prepare("DELETE FROM memory_embed_queue WHERE id IN (SELECT value FROM json_each(?))").run(list);
  const index = openVectorIndex(db);
  if ("problem" in index) return { vectors, knnRows: 0, knnProblem: index.problem };
  const archived = new Set(ids);
  const exists = db.prepare("SELECT 1 FROM memories WHERE id = ?").pluck();
  let knnRows = 0;
  const tables = db.prepare("SELECT model, dims FROM memory_vector_indexes").all() as Array<{
    model: string;
    dims: number;
  }>;
  let knnProblem: string | undefined;
  for (const { model, dims } of tables) {
    try {
      const name = index.table(model, dims, false);
      if (!name) continue;
      const stale = (db.prepare(`SELECT rowid AS id FROM ${name}`).all() as Array<{ id: number | bigint }>)
        .map((r) => Number(r.id))
        .filter((id) => archived.has(id) || exists.get(id) === undefined);
      index.forget(model, dims, stale);
      knnRows += stale.length;
    } catch (error) {
      knnProblem = `the KNN index of ${model} is unusable (${(error as Error).message.split("\n")[0]}); picasso memory reindex rebuilds it`;
    }
  }
  return { vectors, knnRows, ...(knnProblem ? { knnProblem } : {}) };
}
