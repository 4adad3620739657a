/**
 * `picasso tools` as text: the catalog tree — groups, families and MCP servers, each with its
 * leaf count and full cost, each leaf with its one-line title — and the answer budget `tool_search` works under.
 */
import { branchCost, type Catalog } from "@picasso/lean-context";

export function renderCatalogTree(
  catalog: Catalog,
  answerBudget: number,
  warnings: readonly string[],
  changes?: string,
): string {
  const lines = [
    `Catalog behind tool_search: ${catalog.leaves.length} entries; each answer at most ${answerBudget} bytes.`,
    ...(changes ? [changes] : []),
  ];
  if (catalog.leaves.length === 0)
    lines.push("  (empty: no deferred tools, skills, MCP servers or doc topics in this workspace)");
  for (const node of catalog.nodes) {
    if (node.kind === "group") lines.push("", `${node.name} (${branchCost(catalog, node)}) — ${node.title}`);
    else if (node.kind === "family" || node.kind === "mcp_server")
      lines.push(
        `  ${node.name} (${node.kind === "family" ? "family" : "MCP server"}; ${branchCost(catalog, node)})`,
      );
    else {
      const indent = node.parent && catalog.node(node.parent)?.kind !== "group" ? "    " : "  ";
      lines.push(`${indent}- ${node.name}: ${node.title}`);
    }
  }
  if (warnings.length > 0) lines.push("", "Warnings", ...warnings.map((w) => `  ${w}`));
  lines.push("", 'Search it as the model does: picasso tools search "<query>"');
  return `${lines.join("\n")}\n`;
}
