/**
 * How much of a query a memory covers: the share of the query's topic words (stop words dropped,
 * stop-words.ts) the memory contains, each word weighted by its rarity (inverse document
 * frequency) — so "kafka topic retention settings" is covered 0.2 by a memory that only mentions
 * settings, and 1 by one that has all four words. Unlike bm25 relative to the best hit, this is an
 * absolute figure in [0, 1]: a word no memory contains still counts in the whole, which is what
 * lets the relevance floor (relevance.ts) refuse a query nothing answers.
 *
 * Words are matched by FTS5 itself (`porter unicode61`, schema.ts), so "deploys" covers "deploy".
 * The work is bounded at any size: a word's matches are read up to COMMON_AT + 1 (that many tell
 * its rarity, and for a rarer word they are all its matches); a more common word is looked up among
 * the candidates' own texts only (CandidateTexts).
 */
import type BetterSqlite3 from "better-sqlite3";
import { COMMON_AT, queryWords } from "./fts-candidates.js";
import { loadDriver } from "./open-db.js";
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

/**
 * The candidates' own texts in a scratch in-memory FTS5 table with memories_fts's tokenizer: a
 * common word's matches among a few hundred rows are found there in microseconds, where FTS5 on
 * memories_fts walks the word's whole doclist (tens of thousands of rows at 100k) for each rowid.
 */
class CandidateTexts {
  private readonly scratch: BetterSqlite3.Database;
  private readonly clear;
  private readonly insert;
  private readonly match;
  private readonly texts;

  constructor(db: BetterSqlite3.Database) {
    const Database = loadDriver();
    this.scratch = new Database(":memory:");
    this.scratch.exec("CREATE VIRTUAL TABLE texts USING fts5 (title, body, tokenize = 'porter unicode61')");
    this.clear = this.scratch.prepare("DELETE FROM texts");
    this.insert = this.scratch.prepare("INSERT INTO texts (rowid, title, body) VALUES (?, ?, ?)");
    this.match = this.scratch.prepare("SELECT rowid FROM texts WHERE texts MATCH ?").pluck();
    this.texts = db.prepare(
      "SELECT id, title, body FROM memories WHERE id IN (SELECT value FROM json_each(?))",
    );
  }

  /** Loads the candidates' texts, replacing the last set. */
  load(ids: readonly number[]): void {
    const rows = this.texts.all(JSON.stringify(ids)) as Array<{ id: number; title: string; body: string }>;
    this.scratch.transaction(() => {
      this.clear.run();
      for (const r of rows) this.insert.run(r.id, r.title, r.body);
    })();
  }

  /** The loaded candidates that contain `word`. */
  containing(word: string): number[] {
    return this.match.all(phrase(word)) as number[];
  }
}

export class QueryCoverage {
  private readonly matches;
  private readonly size;
  private candidateTexts: CandidateTexts | undefined;

  constructor(private readonly db: BetterSqlite3.Database) {
    // A word's matches up to COMMON_AT + 1: how many there are (its rarity), and for a word with few,
    // all of them, intersected with the candidates here.
    this.matches = db.prepare("SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?").pluck();
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
    const wanted = new Set(candidateIds);
    let whole = 0;
    let loaded = false;
    const weight = new Map<number, number>();
    for (const word of words) {
      const matched = this.matches.all(phrase(word), COMMON_AT + 1) as number[];
      const n = matched.length;
      // A word no memory has weighs as a word one memory has: absent or rare, it is what the query is about.
      const idf = Math.log(1 + (total + 1) / (Math.max(n, 1) + 0.5));
      whole += idf;
      if (n === 0) continue;
      let found: number[];
      if (n <= COMMON_AT) found = matched.filter((id) => wanted.has(id));
      else {
        this.candidateTexts ??= new CandidateTexts(this.db);
        if (!loaded) this.candidateTexts.load(candidateIds);
        loaded = true;
        found = this.candidateTexts.containing(word);
      }
      for (const id of found) {
        weight.set(id, (weight.get(id) ?? 0) + idf);
        terms.set(id, [...(terms.get(id) ?? []), word]);
      }
    }
    for (const [id, w] of weight) share.set(id, Math.min(1, w / whole));
    return { share, terms };
  }
}
