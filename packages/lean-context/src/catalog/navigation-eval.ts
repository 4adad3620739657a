/**
 * The navigation eval: can a navigator find the right catalog node for a task, in few hops,
 * seeing few bytes — and does it stay away from the wrong ones? (The figures of the
 * progressive-context design, for Picasso's catalog.)
 *
 * Each case is a task sentence and the node(s) that fulfil it, or none (`expect: []`: no entry
 * fits). A navigator sees only what `tool_search` answers — each query is one hop, its answer
 * rendered under `budgetBytes` — and finally names one node (or gives up). Per case: the node
 * chosen, hops, the entries its answers expanded (showed in full, or cut at the budget), bytes of
 * the answers seen until an expected entry was expanded (bytes to answer) and of the first
 * (first-view bytes).
 * Over the cases:
 * - success@1 — share that chose an expected node with one hop (a no-entry case: chose nothing);
 * - success@3 — share that did so within 3 hops; success@budget — within `maxHops`;
 * - false expansions — share of cases whose answers expanded an entry that is not an expected one
 *   (for a no-entry case, any expansion);
 * - first-hop precision — share whose first answer put an expected node first (a no-entry case:
 *   expanded nothing);
 * - mean hops and mean bytes to answer (over successful cases with an expected entry), mean
 *   first-view bytes (all cases);
 * - all-schemas bytes — every entry's full text, what loading the catalog eagerly would cost —
 *   and the two ratios against it: first view (all-schemas / mean first-view bytes) and context
 *   to answer (all-schemas / mean bytes to answer).
 * The keyword navigator is deterministic: it searches the task sentence; an expanded entry (in
 * full or cut at the budget) is its choice; from a list it opens (searches the exact name of) the first entry and chooses it;
 * when nothing matches it gives up.
 */
import { byteLength } from "@picasso/protocol";
import type { Catalog } from "./build-catalog.js";
import { answerQuery, type CatalogAnswer } from "./catalog-answer.js";
import type { CatalogNode } from "./catalog-node.js";

export interface NavigationCase {
  task: string;
  /** Node ids or names; choosing any of them is a success. Empty: no entry fits (choose none). */
  expect: string[];
}

export interface Navigator {
  readonly name: string;
  /** Finds a node for the task through `ask` (one `tool_search` per call); returns its id or name. */
  navigate(task: string, ask: (query: string) => Promise<CatalogAnswer>): Promise<string | undefined>;
}

export interface CaseResult {
  task: string;
  expect: string[];
  /** The id of the node chosen, when it names one. */
  chosen?: string;
  success: boolean;
  hops: number;
  queries: string[];
  /** Ids of the entries the answers expanded (in full, or cut at the budget), in order. */
  expanded: string[];
  /** An answer expanded an entry that is not an expected one. */
  falseExpansion: boolean;
  /** Bytes of the answers seen until an expected entry was expanded (all, if never). */
  bytesToAnswer: number;
  firstViewBytes: number;
  firstHopHit: boolean;
}

export interface NavigationReport {
  navigator: string;
  /** The cases file's label: dev (tuned on) or heldout (never tuned on). */
  split?: string;
  budgetBytes: number;
  maxHops: number;
  cases: number;
  /** Cases where no entry fits. */
  noEntryCases: number;
  catalogLeaves: number;
  /** Bytes of every entry's full text (all schemas): what loading the whole catalog up front would cost. */
  catalogBytes: number;
  successAtBudget: number;
  successAt1: number;
  successAt3: number;
  /** Share of cases whose answers expanded an entry that is not an expected one. */
  falseExpansions: number;
  firstHopPrecision: number;
  meanHops: number;
  meanBytesToAnswer: number;
  meanFirstViewBytes: number;
  /** catalogBytes / meanFirstViewBytes: how much smaller the first view is than all schemas. */
  firstViewRatio: number;
  /** catalogBytes / meanBytesToAnswer: how much less context reaching the right entry takes. */
  contextRatio: number;
  results: CaseResult[];
}

