/**
 * FTS5 candidates for a query, with bounded work at any size. `ORDER BY rank` makes FTS5 score
 * every matching row, so one common word over 100k memories would cost tens of milliseconds.
 * Instead:
 * 1. each query word's matches are counted up to COMMON_AT (a LIMIT-ed scan of its doclist);
 * 2. the rare words (fewest matches first, while their matches add up to RARE_BUDGET at most)
 *    are ranked by bm25 over all their matches — few rows, and the informative ones;
 * 3. the common words only add their newest COMMON_CANDIDATES matches (rowid order, which FTS5
 *    walks without scoring the rest), each with its bm25.
 * bm25 is negative, lower is better; a common word's bm25 is small (low IDF), so rare-word
 * matches lead after normalisation, as bm25 over the whole query would have it.
 */
import type BetterSqlite3 from "better-sqlite3";

export const COMMON_AT = 1000;
export const RARE_BUDGET = 2000;
export const RANKED_CANDIDATES = 200;
export const COMMON_CANDIDATES = 100;
const MAX_QUERY_TERMS = 16;

/** The distinct words (letters, digits, `_`; two or more characters) of a query, at most 16. */
export function queryWords(text: string): string[] {
  return [...new Set((text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((w) => w.length > 1))].slice(
    0,
    MAX_QUERY_TERMS,
  );
}

function orOf(words: readonly string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"`).join(" OR ");
}

export class FtsCandidates {
  private readonly count;
  private readonly ranked;
  private readonly newest;

  constructor(db: BetterSqlite3.Database) {
    this.count = db.prepare(
      "SELECT count(*) AS n FROM (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?)",
    );
    this.ranked = db.prepare(
      "SELECT rowid AS id, rank AS bm25 FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?",
    );
    this.newest = db.prepare(
      "SELECT rowid AS id, bm25(memories_fts) AS bm25 FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC LIMIT ?",
    );
  }

  /** Row ids with their bm25, best first within each part. */
  find(text: string): Array<{ id: number; bm25: number }> {
    const words = queryWords(text);
    if (words.length === 0) return [];
    const counted = words
      .map((word) => ({ word, n: (this.count.get(orOf([word]), COMMON_AT + 1) as { n: number }).n }))
      .filter((c) => c.n > 0)
      .sort((a, b) => a.n - b.n);
    const rare: string[] = [];
    const common: string[] = [];
    let budget = RARE_BUDGET;
    for (const c of counted) {
      if (c.n <= COMMON_AT && c.n <= budget) {
        rare.push(c.word);
        budget -= c.n;
      } else common.push(c.word);
    }
    const out = new Map<number, number>();
    if (rare.length > 0)
      for (const r of this.ranked.all(orOf(rare), RANKED_CANDIDATES) as Array<{ id: number; bm25: number }>)
        out.set(r.id, r.bm25);
    if (common.length > 0)
      for (const r of this.newest.all(orOf(common), COMMON_CANDIDATES) as Array<{ id: number; bm25: number }>)
        if (!out.has(r.id)) out.set(r.id, r.bm25);
    return [...out].map(([id, bm25]) => ({ id, bm25 }));
  }
}
