/**
 * Rendering a navigation as the text `tool_search` returns, under a hard byte budget.
 *
 * - exact / expand: the expanded leaves' full text, each followed the first time by its family's
 *   or server's rules; then the next hits as one title line each ("Also: …") while they fit;
 * - branch: the named group / family / server with its leaf count and full cost ("3 tools, 4.1 KB
 *   in full"), its rules, and its leaves as title lines (or in full when 3 or fewer);
 * - peek: a count, then one title line per hit, best first, while they fit;
 * - a listed entry then gets its `when` ("— when: …"), best first, while the answer has room
 *   (never at the cost of an entry);
 * - none: says so and lists the groups, each with its leaf count and full cost.
 * Every part is added only if the whole answer stays within `budgetBytes` (UTF-8); a single
 * expanded leaf larger than the budget is cut at a line boundary with a marker. `shown` records
 * which nodes the answer showed and whether in full (the navigation eval reads it).
 */
import { byteLength } from "@picasso/protocol";
import type { Catalog } from "./build-catalog.js";
import { type CatalogNode, rulesLine } from "./catalog-node.js";
import { FULL_DETAIL_MATCHES, type Navigation, type NavigationMode, navigate } from "./catalog-search.js";
import { formatCost } from "./subtree-cost.js";

/**
 * How much of each hit an answer shows (`tool_search`'s `level`): `title` — title lines only;
 * `brief` — title lines with their summary, nothing loaded; `full` — the best hits (up to 3) in
 * full even when a broad query would only list them. Absent: the navigation decides.
 */
export type AnswerLevel = "title" | "brief" | "full";

/** Title lines after a peek's header, and after expanded entries ("Also: …"). */
export const LIST_LIMIT = 12;
export const ALSO_LIMIT = 5;

export interface CatalogAnswer {
  text: string;
  bytes: number;
  mode: NavigationMode;
  /**
   * The nodes shown, best first; `bytes`: for an expanded entry (in full, or cut at the budget),
   * the bytes of its block in `text` (its Tier-2 payload); absent for a title line.
   */
  shown: { id: string; full: boolean; bytes?: number }[];
}

class Budgeted {
  readonly lines: string[] = [];
  private used = 0;
  constructor(readonly limit: number) {}
  /** Adds `text` (a block of lines) when the answer stays within the limit. */
  add(text: string): boolean {
    const bytes = byteLength(text) + (this.lines.length > 0 ? 1 : 0);
    if (this.used + bytes > this.limit) return false;
    this.lines.push(text);
    this.used += bytes;
    return true;
  }
  /** Replaces block `index` by `text` when the answer stays within the limit. */
  replace(index: number, text: string): boolean {
    const delta = byteLength(text) - byteLength(this.lines[index] ?? "");
    if (index >= this.lines.length || this.used + delta > this.limit) return false;
    this.lines[index] = text;
    this.used += delta;
    return true;
  }
  /** Takes the last block back out (a header nothing followed). */
  dropLast(): void {
    const last = this.lines.pop();
    if (last !== undefined) this.used -= byteLength(last) + (this.lines.length > 0 ? 1 : 0);
  }
  get room(): number {
    return this.limit - this.used - (this.lines.length > 0 ? 1 : 0);
  }
}

const KIND_LABEL: Record<string, string> = {
  skill: "skill",
  mcp_tool: "MCP",
  doc: "doc",
  command: "command",
  agent: "agent",
};

export function titleLine(catalog: Catalog, node: CatalogNode): string {
  const label = KIND_LABEL[node.kind] ?? catalog.node(node.parent ?? "")?.name ?? node.group;
  return `- ${node.name} (${label}): ${node.title}`;
}

/** A branch's leaf count and full cost, e.g. `3 tools, 4.1 KB` (subtree-cost.ts). */
export function branchCost(catalog: Catalog, branch: CatalogNode): string {
  const cost = branch.subtree ?? { leaves: 0, bytes: 0 };
  return formatCost(
    cost,
    catalog.leavesUnder(branch.id).map((l) => l.kind),
  );
}

/** A title line (and its summary) with the node's `when` after it, when it adds something. */
export function withWhen(line: string, node: CatalogNode): string {
  if (!node.when || node.when === node.title) return line;
  const [first, ...rest] = line.split("\n");
  return [`${first} — when: ${node.when}`, ...rest].join("\n");
}

/** The rules of the family or server above a leaf, once per answer. */
function rulesFor(catalog: Catalog, node: CatalogNode, given: Set<string>): string | undefined {
  const parent = node.parent ? catalog.node(node.parent) : undefined;
  if (!parent?.rules || given.has(parent.id)) return undefined;
  given.add(parent.id);
  return rulesLine(parent);
}

