/**
 * The members of a family, as `picasso tools describe` sees them: the leaves under a deferred-tool
 * family node (`worktree`) or under an MCP server (`mcp:github`), with their full text (heading,
 * description, input schema, how to call) and the branch's rules. A name that is neither is a
 * one-line UserError listing the families there are.
 */
import { UserError } from "@picasso/protocol";
import type { Catalog } from "./build-catalog.js";
import type { CatalogNode } from "./catalog-node.js";
import { familyNameOf } from "./member-names.js";

export interface FamilyMembers {
  /** As the user named it: `worktree` or `mcp:github`. */
  family: string;
  /** The family or MCP server node. */
  branch: CatalogNode;
  members: CatalogNode[];
  rules?: string;
}

export function familyBranches(catalog: Catalog): CatalogNode[] {
  return catalog.nodes.filter((n) => n.kind === "family" || n.kind === "mcp_server");
}

export function familyMembers(catalog: Catalog, family: string): FamilyMembers {
  const branch = familyBranches(catalog).find((b) => familyNameOf(b) === family);
  if (!branch) {
    const known = familyBranches(catalog).map(familyNameOf).join(", ");
    throw new UserError(
      `tools describe: no family "${family}" in this catalog (families: ${known || "none"})`,
    );
  }
  const members = catalog.children(branch.id).filter((n) => n.kind === "tool" || n.kind === "mcp_tool");
  return { family, branch, members, ...(branch.rules ? { rules: branch.rules } : {}) };
}
