/** The catalog entries the MCP plugin contributes carry each server's cached instructions (for its tools' `when`). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG_FORMAT, configHash, writeCatalog } from "./catalog-cache.js";
import { createMcpPlugin } from "./mcp-plugin.js";
import type { McpServerConfig } from "./server-config.js";

describe("catalog entries of the MCP plugin", () => {
  it("pass the server's initialize instructions from the cache, and none when it gave none", () => {
    const picassoHome = mkdtempSync(join(tmpdir(), "picasso-home-mcp-entries-"));
    const server = (name: string): McpServerConfig => ({
      name,
      file: "/w/.mcp.json",
      scope: "project",
      transport: "stdio",
      command: "never-run",
      args: [],
      env: {},
    });
    const [withText, without] = [server("pg"), server("gh")];
    const tools = [{ name: "run_query", description: "Runs SQL.", inputSchema: { type: "object" } }];
    writeCatalog(picassoHome, {
      format: CATALOG_FORMAT,
      server: "pg",
      configHash: configHash(withText),
      instructions: "  Read-only access to the dev database.\n",
      tools,
    });
    writeCatalog(picassoHome, {
      format: CATALOG_FORMAT,
      server: "gh",
      configHash: configHash(without),
      tools,
    });
    const plugin = createMcpPlugin({
      servers: [withText, without],
      picassoHome,
      cwd: "/w",
      clientVersion: "test",
    });
    const servers = plugin.catalogEntries().filter((e) => e.kind === "mcp_server");
    expect(servers.map((s) => [s.name, s.instructions])).toEqual([
      ["gh", undefined],
      ["pg", "Read-only access to the dev database."],
    ]);
  });
});