/** The node a navigator's answer names: an id, a name, or a name inside its last line. */
export function resolveNode(catalog: Catalog, answer: string | undefined): CatalogNode | undefined {
  if (!answer) return undefined;
  const text = answer.trim().replace(/^[`"']|[`"'.]$/g, "");
  const lower = text.toLowerCase();
  const direct =
    catalog.node(text) ??
    catalog.leaves.find((n) => n.name.toLowerCase() === lower || n.id.toLowerCase() === lower);
  if (direct) return direct;
  const last = lower.split("\n").at(-1) ?? "";
  const named = catalog.leaves.filter((n) =>
    new RegExp(`(^|[^\\w/.-])${escapeRegExp(n.name.toLowerCase())}($|[^\\w/.-])`).test(last),
  );
  return named.sort((a, b) => b.name.length - a.name.length)[0];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function matchesExpected(node: CatalogNode | undefined, expect: readonly string[]): boolean {
  return !!node && expect.some((e) => e === node.id || e.toLowerCase() === node.name.toLowerCase());
}

export const keywordNavigator: Navigator = {
  name: "keyword",
  async navigate(task, ask) {
    const first = await ask(task);
    // An entry the answer expanded (in full, or cut at the budget) is the search's choice.
    const full = first.shown.find((s) => s.full || s.bytes !== undefined);
    if (full) return full.id;
    const top = first.shown[0];
    if (!top || first.mode === "none") return undefined;
    const opened = await ask(top.id);
    return opened.shown.find((s) => s.full)?.id ?? top.id;
  },
};

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export async function runNavigationEval(
  catalog: Catalog,
  cases: readonly NavigationCase[],
  options: { budgetBytes: number; maxHops?: number; navigator?: Navigator; split?: string },
): Promise<NavigationReport> {
  const navigator = options.navigator ?? keywordNavigator;
  const maxHops = options.maxHops ?? 3;
  const results: CaseResult[] = [];
  for (const c of cases) {
    const answers: CatalogAnswer[] = [];
    const queries: string[] = [];
    const ask = async (query: string): Promise<CatalogAnswer> => {
      queries.push(query);
      if (answers.length >= maxHops) {
        const refused = `Hop limit reached (${maxHops}); choose from what you have seen.`;
        return { text: refused, bytes: refused.length, mode: "none", shown: [] };
      }
      const answer = answerQuery(catalog, query, options.budgetBytes);
      answers.push(answer);
      return answer;
    };
    const chosen = resolveNode(catalog, await navigator.navigate(c.task, ask));
    const hops = answers.length;
    const firstTop = answers[0]?.shown[0];
    const expected = (id: string) => matchesExpected(catalog.node(id), c.expect);
    const isExpanded = (s: CatalogAnswer["shown"][number]) => s.full || s.bytes !== undefined;
    const expanded = answers.flatMap((a) => a.shown.filter(isExpanded).map((s) => s.id));
    const reached = answers.findIndex((a) => a.shown.some((s) => isExpanded(s) && expected(s.id)));
    const seen = reached >= 0 ? answers.slice(0, reached + 1) : answers;
    results.push({
      task: c.task,
      expect: c.expect,
      ...(chosen ? { chosen: chosen.id } : {}),
      success: (c.expect.length === 0 ? !chosen : matchesExpected(chosen, c.expect)) && hops <= maxHops,
      hops,
      queries,
      expanded,
      falseExpansion: expanded.some((id) => !expected(id)),
      bytesToAnswer: seen.reduce((n, a) => n + a.bytes, 0),
      firstViewBytes: answers[0]?.bytes ?? 0,
      firstHopHit:
        c.expect.length === 0
          ? !answers[0]?.shown.some(isExpanded)
          : matchesExpected(firstTop ? catalog.node(firstTop.id) : undefined, c.expect),
    });
  }
  const won = results.filter((r) => r.success);
  const reached = won.filter((r) => r.expect.length > 0);
  const share = (n: number) => (results.length ? n / results.length : 0);
  const catalogBytes = catalog.leaves.reduce((n, l) => n + byteLength(l.text ?? ""), 0);
  const meanBytesToAnswer = mean(reached.map((r) => r.bytesToAnswer));
  const meanFirstViewBytes = mean(results.map((r) => r.firstViewBytes));
  return {
    navigator: navigator.name,
    ...(options.split ? { split: options.split } : {}),
    budgetBytes: options.budgetBytes,
    maxHops,
    cases: results.length,
    noEntryCases: results.filter((r) => r.expect.length === 0).length,
    catalogLeaves: catalog.leaves.length,
    catalogBytes,
    successAtBudget: share(won.length),
    successAt1: share(won.filter((r) => r.hops <= 1).length),
    successAt3: share(won.filter((r) => r.hops <= 3).length),
    falseExpansions: share(results.filter((r) => r.falseExpansion).length),
    firstHopPrecision: share(results.filter((r) => r.firstHopHit).length),
    meanHops: mean(reached.map((r) => r.hops)),
    meanBytesToAnswer,
    meanFirstViewBytes,
    firstViewRatio: meanFirstViewBytes > 0 ? catalogBytes / meanFirstViewBytes : 0,
    contextRatio: meanBytesToAnswer > 0 ? catalogBytes / meanBytesToAnswer : 0,
    results,
  };
}
