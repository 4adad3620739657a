/**
 * Which words two texts share, as the retrieval eval means it (eval-data.ts checks each query's
 * `shares_keyword` with it): the words (letters and digits, two or more characters, lower-cased)
 * minus English stop words, each stemmed by the same FTS5 `porter unicode61` tokenizer
 * memories_fts uses (schema.ts), so "deploys" and "deploying" are one keyword and "rollout" and
 * "roll" are two. The stemmer is a scratch FTS5 table in an in-memory SQLite database, read back
 * through fts5vocab; better-sqlite3 is loaded on first use through open-db.ts.
 */
import type BetterSqlite3 from "better-sqlite3";
import { loadDriver } from "../open-db.js";
import { STOP_WORDS } from "../stop-words.js";

/** The topic words of a text, before stemming: lower-cased, two or more characters, no stop words. */
export function topicWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) => w.length > 1 && !STOP_WORDS.has(w),
  );
}

/** Stems words with FTS5's porter tokenizer; one instance holds one in-memory database. */
export class KeywordStemmer {
  private readonly db: BetterSqlite3.Database;
  private readonly clear;
  private readonly insert;
  private readonly terms;

  constructor() {
    const Database = loadDriver();
    this.db = new Database(":memory:");
    this.db.exec(
      "CREATE VIRTUAL TABLE scratch USING fts5 (x, tokenize = 'porter unicode61'); CREATE VIRTUAL TABLE scratch_terms USING fts5vocab (scratch, 'row');",
    );
    this.clear = this.db.prepare("DELETE FROM scratch");
    this.insert = this.db.prepare("INSERT INTO scratch (x) VALUES (?)");
    this.terms = this.db.prepare("SELECT term FROM scratch_terms");
  }

  /** The stemmed topic words of a text. */
  keywords(text: string): Set<string> {
    this.clear.run();
    this.insert.run(topicWords(text).join(" "));
    return new Set((this.terms.all() as Array<{ term: string }>).map((r) => r.term));
  }

  /** The stemmed topic words two texts have in common, sorted. */
  shared(a: string, b: string): string[] {
    const left = this.keywords(a);
    return [...this.keywords(b)].filter((t) => left.has(t)).sort();
  }

  close(): void {
    this.db.close();
  }
}
