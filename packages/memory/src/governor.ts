/**
 * The governor: what a write does to the memories already there (docs/memory.md, "The governor").
 * Before `remember` (the tool, `picasso memory add`) stores a memory whose title is new in its
 * scope, it compares it with the live memories of the same scope that could be its near duplicates (a
 * bounded FTS5 candidate set, duplicate-candidates.ts) and, when the session has an embedder, their
 * vectors (`GovernorVectors`). With near-duplicate.ts's rules, the first match in id order
 * decides:
 * - an exact duplicate (any class) or a restatement (same class) is **merged**: nothing new is
 *   stored; the existing memory is kept, its importance raised by one (at most 5, or to the
 *   importance asked for if higher) and its update time set to now — the answer names its id;
 * - a near duplicate of the same class that says something else **supersedes** it: the new
 *   memory is stored and the old one retired (`superseded_by`), kept for `show` and `list --all`;
 * - otherwise the memory is simply added.
 * An explicit `supersedes: m12` retires m12 whatever its text (it must be live and in a scope the
 * session reads). All of it is deterministic: same database, same input, same clock → same result.
 */
import { DuplicateCandidates } from "./duplicate-candidates.js";
import { LIVE, type MemoryStore } from "./memory-store.js";
import type { Memory, MemoryClass } from "./memory-types.js";
import { compareStatements, type Likeness } from "./near-duplicate.js";

/** How many nearest vectors a KNN index adds. */
export const NEIGHBOURS = 10;

/**
 * Vectors for the comparison, when the session has an embedder: the new text's vector and the
 * stored ones of the same model. A vector index (KNN) may add `neighbours`, memories close to
 * the vector that share no word with the text.
 */
export interface GovernorVectors {
  embed(text: string): Promise<Float32Array | undefined>;
  stored(ids: readonly number[]): Map<number, Float32Array>;
  neighbours?(vector: Float32Array, scope: string, k: number): number[];
}

/**
 * The live memories of a scope among candidate ids, in id order. `+scope` keeps SQLite from
 * walking the scope's index (every memory of the scope, 45,000 at 100k) instead of looking the
 * few ids up by primary key.
 */
export const LIVE_IN_SCOPE = `SELECT id FROM memories WHERE id IN (SELECT value FROM json_each(?)) AND +scope = ? AND ${LIVE} ORDER BY id`;

export interface Proposed {
  title: string;
  body: string;
  scope: string;
  class: MemoryClass;
}

export type Verdict =
  | { action: "add" }
  | { action: "merge"; existing: Memory; likeness: Likeness }
  | { action: "supersede"; existing: Memory; likeness: Likeness };

export class MemoryGovernor {
  private readonly candidates: DuplicateCandidates;
  private readonly liveInScope;

  constructor(
    private readonly store: MemoryStore,
    private readonly vectors?: GovernorVectors,
  ) {
    this.candidates = new DuplicateCandidates(store.db);
    this.liveInScope = store.db.prepare(LIVE_IN_SCOPE);
  }

  /** What writing `next` should do (see the module comment). */
  async judge(next: Proposed): Promise<Verdict> {
    const text = `${next.title}\n${next.body}`;
    const ids = new Set(this.candidates.find(text));
    const liveOf = (all: Set<number>) =>
      (this.liveInScope.all(JSON.stringify([...all]), next.scope) as Array<{ id: number }>).map((r) => r.id);
    let live = liveOf(ids);
    // The text is embedded only when a vector can matter: a KNN index to ask, or candidates to compare.
    const vector =
      this.vectors && (this.vectors.neighbours || live.length > 0)
        ? await this.vectors.embed(text).catch(() => undefined)
        : undefined;
    if (vector && this.vectors?.neighbours) {
      for (const id of this.vectors.neighbours(vector, next.scope, NEIGHBOURS)) ids.add(id);
      live = liveOf(ids);
    }
    if (live.length === 0) return { action: "add" };
    const stored = vector && this.vectors ? this.vectors.stored(live) : new Map<number, Float32Array>();
    let update: Verdict | undefined;
    for (const existing of this.store.getMany(live)) {
      const storedVector = stored.get(existing.id);
      const likeness = compareStatements(
        { title: next.title, body: next.body, ...(vector ? { vector } : {}) },
        { title: existing.title, body: existing.body, ...(storedVector ? { vector: storedVector } : {}) },
      );
      if (likeness.kind === "exact") return { action: "merge", existing, likeness };
      if (existing.class !== next.class) continue;
      if (likeness.kind === "restated") return { action: "merge", existing, likeness };
      if (likeness.kind === "near") update ??= { action: "supersede", existing, likeness };
    }
    return update ?? { action: "add" };
  }

  /** A merge: the existing memory stays, a little more important and touched now. */
  merge(existing: Memory, importance: number | undefined, at: number): Memory {
    const raised = Math.min(5, Math.max(existing.importance + 1, importance ?? 0));
    this.store.db
      .prepare("UPDATE memories SET importance = ?, updated_at = ? WHERE id = ?")
      .run(raised, at, existing.id);
    return this.store.get(existing.id) ?? existing;
  }

  /** Retires `oldId` in favour of `newId` (kept, out of recall). */
  supersede(oldId: number, newId: number): void {
    this.store.db.prepare("UPDATE memories SET superseded_by = ? WHERE id = ?").run(newId, oldId);
  }
}
