/**
 * The relevance floor and the `why` of a result. A match (ranking.ts `matchesQuery`) is returned
 * only when its combined score reaches the floor (`memory.recall.minScore`, DEFAULT_MIN_SCORE), so
 * a query nothing answers well loads nothing rather than the least bad memories. Each result says
 * which terms made its score: the vector similarity, the query words FTS matched, importance and
 * recency, each with the points it added (weight × term).
 */
import { activeWeights, type Candidate, type Terms } from "./ranking.js";

/**
 * The default floor, chosen on data (relevance-floor.test.ts; docs/memory.md, "Relevance floor"):
 * with the mock's embeddings, the 10 answerable queries' targets scored 0.531–0.767 and every other
 * match (a shared common word, a hash collision) 0.100–0.368; 0.45 lies between. By the weights, a
 * memory passes on vector similarity alone from a cosine of about 0.58 (average importance, fresh),
 * and a keyword match that is the best FTS hit always passes.
 */
export const DEFAULT_MIN_SCORE = 0.45;

export interface Why {
  /** Cosine similarity and the points it added, when vectors were in the score. */
  vector?: { cosine: number; points: number };
  /** The query words FTS matched in this memory, its bm25 relative to the best, and the points. */
  fts?: { terms: string[]; relative: number; points: number };
  importance: { value: number; points: number };
  recency: { days: number; points: number };
}

export interface Explained {
  id: number;
  score: number;
  why: Why;
}

const DAY_MS = 86_400_000;

export function explain(c: Candidate, t: Terms, withVectors: boolean, now: number): Explained {
  const w = activeWeights(withVectors);
  const why: Why = {
    ...(withVectors && c.cosine !== undefined
      ? { vector: { cosine: c.cosine, points: w.vector * t.vector } }
      : {}),
    ...(c.bm25 !== undefined ? { fts: { terms: [], relative: t.fts, points: w.fts * t.fts } } : {}),
    importance: { value: c.importance, points: w.importance * t.importance },
    recency: { days: Math.max(0, now - c.touchedAt) / DAY_MS, points: w.recency * t.recency },
  };
  const score =
    (why.vector?.points ?? 0) + (why.fts?.points ?? 0) + why.importance.points + why.recency.points;
  return { id: c.id, score, why };
}

/** The results at or above `minScore`, best first (ties: newer id first). */
export function applyFloor(results: readonly Explained[], minScore: number): Explained[] {
  return results.filter((r) => r.score >= minScore).sort((a, b) => b.score - a.score || b.id - a.id);
}

/** One line: `vector 0.72 (+0.43) · fts "helm" "rollout" (+0.25) · importance 4 (+0.08) · recency 2d (+0.04)`. */
export function describeWhy(why: Why): string {
  const pts = (n: number) => `(+${n.toFixed(3)})`;
  return [
    ...(why.vector ? [`vector ${why.vector.cosine.toFixed(2)} ${pts(why.vector.points)}`] : []),
    ...(why.fts
      ? [
          `fts ${why.fts.terms.length > 0 ? why.fts.terms.map((t) => `"${t}"`).join(" ") : "(stemmed match)"} ${pts(why.fts.points)}`,
        ]
      : []),
    `importance ${why.importance.value} ${pts(why.importance.points)}`,
    `recency ${why.recency.days < 1 ? "<1" : Math.round(why.recency.days)}d ${pts(why.recency.points)}`,
  ].join(" · ");
}
