import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatByteSize } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { CATALOG_FORMAT, configHash, writeCatalog } from "./catalog-cache.js";
import { mcpPanel } from "./mcp-panel.js";
import { createMcpPlugin } from "./mcp-plugin.js";
import type { McpServerConfig } from "./server-config.js";

describe("MCP's /context panel", () => {
  it("a row per server: its state, tools, catalog size and error, an error in the error tone", () => {
    const panel = mcpPanel("mcp", [
      { name: "fs", state: "running", pid: 4242, tools: 14, catalogBytes: 9300, error: null },
      { name: "github", state: "not spawned", pid: null, tools: null, catalogBytes: null, error: null },
      {
        name: "broken",
        state: "failed",
        pid: null,
        tools: 3,
        catalogBytes: 800,
        error: "could not start: exited (code 2)",
      },
      { name: "gone", state: "exited", pid: null, tools: 2, catalogBytes: null, error: null },
    ]);
    expect(panel).toEqual({
      id: "mcp",
      title: "MCP servers",
      rows: [
        { label: "fs_call", value: "running (pid 4242) · 14 tools · catalog 9.1 KB" },
        { label: "github_call", value: "not spawned · no catalog yet" },
        {
          label: "broken_call",
          value: "failed · 3 tools · catalog 800 B · could not start: exited (code 2)",
          tone: "error",
        },
        { label: "gone_call", value: "exited · 2 tools" },
      ],
    });
  });

  it("no panel without a server", () => {
    expect(mcpPanel("mcp", [])).toBeUndefined();
  });

  it("the plugin's panel reads the cached catalog and spawns nothing", async () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-panel-ws-"));
    const picassoHome = mkdtempSync(join(tmpdir(), "mcp-panel-home-"));
    const config = (name: string): McpServerConfig => ({
      name,
      file: join(root, ".mcp.json"),
      scope: "project",
      transport: "stdio",
      command: `${name}-mcp`,
      args: [],
      env: {},
    });
    const docs = config("docs");
    const tool = (name: string) => ({ name, description: `${name} a page`, inputSchema: { type: "object" } });
    const bytes = writeCatalog(picassoHome, {
      format: CATALOG_FORMAT,
      server: "docs",
      configHash: configHash(docs),
      tools: [tool("read"), tool("search")],
    });
    const plugin = createMcpPlugin({
      servers: [config("wiki"), docs],
      picassoHome,
      cwd: root,
      clientVersion: "test",
    });
    try {
      expect(plugin.panel!()).toEqual({
        id: "mcp",
        title: "MCP servers",
        rows: [
          { label: "docs_call", value: `not spawned · 2 tools · catalog ${formatByteSize(bytes)}` },
          { label: "wiki_call", value: "not spawned · no catalog yet" },
        ],
      });
      expect(plugin.servers.map((s) => s.state)).toEqual(["not spawned", "not spawned"]);
    } finally {
      await plugin.close();
    }
  });
});
