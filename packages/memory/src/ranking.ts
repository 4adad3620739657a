/**
 * Hybrid ranking of recall candidates (pure):
 *   score = 0.60·vector + 0.25·fts + 0.10·importance + 0.05·recency
 * Each term is in [0, 1]:
 * - vector: cosine similarity of query and memory embeddings, clamped at 0;
 * - fts: the query's coverage (query-coverage.ts): the rarity-weighted share of the query's topic
 *   words the memory contains (all of them is 1, none 0) — absolute, unlike bm25 relative to the
 *   best hit, so a memory that only shares one common word with the query scores low;
 * - importance: (importance − 1) / 4;
 * - recency: 0.5 ^ (days since last update or use / 30).
 * Without embeddings the vector weight is dropped and the others renormalise (0.625 / 0.25 /
 * 0.125). Ties break by id (newer first), so the order is the same for the same inputs.
 */

export const WEIGHTS = { vector: 0.6, fts: 0.25, importance: 0.1, recency: 0.05 } as const;
export const RECENCY_HALF_LIFE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface Candidate {
  id: number;
  importance: number;
  /** Last update or use (ms). */
  touchedAt: number;
  /** bm25 (lower is better, negative) when FTS found it (it orders the candidates FTS gives). */
  bm25?: number;
  /** The share of the query it covers, in [0, 1] (query-coverage.ts), when it has any query word. */
  coverage?: number;
  /** Cosine similarity to the query, when both have embeddings. */
  cosine?: number;
}

export interface Ranked {
  id: number;
  score: number;
}

export interface Weights {
  vector: number;
  fts: number;
  importance: number;
  recency: number;
}

/** The weights in use: all four with embeddings, else the three others renormalised. */
export function activeWeights(withVectors: boolean): Weights {
  if (withVectors) return { ...WEIGHTS };
  const rest = WEIGHTS.fts + WEIGHTS.importance + WEIGHTS.recency;
  return {
    vector: 0,
    fts: WEIGHTS.fts / rest,
    importance: WEIGHTS.importance / rest,
    recency: WEIGHTS.recency / rest,
  };
}

export function describeWeights(withVectors: boolean): string {
  const w = activeWeights(withVectors);
  const terms = [
    ...(withVectors ? [`${w.vector.toFixed(2)}·vector`] : []),
    `${w.fts.toFixed(3)}·fts`,
    `${w.importance.toFixed(3)}·importance`,
    `${w.recency.toFixed(3)}·recency`,
  ];
  return withVectors
    ? `hybrid ${terms.join(" + ")}`
    : `${terms.join(" + ")} (no embeddings endpoint: the vector weight renormalised over the rest)`;
}

/**
 * The least cosine similarity that makes a memory no word of the query found a match. Embedding
 * models put unrelated texts well above 0 (often 0.2–0.4), so "any positive similarity" would
 * match every memory again; 0.4 keeps what a model calls close.
 */
export const MIN_VECTOR_MATCH = 0.4;

/**
 * Whether a candidate answers the query at all: it contains one of the query's topic words, or
 * (with embeddings) its vector is close. Importance and recency order the matches; they never make
 * one, or a query with no matching word would return the newest memories as if they answered it.
 */
export function matchesQuery(candidate: Candidate, withVectors: boolean): boolean {
  if ((candidate.coverage ?? 0) > 0) return true;
  return withVectors && candidate.cosine !== undefined && candidate.cosine >= MIN_VECTOR_MATCH;
}

export function recency(touchedAt: number, now: number): number {
  const days = Math.max(0, now - touchedAt) / DAY_MS;
  return 0.5 ** (days / RECENCY_HALF_LIFE_DAYS);
}

/** A candidate's four terms, each in [0, 1], before weighting. */
export interface Terms {
  vector: number;
  fts: number;
  importance: number;
  recency: number;
}

/** The terms of `c`. */
export function termsOf(c: Candidate, now: number, withVectors: boolean): Terms {
  return {
    vector: withVectors && c.cosine !== undefined ? Math.max(0, c.cosine) : 0,
    fts: c.coverage ?? 0,
    importance: (c.importance - 1) / 4,
    recency: recency(c.touchedAt, now),
  };
}

export function rank(candidates: readonly Candidate[], now: number, withVectors: boolean): Ranked[] {
  const w = activeWeights(withVectors);
  return candidates
    .map((c) => {
      const t = termsOf(c, now, withVectors);
      const score = w.vector * t.vector + w.fts * t.fts + w.importance * t.importance + w.recency * t.recency;
      return { id: c.id, score };
    })
    .sort((a, b) => b.score - a.score || b.id - a.id);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
