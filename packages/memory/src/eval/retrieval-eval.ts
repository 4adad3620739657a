/**
 * The retrieval-quality eval (docs/memory.md, "Retrieval quality"): loads an eval set's memories
 * into a fresh `memory.db` in a temporary folder through the normal write path
 * (`MemoryService.remember`, so an embedder stores vectors as a session's would), then asks each
 * query through the normal recall path (`recallQuery`, limit 5) from a session of the set's
 * project, and scores what came back:
 * - recall@k: the share of a query's relevant memories among the k returned (a near-duplicate of
 *   one counts as it), averaged over the queries that have relevant memories; also for the
 *   queries that share a keyword with their targets and for those that share none;
 * - precision: the share of all bodies returned for those queries that are relevant;
 * - MRR: 1 / the rank of the first relevant body (0 when none is returned), averaged;
 * - unrelated bodies loaded: every body returned for a query no memory answers (goal 0);
 * - outdated returned: bodies of memories another one supersedes.
 * Deterministic: the clock is simulated (memories one hour apart, queries a day after the last),
 * and each recall runs in a transaction rolled back afterwards, so marking memories used never
 * changes the next query's ranking. The folder is removed at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UserError } from "@picasso/protocol";
import type { Embedder } from "../embeddings.js";
import { DEFAULT_RECALL_LIMIT, MemoryInputError, MemoryService } from "../memory-service.js";
import { MemoryStore } from "../memory-store.js";
import { openMemoryDb } from "../open-db.js";
import { DEFAULT_MIN_SCORE } from "../relevance.js";
import type { RetrievalEvalSet } from "./eval-data.js";

const HOUR = 3_600_000;
/** 2026-01-05T09:00Z: the simulated time of the first memory. */
const START = Date.UTC(2026, 0, 5, 9);

export interface RetrievalEvalOptions {
  /** Vectors on write and recall (the with-vectors figures); none: FTS, importance and recency. */
  embedder?: Embedder;
  /** Bodies a recall returns (default recall's own, 5). */
  limit?: number;
  /** Where the temporary folder with memory.db is made (default: the OS's temp folder). */
  tmpRoot?: string;
  /** The relevance floor of recall (default: `memory.recall.minScore`'s default, DEFAULT_MIN_SCORE). */
  minScore?: number;
}

export interface QueryOutcome {
  query: string;
  relevant: string[];
  sharesKeyword?: boolean;
  /** Eval ids of the bodies recall returned, in order. */
  returned: string[];
  /** Relevant memories found (a near-duplicate counting as the memory it restates). */
  found: string[];
  /** Undefined for a query no memory answers. */
  recall?: number;
  reciprocalRank?: number;
}

