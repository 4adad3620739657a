/**
 * `picasso mcp login <name> [--no-browser] [--timeout <seconds>]`: authorize Picasso with an http
 * or sse server that asks for OAuth (docs/mcp.md). It prints the authorization URL (and opens it
 * in the browser unless `--no-browser`), waits for the browser's redirect to a one-shot listener
 * on 127.0.0.1, stores the tokens in `$PICASSO_HOME/mcp-auth/<name>.json` (0600), then lists the
 * server's tools into the catalog cache with them. Exit 1 when the login or the listing failed.
 * The tokens are never printed.
 */
import { defaultPicassoHome } from "@picasso/engine";
import { loadMcpConfig, refreshCatalog, startOAuthLogin } from "@picasso/mcp";
import { UserError } from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
import { VERSION } from "../version.js";
import type { McpWhere } from "./mcp-where.js";
import { openInBrowser } from "./open-browser.js";

export interface McpLoginFlags {
  browser?: boolean;
  timeout?: string;
}

export async function mcpLogin(
  name: string,
  flags: McpLoginFlags,
  where: McpWhere = {},
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<{ ok: boolean }> {
  const env = where.env ?? process.env;
  const picassoHome = defaultPicassoHome(env);
  const workspaceRoot = findWorkspaceRoot(where.cwd ?? process.cwd());
  const { servers } = loadMcpConfig({ workspaceRoot, picassoHome, env });
  const config = servers.find((s) => s.name === name);
  if (!config)
    throw new UserError(`mcp login: no server "${name}" is configured (picasso mcp list shows them)`);
  if (config.transport === "stdio")
    throw new UserError(`mcp login: "${name}" is a stdio server; OAuth applies to http and sse servers`);
  const seconds = flags.timeout === undefined ? 300 : Number(flags.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new UserError(
      `mcp login: --timeout: expected a number of seconds, got ${JSON.stringify(flags.timeout)}`,
    );

  let login: Awaited<ReturnType<typeof startOAuthLogin>>;
  try {
    login = await startOAuthLogin(config, { picassoHome, timeoutMs: seconds * 1000 });
  } catch (error) {
    write(`${name}: login could not start: ${(error as Error).message}\n`);
    return { ok: false };
  }
  write(
    [
      `Open this URL in a browser to authorize Picasso with "${name}":`,
      "",
      login.authorizationUrl.href,
      "",
      `Waiting for the redirect on 127.0.0.1 (up to ${Math.round(seconds)} s; Ctrl-C stops)...`,
      "",
    ].join("\n"),
  );
  if (flags.browser !== false) openInBrowser(login.authorizationUrl, env);
  const stop = () => login.cancel();
  process.once("SIGINT", stop);
  try {
    await login.done;
  } catch (error) {
    write(`${name}: login failed: ${(error as Error).message}\n`);
    return { ok: false };
  } finally {
    process.off("SIGINT", stop);
    await login.closed;
  }
  write(
    `${name}: authorized; the tokens are in $PICASSO_HOME/mcp-auth/${name}.json (readable by you only)\n`,
  );
  const listed = await refreshCatalog(config, { picassoHome, cwd: workspaceRoot, clientVersion: VERSION });
  if (!listed.ok) {
    write(`${name}: listing its tools failed: ${listed.error}\n`);
    return { ok: false };
  }
  write(`${name}: ${listed.tools} tools, catalog ${listed.catalogBytes} bytes\n`);
  return { ok: true };
}
