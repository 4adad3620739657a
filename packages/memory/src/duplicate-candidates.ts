/**
 * The memories a new one could duplicate, from FTS5, with bounded work at any size (the governor
 * runs it on every write). A near duplicate (Jaccard ≥ NEAR_DUPLICATE_JACCARD over content words,
 * near-duplicate.ts) of a text with n distinct content words holds at least ⌈0.75·n⌉ of them, so
 * it lacks at most m = n − ⌈0.75·n⌉: any m + 1 of the words include one it holds. Hence:
 * 1. each content word's matches are counted up to RARE_AT + 1 (a LIMIT-ed doclist walk);
 * 2. the m + 1 rarest words' matches, when they add up to CANDIDATE_BUDGET at most, are every
 *    candidate there is — complete;
 * 3. otherwise (the text is made of common words) the rows holding all its content words (an FTS5
 *    AND, which finds exact duplicates and restatements) and the newest matches of those m + 1
 *    words, COMMON_CANDIDATES of each: bounded, and a near duplicate older than that can be missed.
 * FTS5 stems both sides (porter), so "deploys" finds "deploy"; the comparison itself is on words.
 * "not" is left out of the search (near-duplicate.ts reads "rather than", "don't" as "not"; the
 * indexed text spells them out).
 */
import type BetterSqlite3 from "better-sqlite3";
import { contentWords, NEAR_DUPLICATE_JACCARD } from "./near-duplicate.js";

export const RARE_AT = 200;
export const CANDIDATE_BUDGET = 200;
export const COMMON_CANDIDATES = 50;
const MAX_WORDS = 24;

function quoted(words: readonly string[], joiner: string): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"`).join(joiner);
}

export class DuplicateCandidates {
  private readonly count;
  private readonly matches;

  constructor(db: BetterSqlite3.Database) {
    this.count = db.prepare(
      "SELECT count(*) AS n FROM (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?)",
    );
    this.matches = db.prepare(
      "SELECT rowid AS id FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC LIMIT ?",
    );
  }

  /** Row ids that may duplicate `text` (any scope; the caller filters). */
  find(text: string): number[] {
    // "not" may stand for "rather than" or "don't", which the indexed text spells out: not searched.
    const words = [...new Set(contentWords(text))]
      .filter((w) => w.length > 1 && w !== "not")
      .slice(0, MAX_WORDS);
    if (words.length === 0) return [];
    const missing = words.length - Math.ceil(NEAR_DUPLICATE_JACCARD * words.length);
    const counted = words
      .map((word) => ({ word, n: (this.count.get(quoted([word], ""), RARE_AT + 1) as { n: number }).n }))
      .sort((a, b) => a.n - b.n || (a.word < b.word ? -1 : 1));
    const rarest = counted.slice(0, missing + 1);
    if (rarest[0]?.n === 0 && missing === 0) return [];
    const ids = (query: string, limit: number) =>
      (this.matches.all(query, limit) as Array<{ id: number }>).map((r) => r.id);
    const rare = rarest.map((c) => c.word);
    const total = rarest.reduce((n, c) => n + c.n, 0);
    if (rarest.every((c) => c.n <= RARE_AT) && total <= CANDIDATE_BUDGET)
      return ids(quoted(rare, " OR "), total);
    return [
      ...new Set([
        ...ids(quoted(words, " "), COMMON_CANDIDATES),
        ...ids(quoted(rare, " OR "), COMMON_CANDIDATES),
      ]),
    ];
  }
}
