/**
 * The durable embed queue (`memory_embed_queue`, vector-schema.ts): every write enqueues its
 * memory in the write's own transaction, then `drain` embeds what is pending in batches and stores
 * each vector (`memory_vectors`, and the KNN index when sqlite-vec is loaded). An endpoint that
 * fails leaves the rows queued with the attempt counted and the error kept, so they are retried at
 * the next write, the next session start or `picasso memory reindex` — never lost, never blocking
 * the write itself.
 *
 * Vectors are per model: `enqueueMissing` queues every memory without a sound vector of the
 * embedder's model (none, another model's, or a damaged BLOB), which is how a change of model is
 * backfilled; another model's vectors are never compared with this one's.
 */
import type { Embedder } from "./embeddings.js";
import type { MemoryStore } from "./memory-store.js";
import type { VectorIndex } from "./vector-index.js";

/** Texts sent to the endpoint in one request. */
export const EMBED_BATCH = 32;

export interface DrainResult {
  embedded: number;
  failed: number;
  /** The endpoint's error, when a batch failed (draining stops there). */
  error?: string;
  /** Why a vector was stored but not indexed (a damaged KNN table), if so. */
  indexProblem?: string;
}

/** What `picasso memory reindex` would embed, and why. */
export interface ReindexPlan {
  model: string;
  /** Already queued (pending or failed before). */
  queued: number;
  /** Queued rows that failed before, and the last error. */
  failedBefore: number;
  lastError?: string;
  /** Not queued, without any vector. */
  withoutVector: number;
  /** Not queued, with another model's vector only (model → count). */
  otherModels: Record<string, number>;
  /** Not queued, with a damaged vector of this model. */
  damaged: number;
  /** The first memories it would embed (id, title). */
  first: Array<{ id: number; title: string }>;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

/**
 * A stored vector of the model that can be used: whole floats, as many as recorded, and — once the
 * model has a KNN table — of that table's dimension (a vector of another length is damaged).
 */
const SOUND_VECTOR = `v.id = m.id AND v.model = ? AND v.dims > 0 AND length(v.vector) = 4 * v.dims
  AND (NOT EXISTS (SELECT 1 FROM memory_vector_indexes i WHERE i.model = v.model)
       OR EXISTS (SELECT 1 FROM memory_vector_indexes i WHERE i.model = v.model AND i.dims = v.dims))`;

/** The next memories to embed: fewest attempts, oldest first (an index walk, schema v5). */
export const NEXT_BATCH = `SELECT q.id, m.title, m.body, m.scope, m.updated_at AS updated FROM memory_embed_queue q
  JOIN memories m ON m.id = q.id ORDER BY q.attempts, q.queued_at, q.id LIMIT ?`;

export class EmbedQueue {
  constructor(
    private readonly store: MemoryStore,
    private readonly embedder: Embedder,
    private readonly index: VectorIndex | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  private get db() {
    return this.store.db;
  }

  /** Queues memories for embedding (already queued: kept as is). Call inside the write's transaction. */
  enqueue(ids: readonly number[]): void {
    const insert = this.db.prepare("INSERT OR IGNORE INTO memory_embed_queue (id, queued_at) VALUES (?, ?)");
    const at = this.now();
    for (const id of ids) insert.run(id, at);
  }

  pending(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM memory_embed_queue").get() as { n: number }).n;
  }

  /** Whether some memory has no sound vector of this model and is not queued (counts only: indexed reads). */
  hasUnqueuedMissing(): boolean {
    const count = (sql: string, ...args: unknown[]) => (this.db.prepare(sql).get(...args) as { n: number }).n;
    const memories = count("SELECT count(*) AS n FROM memories WHERE archived_at IS NULL");
    const vectors = count("SELECT count(*) AS n FROM memory_vectors WHERE model = ?", this.embedder.model);
    return memories > vectors + this.pending();
  }

  /**
   * Queues every memory without a sound vector of the embedder's model, archived ones aside (gc
   * dropped their vectors: they are never recalled again); returns how many were added.
   */
  enqueueMissing(): number {
    return this.db
      .prepare(
        `INSERT OR IGNORE INTO memory_embed_queue (id, queued_at)
         SELECT m.id, ? FROM memories m
         WHERE m.archived_at IS NULL AND NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE ${SOUND_VECTOR})`,
      )
      .run(this.now(), this.embedder.model).changes;
  }

  /** What reindex would embed, without writing anything. */
  plan(limit = 20): ReindexPlan {
    const model = this.embedder.model;
    const queue = this.db
      .prepare("SELECT count(*) AS n, sum(attempts > 0) AS failed FROM memory_embed_queue")
      .get() as { n: number; failed: number | null };
    const last = this.db
      .prepare(
        "SELECT last_error FROM memory_embed_queue WHERE last_error IS NOT NULL ORDER BY attempts DESC, id LIMIT 1",
      )
      .get() as { last_error: string } | undefined;
    const missing = this.db
      .prepare(
        `SELECT m.id, m.title, v.model AS other, v.model = ? AS damaged FROM memories m
         LEFT JOIN memory_vectors v ON v.id = m.id
         WHERE m.archived_at IS NULL AND NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE ${SOUND_VECTOR})
           AND NOT EXISTS (SELECT 1 FROM memory_embed_queue q WHERE q.id = m.id)
         ORDER BY m.id`,
      )
      .all(model, model) as Array<{
      id: number;
      title: string;
      other: string | null;
      damaged: number | null;
    }>;
    const otherModels: Record<string, number> = {};
    let withoutVector = 0;
    let damaged = 0;
    for (const r of missing) {
      if (r.other === null) withoutVector++;
      else if (r.damaged) damaged++;
      else otherModels[r.other] = (otherModels[r.other] ?? 0) + 1;
    }
    const queuedFirst = this.db
      .prepare(
        `SELECT m.id, m.title FROM memory_embed_queue q JOIN memories m ON m.id = q.id
         ORDER BY q.attempts, q.queued_at, q.id LIMIT ?`,
      )
      .all(limit) as Array<{ id: number; title: string }>;
    return {
      model,
      queued: queue.n,
      failedBefore: queue.failed ?? 0,
      ...(last ? { lastError: last.last_error } : {}),
      withoutVector,
      otherModels,
      damaged,
      first: [...queuedFirst, ...missing.map(({ id, title }) => ({ id, title }))].slice(0, limit),
    };
  }

  /**
   * Embeds up to `limit` queued memories (fewest attempts, oldest first), EMBED_BATCH per request.
   * A memory changed while its text was being embedded stays queued (its new text is embedded
   * next); a failing batch is counted and kept, and draining stops.
   */
  async drain(limit = Number.POSITIVE_INFINITY): Promise<DrainResult> {
    const result: DrainResult = { embedded: 0, failed: 0 };
    const model = this.embedder.model;
    let taken = 0;
    while (taken < limit && this.db.open) {
      const batch = this.db.prepare(NEXT_BATCH).all(Math.min(EMBED_BATCH, limit - taken)) as Array<{
        id: number;
        title: string;
        body: string;
        scope: string;
        updated: number;
      }>;
      if (batch.length === 0) break;
      taken += batch.length;
      let vectors: Float32Array[];
      try {
        vectors = await this.embedder.embed(batch.map((m) => `${m.title}\n${m.body}`));
        if (vectors.length !== batch.length)
          throw new Error(`${vectors.length} embeddings came back for ${batch.length} texts`);
      } catch (error) {
        result.failed += batch.length;
        result.error = firstLine(error);
        if (!this.db.open) break;
        const fail = this.db.prepare(
          "UPDATE memory_embed_queue SET attempts = attempts + 1, last_error = ? WHERE id = ?",
        );
        this.db.transaction(() => {
          for (const m of batch) fail.run(`${model}: ${result.error}`, m.id);
        })();
        break;
      }
      if (!this.db.open) break;
      const updatedAt = this.db.prepare("SELECT updated_at AS updated, scope FROM memories WHERE id = ?");
      this.db.transaction(() => {
        batch.forEach((m, i) => {
          const now = updatedAt.get(m.id) as { updated: number; scope: string } | undefined;
          const vector = vectors[i];
          if (!now || now.updated !== m.updated || !vector || vector.length === 0) return;
          this.keep(m.id, now.scope, vector, result);
        });
      })();
    }
    return result;
  }

  /**
   * Stores a vector already computed for memory `id`'s current text (the governor embedded it to
   * compare, governor.ts) and takes the memory off the queue: the text is not embedded twice.
   */
  storeComputed(id: number, vector: Float32Array): DrainResult {
    const result: DrainResult = { embedded: 0, failed: 0 };
    const row = this.db.prepare("SELECT scope FROM memories WHERE id = ?").get(id) as
      | { scope: string }
      | undefined;
    if (row && vector.length > 0) this.db.transaction(() => this.keep(id, row.scope, vector, result))();
    return result;
  }

  /** Stores one vector, indexes it (a KNN problem is noted, not thrown) and dequeues its memory. */
  private keep(id: number, scope: string, vector: Float32Array, result: DrainResult): void {
    const model = this.embedder.model;
    this.store.setVector(id, model, vector);
    if (this.index)
      try {
        this.index.put(model, id, scope, vector);
      } catch (error) {
        result.indexProblem = `the KNN index could not take m${id} (${firstLine(error)}); picasso memory reindex rebuilds it`;
      }
    this.db.prepare("DELETE FROM memory_embed_queue WHERE id = ?").run(id);
    result.embedded++;
  }
}
