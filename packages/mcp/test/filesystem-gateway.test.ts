/**
 * The `fs_call` gateway on the real filesystem server (spawned over stdio from node_modules):
 * `__list__` and `__describe__` answer from the catalog cache without a process; the first real
 * call spawns it (one `mcp_server_start` with its pid); closing stops it.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMcpPlugin } from "../src/mcp-plugin.js";
import type { McpEventBody } from "../src/mcp-server.js";
import { refreshCatalog } from "../src/refresh-catalog.js";
import type { McpServerConfig } from "../src/server-config.js";
import { filesystemServer } from "./real-servers.js";
import { isAlive, toolContext, waitFor } from "./tool-context.js";

function setup() {
  const root = mkdtempSync(join(tmpdir(), "mcp-fs-ws-"));
  const picassoHome = mkdtempSync(join(tmpdir(), "mcp-fs-home-"));
  writeFileSync(join(root, "hello.txt"), "hello from the real filesystem server\n");
  const config: McpServerConfig = {
    name: "fs",
    file: join(root, ".mcp.json"),
    scope: "project",
    transport: "stdio",
    ...filesystemServer(root),
    env: {},
  };
  return { root, picassoHome, config };
}

describe("fs_call on the real filesystem server", () => {
  it("refresh writes the catalog cache: Markdown for people and a JSON twin keyed by the config hash", async () => {
    const { root, picassoHome, config } = setup();
    const result = await refreshCatalog(config, { picassoHome, cwd: root, clientVersion: "test" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.tools).toBeGreaterThan(5);
    const md = readFileSync(join(picassoHome, "mcp-catalog", "fs.md"), "utf8");
    expect(md).toContain("# MCP server fs");
    expect(md).toContain("## read_text_file");
    expect(Buffer.byteLength(md)).toBe(result.catalogBytes);
    const twin = JSON.parse(readFileSync(join(picassoHome, "mcp-catalog", "fs.json"), "utf8"));
    expect(twin.server).toBe("fs");
    expect(twin.tools.map((t: { name: string }) => t.name)).toContain("read_text_file");
  });

  it("__list__ and __describe__ spawn nothing while the cache is fresh; the first real call spawns the server", async () => {
    const { root, picassoHome, config } = setup();
    await refreshCatalog(config, { picassoHome, cwd: root, clientVersion: "test" });
    const plugin = createMcpPlugin({ servers: [config], picassoHome, cwd: root, clientVersion: "test" });
    const events: McpEventBody[] = [];
    plugin.start?.({
      sessionId: "s",
      workspaceRoot: "/w",
      picassoHome: "/h",
      logPath: "/l",
      record: (event) => events.push(event as never),
    });
    const [gateway] = plugin.registerTools!();
    const ctx = toolContext(root, join(picassoHome, "outputs"));
    try {
      expect(gateway!.spec.name).toBe("fs_call");
      expect(
        plugin
          .catalogEntries()
          .filter((e) => e.kind === "mcp_tool")
          .map((e) => e.name),
      ).toContain("read_text_file");

      const list = await gateway!.run({ tool: "__list__" }, ctx);
      expect(list.isError).toBeUndefined();
      expect(list.content).toMatch(/^read_text_file.* · /m);
      expect(list.tier2).toEqual([{ kind: "mcp_catalog", name: "fs" }]);

      const described = await gateway!.run(
        { tool: "__describe__", arguments: { tool: "read_text_file" } },
        ctx,
      );
      expect(described.content).toContain("Input schema:");
      expect(described.content).toContain('"path"');

      const invalid = await gateway!.run({ tool: "read_text_file", arguments: { pth: "hello.txt" } }, ctx);
      expect(invalid.isError).toBe(true);
      expect(invalid.content).toContain('missing required field "path"');
      expect(invalid.content).toContain("Input schema:");

      expect(events).toEqual([]);
      expect(plugin.status()[0]).toMatchObject({ state: "not spawned", pid: null });

      const read = await gateway!.run(
        { tool: "read_text_file", arguments: { path: join(root, "hello.txt") } },
        ctx,
      );
      expect(read.isError).toBeUndefined();
      expect(read.content).toContain("hello from the real filesystem server");
      expect(events).toHaveLength(1);
      const start = events[0]!;
      expect(start).toMatchObject({
        type: "mcp_server_start",
        server: "fs",
        transport: "stdio",
        reason: "call",
      });
      const pid = start.pid!;
      expect(isAlive(pid)).toBe(true);
      expect(plugin.status()[0]).toMatchObject({ state: "running", pid });

      // The server stays up: a second call spawns nothing more.
      await gateway!.run({ tool: "list_directory", arguments: { path: root } }, ctx);
      expect(events).toHaveLength(1);
    } finally {
      await plugin.close();
    }
    expect(events.at(-1)).toMatchObject({ type: "mcp_server_exit", server: "fs", reason: "closed" });
    const pid = (events[0] as { pid: number }).pid;
    await waitFor(() => !isAlive(pid), 5000, "the server process to end");
  });

  it("without a cached catalog, __list__ starts the server to list it (reason catalog) and caches it", async () => {
    const { root, picassoHome, config } = setup();
    const plugin = createMcpPlugin({ servers: [config], picassoHome, cwd: root, clientVersion: "test" });
    const events: McpEventBody[] = [];
    plugin.start?.({
      sessionId: "s",
      workspaceRoot: "/w",
      picassoHome: "/h",
      logPath: "/l",
      record: (event) => events.push(event as never),
    });
    try {
      expect(plugin.catalogEntries().map((e) => e.kind)).toEqual(["mcp_server"]);
      const list = await plugin.registerTools!()[0]!.run(
        { tool: "__list__" },
        toolContext(root, picassoHome),
      );
      expect(list.content).toContain("read_text_file");
      expect(events.map((e) => [e.type, "reason" in e ? e.reason : ""])).toEqual([
        ["mcp_server_start", "catalog"],
      ]);
      expect(existsSync(join(picassoHome, "mcp-catalog", "fs.json"))).toBe(true);
    } finally {
      await plugin.close();
    }
  });

  it("a read-only tool is a read; a writing tool is a write seen as fs_call:<tool>", async () => {
    const { root, picassoHome, config } = setup();
    await refreshCatalog(config, { picassoHome, cwd: root, clientVersion: "test" });
    const plugin = createMcpPlugin({ servers: [config], picassoHome, cwd: root, clientVersion: "test" });
    const gateway = plugin.registerTools!()[0]!;
    expect(gateway.callEffect!({ tool: "__list__" })).toEqual({ effect: "read" });
    expect(gateway.callEffect!({ tool: "read_text_file", arguments: { path: "a" } })).toEqual({
      effect: "read",
      target: { name: "read_text_file", input: { path: "a" } },
    });
    expect(gateway.callEffect!({ tool: "write_file", arguments: { path: "a", content: "b" } })).toMatchObject(
      {
        effect: "write",
        target: { name: "write_file" },
      },
    );
    await plugin.close();
  });
});
