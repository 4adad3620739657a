/**
 * Navigating the catalog: what one `tool_search` query finds, before it is rendered.
 *
 * In order:
 *   1. exact — a leaf whose name or id equals the query (case-insensitive; an MCP tool also as
 *      `server.tool` or `server__tool`): that leaf, expanded;
 *   2. branch — a group, family or MCP server named exactly: its leaves, expanded when there are
 *      3 or fewer, else listed (a peek one level down);
 *   3. ranked — every leaf scored for the task's words by field (catalog-ranking.ts: name, what,
 *      when, title, summary, the rest of its text, input fields, the names above it; IDF-weighted,
 *      with coverage of the task). A precision guard decides what is shown in full:
 *      - the best hit matched a single word of the task and covers less than half of it → none
 *        (one shared word, "send" or "order", does not make an entry fit);
 *      - the best hit scores at least `CLEAR_LEAD` times the runner-up → it alone is expanded,
 *        the next hits listed ("Also: …");
 *      - else a peek list, best first: close neighbours are listed for the caller to choose, never
 *        expanded side by side;
 *   4. none — nothing scored.
 * Deterministic for a given catalog and query.
 */
import type { Catalog } from "./build-catalog.js";
import { type CatalogNode, isLeaf } from "./catalog-node.js";
import { type RankedLeaf, rankCatalog } from "./catalog-ranking.js";

export const FULL_DETAIL_MATCHES = 3;
/** The best hit is expanded when it scores at least this many times the runner-up. */
export const CLEAR_LEAD = 1.05;
/**
 * The best hit is no match at all when it matched a single word of the task and covers less than
 * this share of it (one shared word, "send" or "order", does not make an entry fit).
 */
export const SINGLE_WORD_COVERAGE = 0.5;

export type NavigationMode = "exact" | "branch" | "expand" | "peek" | "none";

export interface Navigation {
  mode: NavigationMode;
  /** Ranked leaves: the first `expand` of them are shown in full, the rest as title lines. */
  nodes: CatalogNode[];
  expand: number;
  /** For `branch`: the group, family or server that was named. */
  branch?: CatalogNode;
}

function exactLeaves(catalog: Catalog, query: string): CatalogNode[] {
  const q = query.toLowerCase();
  return catalog.leaves.filter((leaf) => {
    const names = [leaf.name, leaf.id];
    if (leaf.kind === "mcp_tool") names.push(leaf.name.replace("/", "."), leaf.name.replace("/", "__"));
    return names.some((n) => n.toLowerCase() === q);
  });
}

function exactBranch(catalog: Catalog, query: string): CatalogNode | undefined {
  const q = query.toLowerCase();
  const branches = catalog.nodes.filter((n) => !isLeaf(n));
  return (
    branches.find((n) => n.id.toLowerCase() === q) ??
    branches.find((n) => n.kind === "group" && n.name.toLowerCase() === q) ??
    branches.find((n) => n.name.toLowerCase() === q)
  );
}

/** Leaves ranked for a query, best first, with their scores and coverage (catalog-ranking.ts). */
export function rankLeaves(catalog: Catalog, query: string): RankedLeaf[] {
  return rankCatalog(catalog, query);
}

export function navigate(catalog: Catalog, query: string): Navigation {
  const q = query.trim();
  if (q === "") return { mode: "none", nodes: [], expand: 0 };
  const exact = exactLeaves(catalog, q);
  if (exact.length > 0) return { mode: "exact", nodes: exact, expand: exact.length };
  const branch = exactBranch(catalog, q);
  if (branch) {
    const leaves = catalog.leavesUnder(branch.id);
    const expand = leaves.length <= FULL_DETAIL_MATCHES ? leaves.length : 0;
    return { mode: "branch", nodes: leaves, expand, branch };
  }
  const ranked = rankLeaves(catalog, q);
  const [best, runnerUp] = ranked;
  if (!best || (best.matched.length < 2 && best.coverage < SINGLE_WORD_COVERAGE))
    return { mode: "none", nodes: [], expand: 0 };
  const nodes = ranked.map((r) => r.node);
  return !runnerUp || best.score >= runnerUp.score * CLEAR_LEAD
    ? { mode: "expand", nodes, expand: 1 }
    : { mode: "peek", nodes, expand: 0 };
}
