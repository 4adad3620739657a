/**
 * The relevance floor and the `why` of a result. A match (ranking.ts `matchesQuery`) is returned
 * only when its relevance — the larger of its query coverage (the rarity-weighted share of the
 * query's words it contains) and its vector similarity, both absolute figures in [0, 1] — reaches
 * the floor
 * (`memory.recall.minScore`, DEFAULT_MIN_SCORE), so a query nothing answers well loads nothing
 * rather than the least bad memories; importance and recency order what passes, and never make an
 * important or fresh memory relevant to every query. Each result says which terms made its score:
 * the vector similarity, the query words it contains, importance and recency, each with the points
 * it added (weight × term).
 */
import { activeWeights, type Candidate, type Terms } from "./ranking.js";

/**
 * The default floor, chosen on the retrieval eval's dev split (docs/memory.md, "Relevance floor"):
 * at 0.45 none of the 6 queries nothing answers loads a body, with or without (mock) vectors, and
 * 21 of 22 keyword queries find their memory; 0.35 loads an unrelated body, 0.5 loses a second
 * keyword query. A memory passes when it covers ~half the query's weight, or its vector is that close.
 */
export const DEFAULT_MIN_SCORE = 0.45;

export interface Why {
  /** Cosine similarity and the points it added, when vectors were in the score. */
  vector?: { cosine: number; points: number };
  /** The query words this memory contains, the share of the query they cover, and the points. */
  fts?: { terms: string[]; coverage: number; points: number };
  importance: { value: number; points: number };
  recency: { days: number; points: number };
}

export interface Explained {
  id: number;
  /** The whole score: it orders the results. */
  score: number;
  /** How well it answers the query, in [0, 1]: the larger of its query coverage and its vector similarity. The floor applies to it. */
  relevance: number;
  why: Why;
}

const DAY_MS = 86_400_000;

export function explain(c: Candidate, t: Terms, withVectors: boolean, now: number): Explained {
  const w = activeWeights(withVectors);
  const why: Why = {
    ...(withVectors && c.cosine !== undefined
      ? { vector: { cosine: c.cosine, points: w.vector * t.vector } }
      : {}),
    ...(t.fts > 0 ? { fts: { terms: [], coverage: t.fts, points: w.fts * t.fts } } : {}),
    importance: { value: c.importance, points: w.importance * t.importance },
    recency: { days: Math.max(0, now - c.touchedAt) / DAY_MS, points: w.recency * t.recency },
  };
  const score =
    (why.vector?.points ?? 0) + (why.fts?.points ?? 0) + why.importance.points + why.recency.points;
  const relevance = Math.max(t.vector, t.fts);
  return { id: c.id, score, relevance, why };
}

/** The results whose relevance is at least `minScore`, best score first (ties: newer id first). */
export function applyFloor(results: readonly Explained[], minScore: number): Explained[] {
  return results.filter((r) => r.relevance >= minScore).sort((a, b) => b.score - a.score || b.id - a.id);
}

/** One line: `vector 0.72 (+0.43) · fts "helm" "rollout" 100% of the query (+0.25) · importance 4 (+0.08) · recency 2d (+0.04)`. */
export function describeWhy(why: Why): string {
  const pts = (n: number) => `(+${n.toFixed(3)})`;
  return [
    ...(why.vector ? [`vector ${why.vector.cosine.toFixed(2)} ${pts(why.vector.points)}`] : []),
    ...(why.fts
      ? [
          `fts ${why.fts.terms.map((t) => `"${t}"`).join(" ")} ${Math.round(why.fts.coverage * 100)}% of the query ${pts(why.fts.points)}`,
        ]
      : []),
    `importance ${why.importance.value} ${pts(why.importance.points)}`,
    `recency ${why.recency.days < 1 ? "<1" : Math.round(why.recency.days)}d ${pts(why.recency.points)}`,
  ].join(" · ");
}
