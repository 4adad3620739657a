/**
 * Vectors for a memory service with an embedder: the embed queue (embed-queue.ts) and the KNN
 * index (vector-index.ts) behind three moments —
 * - `afterWrite`: a write has queued its memory (in its own transaction); this embeds it and a few
 *   others still pending (earlier failures are retried at every write);
 * - `catchUp`: at session start, memories without a vector of this model are queued (a new
 *   model, memories written without an embedder) and a bounded number is embedded;
 * - `reindex` (`picasso memory reindex [--dry-run]`): everything missing is queued, the model's KNN
 *   tables are rebuilt from the stored vectors, the queue is drained, and KNN tables of models no
 *   memory has a vector of any more are dropped.
 */
import { type DrainResult, EmbedQueue, type ReindexPlan } from "./embed-queue.js";
import type { Embedder } from "./embeddings.js";
import type { MemoryStore } from "./memory-store.js";
import { KNN_TABLE, openVectorIndex, type VectorIndex } from "./vector-index.js";

/** Queued memories embedded right after a write (the written one first). */
export const EMBED_AFTER_WRITE = 8;
/** Queued memories embedded at session start, in the background. */
export const EMBED_AT_START = 256;

export interface ReindexReport {
  plan: ReindexPlan;
  /** Absent on a dry run. */
  drained?: DrainResult;
  rebuilt?: { indexed: number; skipped: number };
  dropped?: string[];
  /** Why there is no KNN index (sqlite-vec did not load), if so. */
  indexProblem?: string;
}

export class MemoryVectors {
  readonly queue: EmbedQueue;
  private readonly opened: VectorIndex | { problem: string };

  constructor(
    private readonly store: MemoryStore,
    readonly embedder: Embedder,
    now: () => number = Date.now,
  ) {
    this.opened = openVectorIndex(store.db);
    this.queue = new EmbedQueue(store, embedder, this.index(), now);
  }

  index(): VectorIndex | undefined {
    return "problem" in this.opened ? undefined : this.opened;
  }

  /** Why there is no KNN index, if so. */
  indexProblem(): string | undefined {
    return "problem" in this.opened ? this.opened.problem : undefined;
  }

  afterWrite(limit = EMBED_AFTER_WRITE): Promise<DrainResult> {
    return this.queue.drain(limit);
  }

  catchUp(limit = EMBED_AT_START): Promise<DrainResult> {
    if (this.queue.hasUnqueuedMissing()) this.store.db.transaction(() => this.queue.enqueueMissing())();
    return this.queue.drain(limit);
  }

  async reindex(options: { dryRun?: boolean } = {}): Promise<ReindexReport> {
    const plan = this.queue.plan();
    const problem = this.indexProblem();
    const base = { plan, ...(problem ? { indexProblem: problem } : {}) };
    if (options.dryRun) return base;
    this.store.db.transaction(() => this.queue.enqueueMissing())();
    const index = this.index();
    let rebuilt: { indexed: number; skipped: number } | undefined;
    if (index) {
      rebuilt = { indexed: 0, skipped: 0 };
      for (const dims of this.dimsOf(this.embedder.model)) {
        const r = index.rebuild(this.embedder.model, dims);
        rebuilt.indexed += r.indexed;
        rebuilt.skipped += r.skipped;
      }
    }
    const drained = await this.queue.drain();
    const dropped = index ? this.dropUnused() : [];
    return { ...base, drained, ...(rebuilt ? { rebuilt } : {}), dropped };
  }

  /** The dimensions this model's vectors or KNN tables have. */
  private dimsOf(model: string): number[] {
    const rows = this.store.db
      .prepare(
        `SELECT dims FROM memory_vector_indexes WHERE model = ?
         UNION SELECT DISTINCT dims FROM memory_vectors WHERE model = ? AND dims > 0`,
      )
      .all(model, model) as Array<{ dims: number }>;
    return rows.map((r) => r.dims);
  }

  /** Drops the KNN tables of (model, dims) pairs no stored vector has any more. */
  private dropUnused(): string[] {
    const db = this.store.db;
    const unused = db
      .prepare(
        `SELECT name FROM memory_vector_indexes i WHERE NOT EXISTS
         (SELECT 1 FROM memory_vectors v WHERE v.model = i.model AND v.dims = i.dims)`,
      )
      .all()
      .filter((r) => KNN_TABLE.test((r as { name: string }).name)) as Array<{ name: string }>;
    db.transaction(() => {
      for (const { name } of unused) {
        db.exec(`DROP TABLE IF EXISTS ${name}`);
        db.prepare("DELETE FROM memory_vector_indexes WHERE name = ?").run(name);
      }
    })();
    return unused.map((u) => u.name);
  }
}
