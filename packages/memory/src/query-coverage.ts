/**
 * How much of a query a memory covers: the share of the query's topic words (stop words dropped,
 * stop-words.ts) the memory contains, each word weighted by its rarity (inverse document
 * frequency) — so "kafka topic retention settings" is covered 0.2 by a memory that only mentions
 * settings, and 1 by one that has all four words. Unlike bm25 relative to the best hit, this is an
 * absolute figure in [0, 1]: a word no memory contains still counts in the whole, which is what
 * lets the relevance floor (relevance.ts) refuse a query nothing answers.
 *
 * Words are matched by FTS5 itself (`porter unicode61`, schema.ts), so "deploys" covers "deploy".
 * The work is bounded at any size: a word's document count is counted up to COMMON_AT, and its
 * presence is looked up only in the candidates' rows.
 */
import type BetterSqlite3 from "better-sqlite3";
import { COMMON_AT, queryWords } from "./fts-candidates.js";
import { STOP_WORDS } from "./stop-words.js";

export interface Coverage {
  /** Per candidate id: its covered share in [0, 1]. Candidates that cover nothing are absent. */
  share: Map<number, number>;
  /** Per candidate id: the query words it contains, in query order. */
  terms: Map<number, string[]>;
}

/** The query's topic words: its FTS words without stop words (all of them if every word is one). */
export function topicQueryWords(query: string): string[] {
  const words = queryWords(query);
  const topical = words.filter((w) => !STOP_WORDS.has(w));
  return topical.length > 0 ? topical : words;
}

/**
 * Rarity is measured as if there were at least this many memories: in a small store every word is
 * rare, and a query's words weigh nearly alike until the store is large enough to tell them apart
 * (with 3 memories, "which postgres version?" is covered at ~0.5 by "Postgres 16 runs in docker").
 */
export const RARITY_FLOOR_MEMORIES = 1000;

function phrase(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

const perDatabase = new WeakMap<BetterSqlite3.Database, QueryCoverage>();

/** The coverage measure of `db`, its statements prepared once per connection. */
export function queryCoverageOf(db: BetterSqlite3.Database): QueryCoverage {
  let coverage = perDatabase.get(db);
  if (!coverage) {
    coverage = new QueryCoverage(db);
    perDatabase.set(db, coverage);
  }
  return coverage;
}

export class QueryCoverage {
  private readonly count;
  private readonly present;
  private readonly size;

  constructor(db: BetterSqlite3.Database) {
    this.count = db.prepare(
      "SELECT count(*) AS n FROM (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?)",
    );
    // Bound as integers: FTS5 does not apply a rowid constraint bound as a REAL (a JS number).
    this.present = db.prepare(
      "SELECT rowid AS id FROM memories_fts WHERE memories_fts MATCH ? AND rowid IN (SELECT CAST(value AS INTEGER) FROM json_each(?))",
    );
    // The largest id stands in for the number of memories: O(1), and an overestimate after removals
    // only raises every word's weight alike.
    this.size = db.prepare("SELECT coalesce(max(id), 0) AS n FROM memories");
  }

  measure(query: string, candidateIds: readonly number[]): Coverage {
    const share = new Map<number, number>();
    const terms = new Map<number, string[]>();
    const words = topicQueryWords(query);
    if (words.length === 0 || candidateIds.length === 0) return { share, terms };
    const total = Math.max(RARITY_FLOOR_MEMORIES, (this.size.get() as { n: number }).n);
    const ids = JSON.stringify(candidateIds);
    let whole = 0;
    const weight = new Map<number, number>();
    for (const word of words) {
      const n = (this.count.get(phrase(word), COMMON_AT + 1) as { n: number }).n;
      // A word no memory has weighs as a word one memory has: absent or rare, it is what the query is about.
      const idf = Math.log(1 + (total + 1) / (Math.max(n, 1) + 0.5));
      whole += idf;
      if (n === 0) continue;
      for (const { id } of this.present.all(phrase(word), ids) as Array<{ id: number }>) {
        weight.set(id, (weight.get(id) ?? 0) + idf);
        terms.set(id, [...(terms.get(id) ?? []), word]);
      }
    }
    for (const [id, w] of weight) share.set(id, Math.min(1, w / whole));
    return { share, terms };
  }
}
