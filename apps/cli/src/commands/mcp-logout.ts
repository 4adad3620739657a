/**
 * `picasso mcp logout <name>`: forget what an OAuth login stored for a server — its tokens, its
 * client registration and discovery state (`$PICASSO_HOME/mcp-auth/<name>.json`). The server then
 * needs `picasso mcp login <name>` again. A name that is not configured may still have a file
 * (its server was removed): that file is removed too.
 */
import { defaultPicassoHome } from "@picasso/engine";
import { forgetAuth, SERVER_NAME } from "@picasso/mcp";
import { UserError } from "@picasso/protocol";
import type { McpWhere } from "./mcp-where.js";

export function mcpLogoutOutput(name: string, where: McpWhere = {}): string {
  if (!SERVER_NAME.test(name))
    throw new UserError(
      `mcp logout: "${name}" is not a server name (lowercase letters, digits, "_" and "-")`,
    );
  const picassoHome = defaultPicassoHome(where.env ?? process.env);
  return forgetAuth(picassoHome, name)
    ? `${name}: logged out; its OAuth tokens and client registration are forgotten\n`
    : `${name}: nothing stored (not logged in)\n`;
}
