/**
 * When two memories say the same thing — pure functions of their text (and vectors, when there
 * are any), used by the governor (governor.ts) on every write. The rules, in order:
 *
 * 1. **Exact duplicate**: the bodies are equal once normalised (`normaliseText`: Unicode NFKC,
 *    lower case, every run of punctuation or whitespace one space, trimmed). "Use pnpm, not npm"
 *    and "use PNPM not NPM." are one body.
 * 2. **Restated**: the bodies, or the statements (title + body), have the same *content words in the same order*
 *    (`contentWords`): filler words are dropped (FILLER: articles, pronouns, auxiliaries, "please",
 *    "always"…) and the contrast phrases "rather than", "instead of" read as "not". "We use pnpm
 *    rather than npm" is "use pnpm not npm", as "Use pnpm, not npm" is. Negations are content:
 *    "Do not use pnpm" is "not use pnpm", never "use pnpm".
 * 3. **Near duplicate**: the Jaccard overlap of the two statements' content-word sets is at least
 *    NEAR_DUPLICATE_JACCARD (0.75), or, when both have a vector of the same model, their cosine
 *    similarity is at least NEAR_DUPLICATE_COSINE (0.95). A near duplicate that is not restated
 *    says something else about the same thing ("Use npm, not pnpm"; "Do not use pnpm"): an update.
 *
 * 0.75 because short statements differ in few words: "Tests run with vitest in packages/memory" and
 * "… in packages/engine" share 4 of 6 words (0.67) and are two facts; a statement of 8 content
 * words with one word changed (0.78) is taken as an update of it.
 * A set overlap alone cannot tell "use pnpm not npm" from "use npm not pnpm" (the same set), which
 * is why word order decides between "the same fact" (merge) and "an update" (supersede).
 */
import { cosine } from "./ranking.js";

export const NEAR_DUPLICATE_JACCARD = 0.75;
export const NEAR_DUPLICATE_COSINE = 0.95;

/** Words that carry no claim of their own. Negations ("not", "never", "no", "don't") are not here. */
export const FILLER: ReadonlySet<string> = new Set(
  (
    "a an the we us our ours i me my you your they them their it its this that these those " +
    "is are was were be been being am do does did please always just also should must " +
    "to of in on for with at by as and or so then here there"
  ).split(" "),
);

/** Phrases read as one word before splitting: contrasts say "not". */
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\brather than\b/g, "not"],
  [/\binstead of\b/g, "not"],
  [/\b(?:do|does|did|is|are|was|were|should|must|can|could|would|will)n[’']?t\b/g, "not"],
  [/\bcannot\b/g, "not"],
  [/\bwon[’']?t\b/g, "not"],
];

/** Case, whitespace and punctuation removed: the text an exact duplicate shares. */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The content words of a text, in order (rule 2). */
export function contentWords(text: string): string[] {
  let lowered = text.normalize("NFKC").toLowerCase();
  for (const [pattern, word] of PHRASES) lowered = lowered.replace(pattern, word);
  return (lowered.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !FILLER.has(w));
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const w of left) if (right.has(w)) shared++;
  return shared / (left.size + right.size - shared);
}

/** A memory's text as the governor compares it. */
export interface Statement {
  title: string;
  body: string;
  vector?: Float32Array;
}

export type Likeness =
  | { kind: "exact" }
  | { kind: "restated" }
  | { kind: "near"; by: "words" | "vector"; similarity: number }
  | { kind: "different" };

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

/** How `next` relates to `existing` (rules 1–3). */
export function compareStatements(next: Statement, existing: Statement): Likeness {
  if (normaliseText(next.body) === normaliseText(existing.body)) return { kind: "exact" };
  const bodyA = contentWords(next.body);
  if (bodyA.length > 0 && sameSequence(bodyA, contentWords(existing.body))) return { kind: "restated" };
  const a = contentWords(`${next.title}\n${next.body}`);
  const b = contentWords(`${existing.title}\n${existing.body}`);
  if (a.length > 0 && sameSequence(a, b)) return { kind: "restated" };
  const words = jaccard(a, b);
  if (words >= NEAR_DUPLICATE_JACCARD) return { kind: "near", by: "words", similarity: words };
  if (next.vector && existing.vector) {
    const cos = cosine(next.vector, existing.vector);
    if (cos >= NEAR_DUPLICATE_COSINE) return { kind: "near", by: "vector", similarity: cos };
  }
  return { kind: "different" };
}
