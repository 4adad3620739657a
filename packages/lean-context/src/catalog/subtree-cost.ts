/**
 * Branch byte costs: what opening a branch in full would cost, so a navigator can plan without
 * fetching. Every branch node (group, family, MCP server; the skills and docs groups) carries
 * `subtree`: its leaf count and the bytes of the answer that showed all its leaves expanded —
 * each leaf's full text, the family's or server's rules line once after its first leaf, blocks
 * joined by a newline, exactly as catalog-answer.ts renders an expanded entry. `formatCost`
 * says it compactly for list lines: `3 tools, 4.1 KB`. Pure.
 */
import { byteLength } from "@picasso/protocol";
import { type CatalogNode, isLeaf, rulesLine } from "./catalog-node.js";

export interface SubtreeCost {
  /** Leaves under the branch. */
  leaves: number;
  /** UTF-8 bytes of an answer showing every one of them in full. */
  bytes: number;
}

/** Sets `subtree` on every branch of `nodes` (depth-first catalog order, parents before children). */
export function addSubtreeCosts(nodes: readonly CatalogNode[]): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const blocks = new Map<string, string[]>();
  const given = new Map<string, Set<string>>();
  for (const node of nodes.filter((n) => !isLeaf(n))) {
    blocks.set(node.id, []);
    given.set(node.id, new Set());
  }
  for (const leaf of nodes.filter(isLeaf)) {
    const parent = leaf.parent ? byId.get(leaf.parent) : undefined;
    // Every branch above the leaf shows it; each shows a rules line once, after its first leaf.
    for (let up = parent; up; up = up.parent ? byId.get(up.parent) : undefined) {
      const seen = given.get(up.id)!;
      const rules = parent?.rules && !seen.has(parent.id) ? rulesLine(parent) : undefined;
      if (rules) seen.add(parent!.id);
      blocks.get(up.id)!.push([leaf.text ?? leaf.title, ...(rules ? [rules] : [])].join("\n"));
    }
  }
  for (const node of nodes) {
    const shown = blocks.get(node.id);
    if (shown)
      node.subtree = { leaves: shown.length, bytes: shown.length ? byteLength(shown.join("\n")) : 0 };
  }
}

const NOUNS: Record<string, [string, string]> = {
  tool: ["tool", "tools"],
  mcp_tool: ["tool", "tools"],
  skill: ["skill", "skills"],
  doc: ["doc", "docs"],
  command: ["command", "commands"],
  agent: ["agent", "agents"],
};

/** `3 tools, 4.1 KB` (a mixed branch counts entries; under 1 KB in bytes). */
export function formatCost(cost: SubtreeCost, leafKinds: readonly string[]): string {
  const kinds = new Set(leafKinds);
  const [one, many] =
    kinds.size === 1 ? (NOUNS[[...kinds][0]!] ?? ["entry", "entries"]) : ["entry", "entries"];
  const size = cost.bytes < 1024 ? `${cost.bytes} B` : `${(cost.bytes / 1024).toFixed(1)} KB`;
  return `${cost.leaves} ${cost.leaves === 1 ? one : many}, ${size}`;
}
