/**
 * `picasso mcp status [--json]`: what `/mcp` shows in a session, for the servers this workspace
 * configures, outside a session — nothing is started, so each is `configured` (no catalog yet) or
 * `cataloged` (a fresh cache), with whether OAuth tokens are stored for an http or sse server
 * (never the tokens). The same operation a session runs (@picasso/mcp mcp-operations.ts).
 */
import { defaultPicassoHome } from "@picasso/engine";
import { createMcpPlugin, loadMcpConfig } from "@picasso/mcp";
import { sessionToolNames } from "@picasso/surface";
import { findWorkspaceRoot } from "@picasso/workspace";
import { VERSION } from "../version.js";
import type { McpWhere } from "./mcp-where.js";

export async function mcpStatusOutput(flags: { json?: boolean }, where: McpWhere = {}): Promise<string> {
  const env = where.env ?? process.env;
  const picassoHome = defaultPicassoHome(env);
  const workspaceRoot = findWorkspaceRoot(where.cwd ?? process.cwd());
  const reservedNames = await sessionToolNames({ workspaceRoot, picassoHome });
  const { servers, problems } = loadMcpConfig({ workspaceRoot, picassoHome, env, reservedNames });
  const plugin = createMcpPlugin({
    servers,
    problems,
    picassoHome,
    cwd: workspaceRoot,
    clientVersion: VERSION,
  });
  try {
    const status = plugin.operations?.find((o) => o.name === "mcp");
    const result = status
      ? await status.run("", { signal: new AbortController().signal, offline: true })
      : {
          text: "No MCP servers configured (.mcp.json in the workspace, or $PICASSO_HOME/mcp.json).",
          data: { servers: [] },
        };
    if (flags.json) return `${JSON.stringify({ ...(result.data as object), problems }, null, 2)}\n`;
    return `${[result.text, ...problems.map((p) => `warning: ${p}`)].join("\n")}\n`;
  } finally {
    await plugin.close();
  }
}
