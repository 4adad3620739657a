/**
 * A scenario's workspace set up as its user would have it: the project's configuration
 * (`.mcp.json`, a `.picasso` patch) approved (`picasso trust approve`), then every MCP server of
 * its `.mcp.json` listed into a PICASSO_HOME's catalog cache, as `picasso mcp refresh` leaves it —
 * before a scenario runs, and before its baseline is taken (so the eager side counts the servers'
 * real schemas).
 */
import { loadMcpConfig, refreshCatalog } from "@picasso/mcp";
import { approveProjectConfig } from "@picasso/surface";

export async function refreshMcpCatalogs(workspace: string, home: string): Promise<void> {
  approveProjectConfig({ workspaceRoot: workspace, picassoHome: home });
  const { servers, problems, withheld } = loadMcpConfig({ workspaceRoot: workspace, picassoHome: home });
  if (problems.length) throw new Error(`the scenario's .mcp.json: ${problems.join("; ")}`);
  if (withheld) throw new Error(`the scenario's .mcp.json is ${withheld.state} after its approval`);
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
