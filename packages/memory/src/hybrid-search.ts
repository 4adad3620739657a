/**
 * Recall by query, end to end: candidates from FTS5 (fts-candidates.ts, via the store) merged with
 * the KNN nearest of ALL memories of the session's scopes (vector-index.ts, sqlite-vec), live ones
 * only (a memory the governor retired is never recalled), ranked
 * with the seed's weights (ranking.ts), then the relevance floor (relevance.ts) and a `why` per
 * result. What goes wrong on the way — the endpoint failing on the query, sqlite-vec not loading,
 * a KNN table or a stored vector that is damaged or of another dimension — is skipped and said in
 * `notes`, never thrown: recall answers with what is sound.
 */
import type { Embedder } from "./embeddings.js";
import type { MemoryStore } from "./memory-store.js";
import type { MemoryClass } from "./memory-types.js";
import { queryCoverageOf } from "./query-coverage.js";
import { type Candidate, cosine, matchesQuery, termsOf } from "./ranking.js";
import { applyFloor, type Explained, explain } from "./relevance.js";
import { decodeVector } from "./vector-codec.js";
import { openVectorIndex } from "./vector-index.js";

/** Nearest neighbours asked of the KNN index per scope. */
export const KNN_CANDIDATES = 50;

export interface SearchOptions {
  store: MemoryStore;
  embedder?: Embedder | undefined;
  scopes: readonly string[];
  classes?: readonly MemoryClass[] | undefined;
  now: number;
  minScore: number;
  /** At most this many results (each with its `why`). */
  limit: number;
}

export interface SearchResult {
  ranked: Explained[];
  /** What was skipped and why (one line each). */
  notes: string[];
  /** Whether the vector term was in the score. */
  withVectors: boolean;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

/** The ranking facets of `ids` that exist, retired ones (governor.ts) included and marked. */
function facetsOf(store: MemoryStore, ids: readonly number[]) {
  return store.db
    .prepare(
      `SELECT id, importance, max(updated_at, coalesce(used_at, 0)) AS touched, scope, class,
         superseded_by IS NOT NULL AS superseded, archived_at IS NOT NULL AS archived FROM memories
       WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as Array<{
    id: number;
    importance: number;
    touched: number;
    scope: string;
    class: MemoryClass;
    superseded: number;
    archived: number;
  }>;
}

/** Cosines of the candidates' stored vectors of `model`; unusable ones are skipped and noted. */
function addCosines(
  store: MemoryStore,
  model: string,
  query: Float32Array,
  candidates: Map<number, Candidate>,
  notes: string[],
): void {
  const rows = store.db
    .prepare(
      "SELECT id, dims, vector FROM memory_vectors WHERE model = ? AND id IN (SELECT value FROM json_each(?))",
    )
    .all(model, JSON.stringify([...candidates.keys()])) as Array<{
    id: number;
    dims: unknown;
    vector: unknown;
  }>;
  const skipped: string[] = [];
  for (const r of rows) {
    const decoded = decodeVector(r.vector, r.dims, query.length);
    const c = candidates.get(r.id);
    if (!c) continue;
    if (decoded.vector) c.cosine = cosine(query, decoded.vector);
    else skipped.push(`m${r.id}: ${decoded.problem}`);
  }
  if (skipped.length > 0)
    notes.push(
      `${skipped.length} stored vector${skipped.length === 1 ? "" : "s"} skipped (${skipped.slice(0, 3).join("; ")}${skipped.length > 3 ? "; …" : ""}); picasso memory reindex re-embeds them`,
    );
}

export async function hybridSearch(query: string, o: SearchOptions): Promise<SearchResult> {
  const notes: string[] = [];
  const candidates = new Map(o.store.candidates(query, o.scopes, o.classes).map((c) => [c.id, c]));
  let queryVector: Float32Array | undefined;
  if (o.embedder && o.scopes.length > 0) {
    try {
      [queryVector] = await o.embedder.embed([query]);
    } catch (error) {
      notes.push(`the embeddings endpoint failed on the query (${firstLine(error)}); ranked without vectors`);
    }
  }
  if (o.embedder && queryVector && queryVector.length > 0) {
    const index = openVectorIndex(o.store.db);
    if ("problem" in index) notes.push(index.problem);
    else {
      try {
        const hits = index.knn(o.embedder.model, queryVector, o.scopes, KNN_CANDIDATES);
        const fresh = hits.map((h) => h.id).filter((id) => !candidates.has(id));
        const found = facetsOf(o.store, fresh);
        for (const r of found) {
          if (!o.scopes.includes(r.scope) || (o.classes && !o.classes.includes(r.class))) continue;
          // Retired memories are never recalled (a superseded one keeps its row: it is live again
          // if the memory superseding it is removed).
          if (r.superseded || r.archived) continue;
          candidates.set(r.id, { id: r.id, importance: r.importance, touchedAt: r.touched });
        }
        // Rows of memories removed or archived since (rm, gc, another process) leave the index as
        // they are met; a read-only memory.db keeps them.
        const gone = fresh.filter((id) => !found.some((r) => r.id === id && !r.archived));
        if (gone.length > 0)
          try {
            index.forget(o.embedder.model, queryVector.length, gone);
          } catch {
            // Not writable here (a read-only memory.db): the rows are skipped again next time.
          }
      } catch (error) {
        notes.push(
          `the KNN index of ${o.embedder.model} is unusable (${firstLine(error)}); only keyword matches were compared by vector; picasso memory reindex rebuilds it`,
        );
      }
    }
    addCosines(o.store, o.embedder.model, queryVector, candidates, notes);
  }
  const withVectors = queryVector !== undefined && queryVector.length > 0;
  const coverage = queryCoverageOf(o.store.db).measure(query, [...candidates.keys()]);
  for (const [id, share] of coverage.share) {
    const c = candidates.get(id);
    if (c) c.coverage = share;
  }
  const matching = [...candidates.values()].filter((c) => matchesQuery(c, withVectors));
  const explained = matching.map((c) => explain(c, termsOf(c, o.now, withVectors), withVectors, o.now));
  const kept = applyFloor(explained, o.minScore).slice(0, o.limit);
  for (const r of kept) if (r.why.fts) r.why.fts.terms = coverage.terms.get(r.id) ?? [];
  return { ranked: kept, notes, withVectors };
}
