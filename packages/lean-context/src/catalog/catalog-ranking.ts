/**
 * Ranking the catalog's leaves for a task sentence: which entries fit, how well, and how much of
 * the task they cover.
 *
 * Each leaf is indexed by field — its name (split on `_ - / .`), its `what` and `when` when it
 * has them, its title, summary, the rest of its text (description, schema), its input-field names
 * and the names of the group / family / server above it — with the terms search-terms.ts makes
 * (common words dropped, endings stripped, synonyms joined). A query word scores, in a leaf, the
 * weight of the best field it appears in (plus a share of the other fields it is in) times its
 * IDF (rare words weigh more); a word met only through its synonym group scores less than the
 * word itself. A leaf's *coverage* is the IDF-weighted share of the query's words it matched
 * (words with digits — versions, ids — and words no leaf has are counted at a capped weight);
 * its score is the sum over the words it matched times the square root of its coverage, so an
 * entry that covers more of the task beats one that shares a single rare word with it. The
 * navigation (catalog-search.ts) reads coverage and the words matched to tell a task no entry
 * fits ("order pizza": one shared word) from a confident hit.
 * Deterministic for a given catalog and query; ties go by id.
 */
import type { Catalog } from "./build-catalog.js";
import type { CatalogNode } from "./catalog-node.js";
import { processTerm, tokenize } from "./search-terms.js";

/** How much a word found in each field counts (times its IDF). */
export const FIELD_WEIGHTS = {
  name: 2,
  what: 1.5,
  when: 1.5,
  title: 2,
  summary: 2.5,
  path: 1.5,
  fields: 1,
  text: 0.5,
} as const;

type Field = keyof typeof FIELD_WEIGHTS;

/** A word found in several fields counts its best field's weight plus this share of the others'. */
export const OTHER_FIELDS_SHARE = 0.2;

/** A leaf's score is its words' sum times its coverage to this power: covering more of the task counts. */
export const COVERAGE_POWER = 0.5;

/** A word met only through its synonym group counts this share of the word itself. */
export const SYNONYM_SHARE = 0.6;

export interface RankedLeaf {
  node: CatalogNode;
  score: number;
  /** IDF-weighted share of the query's words this leaf matched (0–1). */
  coverage: number;
  /** The query words it matched (stems; `~group` when only through a synonym), with their scores. */
  matched: [string, number][];
}

interface LeafTerms {
  node: CatalogNode;
  /** Each term's best field weight in this leaf. */
  best: Map<string, number>;
}

interface Index {
  leaves: LeafTerms[];
  /** Leaves holding each term. */
  df: Map<string, number>;
}

const indexes = new WeakMap<Catalog, Index>();

/** Every search term of a text (stems and synonym-group tokens). */
function termsOf(text: string): string[] {
  return tokenize(text).flatMap((word) => {
    const t = processTerm(word);
    return t === null ? [] : Array.isArray(t) ? t : [t];
  });
}

/** The text of a leaf after its heading line (description, schema, how to call it). */
const body = (node: CatalogNode) => (node.text ?? "").split("\n").slice(1).join("\n");

function fieldsOf(node: CatalogNode): Record<Field, string> {
  return {
    name: node.name,
    what: node.what ?? "",
    when: node.when ?? "",
    title: node.title,
    summary: node.summary,
    path: node.id.split("/").slice(0, -1).join(" "),
    fields: (node.fields ?? []).join(" "),
    text: body(node),
  };
}

function indexOf(catalog: Catalog): Index {
  let index = indexes.get(catalog);
  if (index) return index;
  const df = new Map<string, number>();
  const leaves = catalog.leaves.map((node): LeafTerms => {
    const top = new Map<string, number>();
    const sum = new Map<string, number>();
    for (const [field, text] of Object.entries(fieldsOf(node)) as [Field, string][])
      for (const term of new Set(termsOf(text))) {
        const w = FIELD_WEIGHTS[field];
        top.set(term, Math.max(top.get(term) ?? 0, w));
        sum.set(term, (sum.get(term) ?? 0) + w);
      }
    const best = new Map<string, number>();
    for (const [term, w] of top) best.set(term, w + OTHER_FIELDS_SHARE * (sum.get(term)! - w));
    for (const term of best.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    return { node, best };
  });
  index = { leaves, df };
  indexes.set(catalog, index);
  return index;
}

/** One query word: its own stem and, when it has one, its synonym group's token. */
interface QueryWord {
  stem: string;
  concept?: string;
  /** Has a digit: a version, an id, a number — counted in coverage at the capped weight. */
  literal: boolean;
}

function queryWords(query: string): QueryWord[] {
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  for (const word of tokenize(query)) {
    const t = processTerm(word);
    if (t === null) continue;
    const [stem, concept] = Array.isArray(t) ? t : [t];
    if (!stem || seen.has(stem)) continue;
    seen.add(stem);
    words.push({ stem, ...(concept ? { concept } : {}), literal: /\d/.test(stem) });
  }
  return words;
}

/** Leaves ranked for a query, best first: score, then id. Leaves that match no word are left out. */
export function rankCatalog(catalog: Catalog, query: string): RankedLeaf[] {
  const { leaves, df } = indexOf(catalog);
  const n = leaves.length;
  const idf = (term: string) => {
    const d = df.get(term) ?? 0;
    return Math.log(1 + (n - d + 0.5) / (d + 0.5));
  };
  // A word no leaf has weighs in coverage like a word two leaves have: it says the task is about
  // something else, without one rare word outweighing the rest.
  const cap = Math.log(1 + (n - 2 + 0.5) / 2.5);
  const words = queryWords(query);
  const weight = (w: QueryWord) => (w.literal ? cap / 2 : Math.min(idf(w.stem), cap));
  const total = words.reduce((sum, w) => sum + weight(w), 0);
  const ranked: RankedLeaf[] = [];
  for (const leaf of leaves) {
    let score = 0;
    let covered = 0;
    const matched: [string, number][] = [];
    for (const w of words) {
      const own = (leaf.best.get(w.stem) ?? 0) * idf(w.stem);
      const viaGroup = w.concept ? (leaf.best.get(w.concept) ?? 0) * idf(w.concept) * SYNONYM_SHARE : 0;
      const s = Math.max(own, viaGroup);
      if (s <= 0) continue;
      score += s;
      matched.push([own >= viaGroup ? w.stem : `${w.stem}~`, Math.round(s * 100) / 100]);
      covered += weight(w) * (own >= viaGroup ? 1 : SYNONYM_SHARE);
    }
    const coverage = total > 0 ? covered / total : 0;
    if (score > 0)
      ranked.push({ node: leaf.node, score: score * coverage ** COVERAGE_POWER, coverage, matched });
  }
  return ranked.sort((a, b) => b.score - a.score || (a.node.id < b.node.id ? -1 : 1));
}
