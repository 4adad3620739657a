/**
 * Content-hash identity of catalog nodes: every node's `hash` is the first 16 hex digits of the
 * sha256 of what it is made of — kind, id, name, title, summary, `what`, `when`, its full text
 * (description, input schema, how to call it), its input fields and its rules — and a branch's
 * also covers its children's hashes in catalog order, so a change anywhere below shows at the
 * top. Every one of those is derived from the node's sources (a tool's declaration, a skill's
 * SKILL.md, a server's tool list and instructions, an AGENTS.md row) and nothing else, so equal
 * hashes mean equal nodes, and a rebuild can tell exactly which nodes changed (catalog-store.ts).
 * Pure.
 */
import { canonicalJson, sha256 } from "@picasso/protocol";
import { type CatalogNode, isLeaf } from "./catalog-node.js";

export const HASH_HEX = 16;

/** The hash of one node given its children's hashes (none for a leaf). */
export function nodeHash(node: CatalogNode, childHashes: readonly string[] = []): string {
  const { hash: _hash, subtree: _subtree, ...content } = node;
  return sha256(canonicalJson({ ...content, children: childHashes })).slice(0, HASH_HEX);
}

/** Sets `hash` on every node (depth-first catalog order): leaves first, then branches bottom-up. */
export function addHashes(nodes: readonly CatalogNode[]): void {
  const children = new Map<string, CatalogNode[]>();
  for (const node of nodes)
    if (node.parent) children.set(node.parent, [...(children.get(node.parent) ?? []), node]);
  const visit = (node: CatalogNode): string => {
    const below = isLeaf(node) ? [] : (children.get(node.id) ?? []).map(visit);
    node.hash = nodeHash(node, below);
    return node.hash;
  };
  for (const node of nodes) if (!node.parent) visit(node);
}
