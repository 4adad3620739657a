/**
 * How descriptors name a family and its members: a deferred-tool family by its name
 * (`worktree`), an MCP server as `mcp:<server>`; a member by its key inside the family — the
 * tool's name (an MCP tool's without its server). Used by the describe request, its reply check
 * and the overlay of committed files alike.
 */
import type { CatalogNode } from "./catalog-node.js";

export const MCP_FAMILY_PREFIX = "mcp:";

/** The family a branch node stands for: its name, or `mcp:<server>` for an MCP server. */
export function familyNameOf(branch: CatalogNode): string {
  return branch.kind === "mcp_server" ? `${MCP_FAMILY_PREFIX}${branch.name}` : branch.name;
}

/** A member's key inside its family: the tool's name (an MCP tool's without its server). */
export function memberKey(member: { id: string; parent?: string }): string {
  return member.parent ? member.id.slice(member.parent.length + 1) : member.id;
}
