/**
 * Navigating the catalog: what one `tool_search` query finds, before it is rendered.
 *
 * In order:
 *   1. exact — a leaf whose name or id equals the query (case-insensitive; an MCP tool also as
 *      `server.tool` or `server__tool`): that leaf, expanded;
 *   2. branch — a group, family or MCP server named exactly: its leaves, expanded when there are
 *      3 or fewer, else listed (a peek one level down);
 *   3. ranked — BM25 (MiniSearch) over every leaf's name (×1.5), title (×1.5), summary, input-field
 *      names, its group / family / server names and its `what` / `when` descriptors; terms are made as search-terms.ts
 *      says (common words dropped, endings stripped, synonyms joined); terms of 4+ characters
 *      also match as prefixes, of 6+ with one typo in five characters. Ties go by id. The *matches* are the
 *      hits scoring at least half the best one: 3 or fewer are expanded, more are a peek list;
 *   4. none — nothing scored.
 * Deterministic for a given catalog and query.
 */
import MiniSearch from "minisearch";
import type { Catalog } from "./build-catalog.js";
import { type CatalogNode, isLeaf } from "./catalog-node.js";
import { processTerm, tokenize } from "./search-terms.js";

export const FULL_DETAIL_MATCHES = 3;
/** A hit is a match when it scores at least this share of the best hit. */
export const MATCH_SHARE = 0.8;

/** How much a word of a leaf's `what` / `when` descriptor counts, against 1 for its summary. */
export const DESCRIPTOR_BOOST = 1;

export type NavigationMode = "exact" | "branch" | "expand" | "peek" | "none";

export interface Navigation {
  mode: NavigationMode;
  /** Ranked leaves: the first `expand` of them are shown in full, the rest as title lines. */
  nodes: CatalogNode[];
  expand: number;
  /** For `branch`: the group, family or server that was named. */
  branch?: CatalogNode;
}

interface Indexed {
  id: string;
  name: string;
  title: string;
  summary: string;
  fields: string;
  path: string;
  what: string;
  when: string;
}

const indexes = new WeakMap<Catalog, MiniSearch<Indexed>>();

function indexOf(catalog: Catalog): MiniSearch<Indexed> {
  let index = indexes.get(catalog);
  if (!index) {
    index = new MiniSearch<Indexed>({
      fields: ["name", "title", "summary", "fields", "path", "what", "when"],
      storeFields: [],
      tokenize,
      processTerm,
      searchOptions: {
        boost: {
          name: 1.5,
          title: 1.5,
          summary: 1,
          fields: 1,
          path: 1,
          what: DESCRIPTOR_BOOST,
          when: DESCRIPTOR_BOOST,
        },
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
        combineWith: "OR",
      },
    });
    index.addAll(
      catalog.leaves.map((leaf) => ({
        id: leaf.id,
        name: leaf.name,
        title: leaf.title,
        summary: leaf.summary,
        fields: (leaf.fields ?? []).join(" "),
        path: leaf.id.split("/").slice(0, -1).join(" "),
        what: leaf.what,
        when: leaf.when,
      })),
    );
    indexes.set(catalog, index);
  }
  return index;
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

/** Leaves ranked by BM25 for a query, best first, with their scores. */
export function rankLeaves(catalog: Catalog, query: string): { node: CatalogNode; score: number }[] {
  return indexOf(catalog)
    .search(query)
    .map((hit) => ({ node: catalog.node(String(hit.id))!, score: hit.score }))
    .sort((a, b) => b.score - a.score || (a.node.id < b.node.id ? -1 : 1));
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
  if (ranked.length === 0) return { mode: "none", nodes: [], expand: 0 };
  const best = ranked[0]!.score;
  const matches = ranked.filter((r) => r.score >= best * MATCH_SHARE).length;
  const nodes = ranked.map((r) => r.node);
  return matches <= FULL_DETAIL_MATCHES
    ? { mode: "expand", nodes, expand: matches }
    : { mode: "peek", nodes, expand: 0 };
}
