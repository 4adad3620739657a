/**
 * `/mcp` and its actions through the plugin's operations, on our fault server
 * (fixtures/fault-server.mjs): each state as it happens (configured, cataloged, started with its
 * pid, failed with the reason), `mcp:refresh` re-listing into the cache, `mcp:restart` bringing a
 * server that used up its starts back, and arguments that name nothing answered with a warning.
 */
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPERATION_NAME } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createMcpPlugin } from "../src/mcp-plugin.js";
import { refreshCatalog } from "../src/refresh-catalog.js";
import type { McpServerConfig } from "../src/server-config.js";
import { toolContext } from "./tool-context.js";

const FAULT_SERVER = fileURLToPath(new URL("./fixtures/fault-server.mjs", import.meta.url));

function stdio(name: string, args: string[], root: string): McpServerConfig {
  return {
    name,
    file: join(root, ".mcp.json"),
    scope: "project",
    transport: "stdio",
    command: process.execPath,
    args: [FAULT_SERVER, ...args],
    env: { FAULT_TOKEN: "tok-op-77aa88bb" },
  };
}

async function setup() {
  const root = mkdtempSync(join(tmpdir(), "mcp-ops-"));
  const picassoHome = mkdtempSync(join(tmpdir(), "mcp-ops-home-"));
  const faulty = stdio("faulty", [], root);
  const broken = stdio("broken", ["exit-at-start"], root);
  const remote: McpServerConfig = {
    name: "remote",
    file: join(root, ".mcp.json"),
    scope: "user",
    transport: "http",
    url: "http://127.0.0.1:9/mcp",
    headers: {},
  };
  expect((await refreshCatalog(faulty, { picassoHome, cwd: root, clientVersion: "test" })).ok).toBe(true);
  const plugin = createMcpPlugin({
    servers: [faulty, broken, remote],
    picassoHome,
    cwd: root,
    clientVersion: "test",
  });
  const gateway = (name: string) => plugin.registerTools!().find((t) => t.spec.name === `${name}_call`)!;
  const ctx = toolContext(root, join(picassoHome, "outputs"));
  const call = (server: string, tool: string, args: Record<string, unknown> = {}) =>
    gateway(server).run({ tool, arguments: args }, ctx);
  const op = (name: string, args = "") =>
    plugin
      .operations!.find((o) => o.name === name)!
      .run(args, {
        signal: new AbortController().signal,
        offline: false,
      });
  return { plugin, call, op, picassoHome };
}

describe("/mcp operations", () => {
  it("are named as operations may be, and /mcp shows each server's state as it changes", async () => {
    const { plugin, call, op } = await setup();
    try {
      expect(plugin.operations!.map((o) => o.name)).toEqual([
        "mcp",
        "mcp:refresh",
        "mcp:restart",
        "mcp:login",
      ]);
      for (const o of plugin.operations!) expect(o.name).toMatch(OPERATION_NAME);
      expect(plugin.operations!.find((o) => o.name === "mcp:login")!.argChoices).toEqual(["remote"]);

      const first = await op("mcp");
      expect(first.text.split("\n")).toEqual([
        `broken  stdio · ${process.execPath} ${FAULT_SERVER} exit-at-start`,
        "    configured · no catalog yet",
        `faulty  stdio · ${process.execPath} ${FAULT_SERVER}`,
        "    cataloged · 9 tools",
        "remote  http · http http://127.0.0.1:9/mcp",
        "    configured · no catalog yet · no OAuth token",
      ]);

      expect((await call("broken", "__list__")).isError).toBe(true);
      expect((await call("faulty", "echo", { text: "hi" })).content).toBe("hi");
      const pid = plugin.servers.find((s) => s.name === "faulty")!.pid!;
      expect(pid).toBeGreaterThan(0);
      const later = (await op("mcp")).data as {
        servers: { name: string; state: string; error: string | null }[];
      };
      expect(later.servers.map((s) => [s.name, s.state])).toEqual([
        ["broken", "failed"],
        ["faulty", "started"],
        ["remote", "configured"],
      ]);
      expect(later.servers[0]!.error).toMatch(/could not start: .*exited \(code 2\)/);
      const text = (await op("mcp")).text;
      expect(text).toContain(`started (pid ${pid}) · 9 tools`);
      expect(text).toMatch(/failed · no catalog yet · could not start: .*FAULT_DB is not reachable/);
    } finally {
      await plugin.close();
    }
  });

  it("mcp:restart brings back a server that used its starts; mcp:refresh re-lists into the cache", async () => {
    const { plugin, call, op, picassoHome } = await setup();
    try {
      await call("faulty", "crash");
      await call("faulty", "echo", { text: "respawned" });
      await call("faulty", "crash");
      const down = await call("faulty", "echo", { text: "x" });
      expect(down.content).toContain("is down and was not started again");

      const restarted = await op("mcp:restart", "faulty");
      expect(restarted.tone).toBeUndefined();
      const pid = plugin.servers.find((s) => s.name === "faulty")!.pid!;
      expect(restarted.text).toBe(`faulty: restarted (pid ${pid})`);
      expect((await call("faulty", "echo", { text: "back" })).content).toBe("back");

      // A tool the server added shows in the cache after a refresh.
      await call("faulty", "add_tool", { name: "extra" });
      const catalogFile = join(picassoHome, "mcp-catalog", "faulty.json");
      const before = statSync(catalogFile).mtimeMs;
      const refreshed = await op("mcp:refresh", "faulty");
      expect(refreshed.text).toBe("faulty: 10 tools listed into the catalog cache");
      expect(statSync(catalogFile).mtimeMs).toBeGreaterThanOrEqual(before);
      expect(
        JSON.parse(readFileSync(catalogFile, "utf8")).tools.map((t: { name: string }) => t.name),
      ).toContain("extra");

      // A server that cannot start: refresh and restart say why, as a warning.
      const failed = await op("mcp:restart", "broken");
      expect(failed.tone).toBe("warn");
      expect(failed.text).toMatch(/^MCP server "broken" could not start: .*exited \(code 2\)/);
      expect(failed.text).not.toContain("tok-op-77aa88bb");
    } finally {
      await plugin.close();
    }
  });

  it("arguments that name no fitting server are a one-line warning", async () => {
    const { plugin, op } = await setup();
    try {
      expect(await op("mcp:restart", "nope")).toEqual({
        text: 'no MCP server "nope"; restart takes one of: broken, faulty, remote',
        tone: "warn",
      });
      expect(await op("mcp:login", "faulty")).toEqual({
        text: '"faulty" is not an http or sse server; login takes one of: remote',
        tone: "warn",
      });
      expect(await op("mcp:refresh")).toEqual({
        text: "name a server: /mcp:refresh <name> (one of: broken, faulty, remote)",
        tone: "warn",
      });
      const login = await op("mcp:login", "remote");
      expect(login.tone).toBe("warn");
      expect(login.text).toMatch(/^remote: login could not start: /);
    } finally {
      await plugin.close();
    }
  });

  it("are offered only where they can act: none without a server, no login without an http one", () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-ops-"));
    const none = createMcpPlugin({ servers: [], picassoHome: root, cwd: root, clientVersion: "test" });
    expect(none.operations).toEqual([]);
    const local = createMcpPlugin({
      servers: [stdio("faulty", [], root)],
      picassoHome: root,
      cwd: root,
      clientVersion: "test",
    });
    expect(local.operations!.map((o) => o.name)).toEqual(["mcp", "mcp:refresh", "mcp:restart"]);
  });
});
