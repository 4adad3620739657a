/**
 * `picasso mcp refresh [name]`: starts each configured server (or the named one), lists its tools
 * into the catalog cache (`$PICASSO_HOME/mcp-catalog/<server>.md` + `.json`) and stops it, one
 * line per server. Fails (exit 1) when a server could not be listed.
 */
import { defaultPicassoHome } from "@picasso/engine";
import { loadMcpConfig, refreshCatalog } from "@picasso/mcp";
import { UserError } from "@picasso/protocol";
import { CommandSandbox } from "@picasso/tools";
import { findWorkspaceRoot } from "@picasso/workspace";
import { VERSION } from "../version.js";
import type { McpWhere } from "./mcp-where.js";

export async function mcpRefresh(
  name: string | undefined,
  where: McpWhere = {},
): Promise<{ ok: boolean; text: string }> {
  const env = where.env ?? process.env;
  const picassoHome = defaultPicassoHome(env);
  const workspaceRoot = findWorkspaceRoot(where.cwd ?? process.cwd());
  const { servers, problems } = loadMcpConfig({ workspaceRoot, picassoHome, env });
  const chosen = name ? servers.filter((s) => s.name === name) : servers;
  if (name && chosen.length === 0)
    throw new UserError(`mcp refresh: no server "${name}" is configured (picasso mcp list shows them)`);
  const lines = problems.map((p) => `warning: ${p}`);
  let ok = true;
  // Servers start behind the process walls, as in a session (a PID namespace of their own).
  const isolate = new CommandSandbox(
    { mode: "auto", network: true },
    { workspaceRoot, tempDir: "", hidden: [] },
  ).isolation;
  for (const config of chosen) {
    const result = await refreshCatalog(config, {
      picassoHome,
      cwd: workspaceRoot,
      clientVersion: VERSION,
      ...(isolate ? { isolate } : {}),
    });
    if (result.ok) lines.push(`${config.name}: ${result.tools} tools, catalog ${result.catalogBytes} bytes`);
    else {
      ok = false;
      lines.push(`${config.name}: failed: ${result.error}`);
    }
  }
  if (chosen.length === 0) lines.push("No MCP servers configured.");
  return { ok, text: `${lines.join("\n")}\n` };
}
