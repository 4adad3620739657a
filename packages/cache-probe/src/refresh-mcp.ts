/**
 * Lists every MCP server of a workspace's `.mcp.json` into a PICASSO_HOME's catalog cache, as
 * `picasso mcp refresh` leaves it — before a scenario runs, and before its baseline is taken (so
 * the eager side counts the servers' real schemas).
 */
import { loadMcpConfig, refreshCatalog } from "@picasso/mcp";

export async function refreshMcpCatalogs(workspace: string, home: string): Promise<void> {
  const { servers, problems } = loadMcpConfig({ workspaceRoot: workspace, picassoHome: home });
  if (problems.length) throw new Error(`the scenario's .mcp.json: ${problems.join("; ")}`);
  for (const config of servers) {
    const result = await refreshCatalog(config, {
      picassoHome: home,
      cwd: workspace,
      clientVersion: "probe",
    });
    if (!result.ok)
      throw new Error(`MCP server ${config.name} of the scenario could not be listed: ${result.error}`);
  }
}
