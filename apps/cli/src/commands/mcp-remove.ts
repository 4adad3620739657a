/**
 * `picasso mcp remove <name> [-s project|user]`: takes the server out of the project's
 * `.mcp.json` and/or the user's `$PICASSO_HOME/mcp.json` (both, unless a scope is named). Its
 * catalog cache stays until the next refresh.
 */
import { defaultPicassoHome } from "@picasso/engine";
import { projectConfigPath, removeServerFromFile, userConfigPath } from "@picasso/mcp";
import { UserError } from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
import { editApprovedProjectConfig } from "./mcp-project-approval.js";
import type { McpWhere } from "./mcp-where.js";

export function mcpRemoveOutput(name: string, flags: { scope?: string }, where: McpWhere = {}): string {
  const scope = flags.scope;
  if (scope !== undefined && scope !== "project" && scope !== "user")
    throw new UserError(`--scope: expected project or user, got "${scope}"`);
  const env = where.env ?? process.env;
  const removed: string[] = [];
  let note: string | undefined;
  if (scope !== "user") {
    const workspaceRoot = findWorkspaceRoot(where.cwd ?? process.cwd());
    const file = projectConfigPath(workspaceRoot);
    note = editApprovedProjectConfig({ workspaceRoot, picassoHome: defaultPicassoHome(env) }, () => {
      if (removeServerFromFile(file, ".mcp.json", name)) removed.push(".mcp.json");
    });
  }
  if (scope !== "project") {
    if (removeServerFromFile(userConfigPath(defaultPicassoHome(env)), "$PICASSO_HOME/mcp.json", name))
      removed.push("$PICASSO_HOME/mcp.json");
  }
  if (removed.length === 0)
    throw new UserError(
      `mcp remove: no server "${name}" in ${scope === "user" ? "$PICASSO_HOME/mcp.json" : scope === "project" ? ".mcp.json" : ".mcp.json or $PICASSO_HOME/mcp.json"} (picasso mcp list shows them)`,
    );
  return `removed ${name} from ${removed.join(" and ")}\n${note && removed.includes(".mcp.json") ? `note: ${note}\n` : ""}`;
}
