/**
 * `picasso mcp list | add | remove | refresh [name] | status | login <name> | logout <name>`: the
 * MCP servers of this workspace (docs/mcp.md). One file per subcommand (mcp-list.ts, mcp-add.ts,
 * mcp-remove.ts, mcp-refresh.ts, mcp-status.ts, mcp-login.ts, mcp-logout.ts), each loaded when
 * it runs.
 */
import type { Command } from "commander";

export function register(program: Command): void {
  const mcp = program
    .command("mcp")
    .description(
      "MCP servers: list them, add or remove one, refresh their catalogs, log in to remote ones (docs/mcp.md)",
    );
  mcp
    .command("list")
    .description("each configured server: scope, transport, catalog state, tool count and catalog bytes")
    .option("--json", "print JSON")
    .action(async (flags: { json?: boolean }) => {
      const { mcpListOutput } = await import("./mcp-list.js");
      process.stdout.write(await mcpListOutput(flags));
    });
  mcp
    .command("add <name> <commandOrUrl> [args...]")
    .description("add a server to the project's .mcp.json (or --scope user: $PICASSO_HOME/mcp.json)")
    .option("-t, --transport <type>", "stdio, http or sse (default: stdio, or http for a URL)")
    .option("-s, --scope <scope>", "project or user", "project")
    .option(
      "-e, --env <KEY=value...>",
      `environment of a stdio server (a \${VAR} in the value is expanded at start)`,
    )
    .option("-H, --header <Name: value...>", "an HTTP header of an http or sse server")
    .action(async (name: string, target: string, args: string[], flags: Record<string, unknown>) => {
      const { mcpAddOutput } = await import("./mcp-add.js");
      process.stdout.write(mcpAddOutput(name, target, args, flags));
    });
  mcp
    .command("remove <name>")
    .description("remove a server from the project's .mcp.json or the user's mcp.json")
    .option("-s, --scope <scope>", "project or user (default: wherever it is)")
    .action(async (name: string, flags: { scope?: string }) => {
      const { mcpRemoveOutput } = await import("./mcp-remove.js");
      process.stdout.write(mcpRemoveOutput(name, flags));
    });
  mcp
    .command("refresh [name]")
    .description("start each server (or the named one), list its tools into the catalog cache, stop it")
    .action(async (name: string | undefined) => {
      const { mcpRefresh } = await import("./mcp-refresh.js");
      const result = await mcpRefresh(name);
      process.stdout.write(result.text);
      if (!result.ok) process.exitCode = 1;
    });
  mcp
    .command("status")
    .description(
      "what /mcp shows: each server's state (configured or cataloged here) and stored OAuth tokens",
    )
    .option("--json", "print JSON")
    .action(async (flags: { json?: boolean }) => {
      const { mcpStatusOutput } = await import("./mcp-status.js");
      process.stdout.write(await mcpStatusOutput(flags));
    });
  mcp
    .command("login <name>")
    .description("authorize Picasso with an http or sse server that asks for OAuth (opens the browser)")
    .option("--no-browser", "only print the URL to open")
    .option("--timeout <seconds>", "how long to wait for the browser's redirect", "300")
    .action(async (name: string, flags: { browser?: boolean; timeout?: string }) => {
      const { mcpLogin } = await import("./mcp-login.js");
      const result = await mcpLogin(name, flags);
      if (!result.ok) process.exitCode = 1;
    });
  mcp
    .command("logout <name>")
    .description("forget the OAuth tokens and client registration stored for a server")
    .action(async (name: string) => {
      const { mcpLogoutOutput } = await import("./mcp-logout.js");
      process.stdout.write(mcpLogoutOutput(name));
    });
}