/** The longest prefix of whole lines of `text` that fits `room` bytes with `marker` after it. */
function cutToFit(text: string, room: number, marker: string): string | undefined {
  const lines = text.split("\n");
  for (let n = lines.length - 1; n > 0; n--) {
    const candidate = `${lines.slice(0, n).join("\n")}\n${marker}`;
    if (byteLength(candidate) <= room) return candidate;
  }
  return undefined;
}

export function renderNavigation(
  catalog: Catalog,
  query: string,
  nav: Navigation,
  budgetBytes: number,
  brief = false,
): CatalogAnswer {
  const out = new Budgeted(budgetBytes);
  const shown: CatalogAnswer["shown"] = [];
  const finish = (): CatalogAnswer => {
    const text = out.lines.join("\n");
    return { text, bytes: byteLength(text), mode: nav.mode, shown };
  };
  if (catalog.leaves.length === 0) {
    out.add(
      "The catalog is empty: no deferred tools, skills, MCP servers or doc topics are installed; every available tool is already in your tool list.",
    );
    return finish();
  }
  if (nav.mode === "none") {
    out.add(`Nothing in the catalog matches "${query}". Search a group to list it:`);
    for (const g of catalog.groups)
      if (!out.add(`- ${g.name} (${branchCost(catalog, g)}): ${g.title}`)) break;
    return finish();
  }
  if (nav.mode === "branch" && nav.branch) {
    const b = nav.branch;
    out.add(`${b.name} (${b.kind.replace("_", " ")}; ${branchCost(catalog, b)} in full): ${b.title}`);
    if (b.rules && nav.expand === 0) out.add(`Rules: ${b.rules}`);
  }
  if (nav.mode === "peek" && nav.expand === 0)
    out.add(
      `${nav.nodes.length} entries match "${query}", best first; search an exact name for its full text:`,
    );

  const given = new Set<string>();
  /** Title lines listed, by their block's index: each gets its `when` afterwards if it fits. */
  const titled: { index: number; node: CatalogNode }[] = [];
  let listed = 0;
  const limit = nav.expand > 0 ? ALSO_LIMIT : LIST_LIMIT;
  for (const [i, node] of nav.nodes.entries()) {
    if (i < nav.expand) {
      const rules = rulesFor(catalog, node, given);
      const block = [node.text ?? titleLine(catalog, node), ...(rules ? [rules] : [])].join("\n");
      if (out.add(block)) {
        shown.push({ id: node.id, full: true, bytes: byteLength(block) });
        continue;
      }
      const marker = `[cut at the ${budgetBytes}-byte answer budget]`;
      const partial = shown.length === 0 ? cutToFit(block, out.room, marker) : undefined;
      // A cut entry is shown, but not in full.
      if (partial && out.add(partial)) shown.push({ id: node.id, full: false, bytes: byteLength(partial) });
      else if (out.add(titleLine(catalog, node))) shown.push({ id: node.id, full: false });
      continue;
    }
    if (listed >= limit) break;
    const header = listed === 0 && nav.expand > 0;
    if (header && !out.add("Also:")) break;
    const line = titleLine(catalog, node);
    const withSummary =
      brief && node.summary && node.summary !== node.title ? `${line}\n  ${node.summary}` : line;
    if (!out.add(withSummary)) {
      // No "Also:" with nothing after it.
      if (header) out.dropLast();
      break;
    }
    titled.push({ index: out.lines.length - 1, node });
    shown.push({ id: node.id, full: false });
    listed += 1;
  }
  // Best first, each listed entry says when to reach for it while the answer has room.
  for (const { index, node } of titled) out.replace(index, withWhen(out.lines[index]!, node));
  const more = nav.nodes.length - shown.length;
  if (more > 0 && nav.mode !== "exact")
    out.add(
      nav.mode === "peek"
        ? `…and ${more} more; narrow the query.`
        : `…and ${more} more: search an exact name.`,
    );
  return finish();
}

/** A navigation shown at `level`. */
export function atLevel(nav: Navigation, level: AnswerLevel | undefined): Navigation {
  if (level === "title" || level === "brief") return { ...nav, expand: 0 };
  if (level === "full" && nav.mode !== "none")
    return { ...nav, expand: Math.max(nav.expand, Math.min(nav.nodes.length, FULL_DETAIL_MATCHES)) };
  return nav;
}

/** What `tool_search` answers for a query (at `level`; absent: as the navigation decides). */
export function answerQuery(
  catalog: Catalog,
  query: string,
  budgetBytes: number,
  level?: AnswerLevel,
): CatalogAnswer {
  return renderNavigation(
    catalog,
    query,
    atLevel(navigate(catalog, query), level),
    budgetBytes,
    level === "brief",
  );
}