export interface RetrievalEvalReport {
  file: string;
  split?: string;
  /** `none`, or the embedder's model. */
  embeddings: string;
  /** The relevance floor recall ran with. */
  minScore: number;
  /** Memories in the set; rows the write path kept for them; near-duplicates it refused. */
  memories: number;
  stored: number;
  duplicatesRefused: number;
  /** Memories the project's session can read; vectors the write path stored. */
  visibleMemories: number;
  vectorsStored: number;
  k: number;
  queries: number;
  /** Queries with relevant memories; of them sharing no keyword with their targets. */
  relevantQueries: number;
  noKeywordQueries: number;
  noRelevantQueries: number;
  recall: number;
  recallKeyword: number;
  recallNoKeyword: number;
  /** Undefined when no body was returned for any query with relevant memories. */
  precision?: number;
  mrr: number;
  /** Bodies returned per query with relevant memories, on average. */
  meanReturned: number;
  unrelatedBodiesLoaded: number;
  /** Queries no memory answers for which recall loaded at least one body. */
  noRelevantQueriesWithBodies: number;
  outdatedReturned: number;
  results: QueryOutcome[];
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * Writes the memories in order (an update with `supersedes` naming the memory it replaces); returns
 * the eval id of each row. A write that lands on a row
 * written before (a write path that merges a near-duplicate into it) keeps that row's eval id;
 * a near-duplicate the write path refuses is counted, any other refusal is the set's mistake.
 */
async function writeMemories(
  set: RetrievalEvalSet,
  service: MemoryService,
  clock: { at: number },
): Promise<{ evalIdOf: Map<number, string>; duplicatesRefused: number }> {
  const evalIdOf = new Map<number, string>();
  const dbIdOf = new Map<string, number>();
  let duplicatesRefused = 0;
  for (const [i, m] of set.memories.entries()) {
    clock.at = START + i * HOUR;
    // An update names the memory it replaces, as the remember tool lets the model say it.
    const replaced = m.supersedes !== undefined ? dbIdOf.get(m.supersedes) : undefined;
    try {
      const { memory } = await service.remember({
        title: m.title,
        body: m.body,
        class: m.class,
        scope: m.scope,
        importance: m.importance,
        ...(replaced !== undefined ? { supersedes: `m${replaced}` } : {}),
      });
      if (!dbIdOf.has(m.id)) dbIdOf.set(m.id, memory.id);
      if (!evalIdOf.has(memory.id)) evalIdOf.set(memory.id, m.id);
    } catch (error) {
      if (!(error instanceof MemoryInputError)) throw error;
      if (m.duplicateOf) duplicatesRefused++;
      else throw new UserError(`${set.memoriesFile}: ${m.id}: ${error.message}`);
    }
  }
  return { evalIdOf, duplicatesRefused };
}

export async function runRetrievalEval(
  set: RetrievalEvalSet,
  options: RetrievalEvalOptions = {},
): Promise<RetrievalEvalReport> {
  const k = options.limit ?? DEFAULT_RECALL_LIMIT;
  const dir = mkdtempSync(join(options.tmpRoot ?? tmpdir(), "picasso-memory-eval-"));
  const path = join(dir, "memory.db");
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const clock = { at: START };
  const now = () => clock.at;
  const store = new MemoryStore(opened.db, path, now);
  try {
    const service = new MemoryService(store, {
      projectScope: `project:${set.project}`,
      now,
      ...(options.embedder ? { embedder: options.embedder } : {}),
      ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
    });
    const { evalIdOf, duplicatesRefused } = await writeMemories(set, service, clock);
    const vectorsStored = options.embedder
      ? store.vectors([...evalIdOf.keys()], options.embedder.model).size
      : 0;
    clock.at = START + set.memories.length * HOUR + 24 * HOUR;

    const canonical = new Map(set.memories.map((m) => [m.id, m.duplicateOf ?? m.id]));
    const outdated = new Set(set.memories.flatMap((m) => (m.supersedes ? [m.supersedes] : [])));
    const results: QueryOutcome[] = [];
    for (const q of set.queries) {
      opened.db.exec("BEGIN");
      let bodies: Array<{ id: number }>;
      try {
        bodies = await service.recallQuery(q.query, k);
      } finally {
        opened.db.exec("ROLLBACK");
      }
      const returned = bodies.map((b) => evalIdOf.get(b.id) ?? `m${b.id}`);
      const found = [...new Set(returned.map((id) => canonical.get(id) ?? id))].filter((id) =>
        q.relevant.includes(id),
      );
      const first = returned.findIndex((id) => q.relevant.includes(canonical.get(id) ?? id));
      results.push({
        query: q.query,
        relevant: q.relevant,
        ...(q.sharesKeyword !== undefined ? { sharesKeyword: q.sharesKeyword } : {}),
        returned,
        found,
        ...(q.relevant.length > 0
          ? { recall: found.length / q.relevant.length, reciprocalRank: first < 0 ? 0 : 1 / (first + 1) }
          : {}),
      });
    }

    const answered = results.filter((r) => r.relevant.length > 0);
    const none = results.filter((r) => r.relevant.length === 0);
    const returnedForAnswered = answered.reduce((n, r) => n + r.returned.length, 0);
    const relevantReturned = answered.reduce(
      (n, r) => n + r.returned.filter((id) => r.relevant.includes(canonical.get(id) ?? id)).length,
      0,
    );
    const visible = new Set(service.scopes());
    return {
      file: set.file,
      ...(set.split ? { split: set.split } : {}),
      embeddings: options.embedder?.model ?? "none",
      minScore: options.minScore ?? DEFAULT_MIN_SCORE,
      memories: set.memories.length,
      stored: evalIdOf.size,
      duplicatesRefused,
      visibleMemories: set.memories.filter((m) => visible.has(m.scope)).length,
      vectorsStored,
      k,
      queries: results.length,
      relevantQueries: answered.length,
      noKeywordQueries: answered.filter((r) => r.sharesKeyword === false).length,
      noRelevantQueries: none.length,
      recall: mean(answered.map((r) => r.recall ?? 0)),
      recallKeyword: mean(answered.filter((r) => r.sharesKeyword !== false).map((r) => r.recall ?? 0)),
      recallNoKeyword: mean(answered.filter((r) => r.sharesKeyword === false).map((r) => r.recall ?? 0)),
      ...(returnedForAnswered > 0 ? { precision: relevantReturned / returnedForAnswered } : {}),
      mrr: mean(answered.map((r) => r.reciprocalRank ?? 0)),
      meanReturned: mean(answered.map((r) => r.returned.length)),
      unrelatedBodiesLoaded: none.reduce((n, r) => n + r.returned.length, 0),
      noRelevantQueriesWithBodies: none.filter((r) => r.returned.length > 0).length,
      outdatedReturned: results.reduce((n, r) => n + r.returned.filter((id) => outdated.has(id)).length, 0),
      results,
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
