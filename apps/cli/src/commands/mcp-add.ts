/**
 * `picasso mcp add <name> <commandOrUrl> [args...] [-t stdio|http|sse] [-s project|user]
 * [-e KEY=value]… [-H "Name: value"]…`: writes the server into the project's `.mcp.json` (or
 * the user's `$PICASSO_HOME/mcp.json`). A running session mounts it from its next session.
 */
import { join } from "node:path";
import { defaultPicassoHome } from "@picasso/engine";
import { addServerToFile, projectConfigPath, type ServerEntry, userConfigPath } from "@picasso/mcp";
import { UserError } from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
import { editApprovedProjectConfig } from "./mcp-project-approval.js";
import type { McpWhere } from "./mcp-where.js";

function pairs(values: unknown, flag: string, separator: RegExp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of Array.isArray(values) ? values : values === undefined ? [] : [values]) {
    const text = String(value);
    const match = separator.exec(text);
    if (!match || match.index === 0)
      throw new UserError(
        `${flag}: expected ${flag === "--env" ? "KEY=value" : '"Name: value"'}, got "${text}"`,
      );
    out[text.slice(0, match.index).trim()] = text.slice(match.index + match[0].length).trim();
  }
  return out;
}

export function mcpAddOutput(
  name: string,
  target: string,
  args: string[],
  flags: Record<string, unknown>,
  where: McpWhere = {},
): string {
  const looksLikeUrl = /^https?:\/\//.test(target);
  const transport = String(flags.transport ?? (looksLikeUrl ? "http" : "stdio"));
  if (!["stdio", "http", "sse"].includes(transport))
    throw new UserError(`--transport: expected stdio, http or sse, got "${transport}"`);
  const scope = String(flags.scope ?? "project");
  if (scope !== "project" && scope !== "user")
    throw new UserError(`--scope: expected project or user, got "${scope}"`);
  let entry: ServerEntry;
  if (transport === "stdio") {
    const env = pairs(flags.env, "--env", /=/);
    entry = {
      command: target,
      ...(args.length ? { args } : {}),
      ...(Object.keys(env).length ? { env } : {}),
    };
  } else {
    if (!looksLikeUrl)
      throw new UserError(
        `mcp add: an ${transport} server needs a URL (http:// or https://), got "${target}"`,
      );
    if (args.length) throw new UserError(`mcp add: an ${transport} server takes no arguments after its URL`);
    const headers = pairs(flags.header, "--header", /:\s*/);
    entry = {
      type: transport as "http" | "sse",
      url: target,
      ...(Object.keys(headers).length ? { headers } : {}),
    };
  }
  const env = where.env ?? process.env;
  const picassoHome = defaultPicassoHome(env);
  const workspaceRoot = findWorkspaceRoot(where.cwd ?? process.cwd());
  const file = scope === "user" ? userConfigPath(picassoHome) : projectConfigPath(workspaceRoot);
  const shown = scope === "user" ? "$PICASSO_HOME/mcp.json" : ".mcp.json";
  const add = () => addServerToFile(file, shown, name, entry);
  let note: string | undefined;
  if (scope === "user") add();
  else note = editApprovedProjectConfig({ workspaceRoot, picassoHome }, add);
  return `added ${name} to ${shown === ".mcp.json" ? join(".", shown) : shown}: its gateway ${name}_call is mounted from the next session\n${note ? `note: ${note}\n` : ""}`;
}
