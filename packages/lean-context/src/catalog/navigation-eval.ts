/**
 * The navigation eval: can a navigator find the right catalog node for a task, in few hops,
 * seeing few bytes? (The figures of the progressive-context design, for Picasso's catalog.)
 *
 * Each case is a task sentence and the node(s) that fulfil it. A navigator sees only what
 * `tool_search` answers — each query is one hop, its answer rendered under `budgetBytes` — and
 * finally names one node (or gives up). Per case: the node chosen, hops, bytes of every answer
 * seen (bytes to answer) and of the first (first-view bytes), and whether the first answer's
 * first entry was an expected node. Over the cases:
 * - success@budget — share of cases that chose an expected node within `maxHops` hops;
 * - success@1 — share that did so with one hop;
 * - first-hop precision — share whose first answer put an expected node first;
 * - mean hops and mean bytes to answer (over successful cases), mean first-view bytes (all);
 * - beside them, the bytes of the whole catalog's full text (what loading it eagerly would cost).
 * The keyword navigator is deterministic: it searches the task sentence; an expanded entry is
 * its choice; from a list it opens (searches the exact name of) the first entry and chooses it.
 */
import { byteLength } from "@picasso/protocol";
import type { Catalog } from "./build-catalog.js";
import { answerQuery, type CatalogAnswer } from "./catalog-answer.js";
import type { CatalogNode } from "./catalog-node.js";

export interface NavigationCase {
  task: string;
  /** Node ids or names; choosing any of them is a success. */
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
  bytesToAnswer: number;
  firstViewBytes: number;
  firstHopHit: boolean;
}

export interface NavigationReport {
  navigator: string;
  budgetBytes: number;
  maxHops: number;
  cases: number;
  catalogLeaves: number;
  /** Bytes of every entry's full text: what loading the whole catalog up front would cost. */
  catalogBytes: number;
  successAtBudget: number;
  successAt1: number;
  firstHopPrecision: number;
  meanHops: number;
  meanBytesToAnswer: number;
  meanFirstViewBytes: number;
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
    const full = first.shown.find((s) => s.full);
    if (full) return full.id;
    const top = first.shown[0];
    if (!top) return undefined;
    const opened = await ask(top.id);
    return opened.shown.find((s) => s.full)?.id ?? top.id;
  },
};

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export async function runNavigationEval(
  catalog: Catalog,
  cases: readonly NavigationCase[],
  options: { budgetBytes: number; maxHops?: number; navigator?: Navigator },
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
    results.push({
      task: c.task,
      expect: c.expect,
      ...(chosen ? { chosen: chosen.id } : {}),
      success: matchesExpected(chosen, c.expect) && hops <= maxHops,
      hops,
      queries,
      bytesToAnswer: answers.reduce((n, a) => n + a.bytes, 0),
      firstViewBytes: answers[0]?.bytes ?? 0,
      firstHopHit: matchesExpected(firstTop ? catalog.node(firstTop.id) : undefined, c.expect),
    });
  }
  const won = results.filter((r) => r.success);
  const share = (n: number) => (results.length ? n / results.length : 0);
  return {
    navigator: navigator.name,
    budgetBytes: options.budgetBytes,
    maxHops,
    cases: results.length,
    catalogLeaves: catalog.leaves.length,
    catalogBytes: catalog.leaves.reduce((n, l) => n + byteLength(l.text ?? ""), 0),
    successAtBudget: share(won.length),
    successAt1: share(won.filter((r) => r.hops === 1).length),
    firstHopPrecision: share(results.filter((r) => r.firstHopHit).length),
    meanHops: mean(won.map((r) => r.hops)),
    meanBytesToAnswer: mean(won.map((r) => r.bytesToAnswer)),
    meanFirstViewBytes: mean(results.map((r) => r.firstViewBytes)),
    results,
  };
}
