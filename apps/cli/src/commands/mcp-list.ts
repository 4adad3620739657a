/**
 * `picasso mcp list [--json]`: every server the workspace's `.mcp.json` and the user's
 * `$PICASSO_HOME/mcp.json` configure — scope, transport, the command or URL (no env, no
 * headers), whether its catalog is cached and fresh, its tool count and catalog bytes — then the
 * configuration mistakes, one line each, and a project file not approved yet (docs/security.md).
 * A server whose name clashes with a tool a session registers is left out with the warning a
 * session gives (the same rule, fed the same tool names). Nothing is started.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { defaultPicassoHome } from "@picasso/engine";
import { catalogDir, describeConfig, loadMcpConfig, readCatalog, readFreshCatalog } from "@picasso/mcp";
import { sessionToolNames } from "@picasso/surface";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { McpWhere } from "./mcp-where.js";

export interface McpListRow {
  name: string;
  scope: string;
  transport: string;
  target: string;
  catalog: "fresh" | "stale" | "none";
  tools: number | null;
  catalogBytes: number | null;
}

export async function mcpListRows(where: McpWhere = {}): Promise<{ rows: McpListRow[]; problems: string[] }> {
  const env = where.env ?? process.env;
  const picassoHome = defaultPicassoHome(env);
  const workspaceRoot = findWorkspaceRoot(where.cwd ?? process.cwd());
  const reservedNames = await sessionToolNames({ workspaceRoot, picassoHome });
  const loaded = loadMcpConfig({ workspaceRoot, picassoHome, env, reservedNames });
  const { servers } = loaded;
  const problems = loaded.withheld
    ? [
        `.mcp.json is ${loaded.withheld.state === "changed" ? "changed since you approved it" : "not approved yet"}, so its servers are not used (or listed here); see what it starts with picasso trust, approve it with picasso trust approve .mcp.json`,
        ...loaded.problems,
      ]
    : loaded.problems;
  const rows = servers.map((config): McpListRow => {
    const fresh = readFreshCatalog(picassoHome, config);
    const any = fresh ?? readCatalog(picassoHome, config.name);
    const md = join(catalogDir(picassoHome), `${config.name}.md`);
    return {
      name: config.name,
      scope: config.scope,
      transport: config.transport,
      target: describeConfig(config),
      catalog: fresh ? "fresh" : any ? "stale" : "none",
      tools: any ? any.tools.length : null,
      catalogBytes: any && existsSync(md) ? statSync(md).size : null,
    };
  });
  return { rows, problems };
}

export async function mcpListOutput(flags: { json?: boolean }, where: McpWhere = {}): Promise<string> {
  const { rows, problems } = await mcpListRows(where);
  if (flags.json) return `${JSON.stringify({ servers: rows, problems }, null, 2)}\n`;
  if (rows.length === 0 && problems.length === 0)
    return "No MCP servers configured (.mcp.json in the workspace, or $PICASSO_HOME/mcp.json). Add one: picasso mcp add <name> <command> [args...]\n";
  const lines = rows.map((r) => {
    const catalog =
      r.catalog === "none"
        ? "no catalog yet (picasso mcp refresh, or it is listed on first use)"
        : `${r.tools} tools, catalog ${r.catalogBytes ?? 0} bytes${r.catalog === "stale" ? " (stale: the configuration changed)" : ""}`;
    return `${r.name}_call  ${r.scope} · ${r.transport} · ${r.target}\n    not spawned · ${catalog}`;
  });
  return `${[...lines, ...problems.map((p) => `warning: ${p}`)].join("\n")}\n`;
}
