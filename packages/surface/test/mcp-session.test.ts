/**
 * Acceptance: a scripted session (the mock provider over 127.0.0.1 through the official
 * Anthropic SDK) configured with the real filesystem MCP server in `.mcp.json` calls
 * `fs_call("__list__")`, `fs_call("__describe__", …)`, then a real `read_text_file` through the
 * gateway. The server process does not exist before that first real call: no
 * `mcp_server_start` until then, and the one that follows names a pid that is alive.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import { CATALOG_FORMAT, configHash, loadMcpConfig, refreshCatalog, writeCatalog } from "@picasso/mcp";
import { startMockServer } from "@picasso/mock-provider";
import { readLogFileAll, type SessionEvent } from "@picasso/protocol";
import { AnthropicProvider } from "@picasso/providers";
import { describe, expect, it } from "vitest";
import { approveProjectConfig, composeSession } from "../src/index.js";
import { idleProvider } from "./idle-provider.js";

function filesystemServerEntry(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("@modelcontextprotocol/server-filesystem/package.json");
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0]!);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("an MCP server in a session", () => {
  it("lists and describes from the cache, then spawns the real filesystem server on the first real call", async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-ws-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-home-")));
    writeFileSync(join(workspace, "notes.txt"), "the answer is 42\n");
    writeFileSync(
      join(workspace, ".mcp.json"),
      JSON.stringify({
        mcpServers: { fs: { command: process.execPath, args: [filesystemServerEntry(), workspace] } },
      }),
    );
    approveProjectConfig({ workspaceRoot: workspace, picassoHome: home });
    // `picasso mcp refresh` before the session: the catalog is cached on disk.
    const [config] = loadMcpConfig({ workspaceRoot: workspace, picassoHome: home }).servers;
    expect(
      (await refreshCatalog(config!, { picassoHome: home, cwd: workspace, clientVersion: "test" })).ok,
    ).toBe(true);

    const server = await startMockServer({
      script: {
        steps: [
          { tool_calls: [{ name: "fs_call", input: { tool: "__list__" } }] },
          {
            tool_calls: [
              { name: "fs_call", input: { tool: "__describe__", arguments: { tool: "read_text_file" } } },
            ],
          },
          {
            tool_calls: [
              {
                name: "fs_call",
                input: { tool: "read_text_file", arguments: { path: join(workspace, "notes.txt") } },
              },
            ],
          },
          { text: "The file says the answer is 42." },
        ],
      },
    });
    const provider = new AnthropicProvider({
      apiKey: "test-key",
      model: "mock-model",
      baseUrl: server.url,
      name: "mock",
    });
    const events: SessionEvent[] = [];
    const composed = await composeSession({
      provider,
      workspaceRoot: workspace,
      picassoHome: home,
      surface: "cli",
      surfaceLabel: "test",
      version: "test",
      approver: allowListApprover([]),
      onEvent: (event) => events.push(event),
    });
    try {
      const tools = composed.session.tier1.tools.map((t) => t.name);
      expect(tools.filter((n) => n.endsWith("_call"))).toEqual(["tool_call", "fs_call"]);
      expect(tools.at(-1)).toBe("fs_call");
      expect(composed.warnings()).toEqual([]);
      expect(composed.mcp!.status()[0]).toMatchObject({ name: "fs", state: "not spawned", pid: null });

      await composed.session.runTurn("What does notes.txt say?");
      const results = events.filter((e) => e.type === "tool_result");
      expect(results.map((r) => r.type === "tool_result" && r.status)).toEqual(["ok", "ok", "ok"]);
      const kinds = events.map((e) => e.type);
      const start = kinds.indexOf("mcp_server_start");
      const calls = events.flatMap((e, i) => (e.type === "tool_call" ? [i] : []));
      // Not spawned for __list__ or __describe__: the start comes after the third call began.
      expect(start).toBeGreaterThan(calls[2]!);
      expect(kinds.filter((k) => k === "mcp_server_start")).toHaveLength(1);
      const started = events[start]!;
      if (started.type !== "mcp_server_start") throw new Error("not a start");
      expect(started).toMatchObject({ server: "fs", reason: "call", transport: "stdio" });
      expect(isAlive(started.pid!)).toBe(true);
      const last = results[2]!;
      expect(last.type === "tool_result" && last.content).toContain("the answer is 42");
      const loads = events.filter((e) => e.type === "tier2_load");
      expect(loads.map((l) => l.type === "tier2_load" && [l.kind, l.name])).toEqual([
        ["mcp_catalog", "fs"],
        ["mcp_catalog", "fs"],
      ]);
      expect(loads.every((l) => l.type === "tier2_load" && l.bytes > 100)).toBe(true);
      expect(composed.mcp!.status()[0]).toMatchObject({ state: "running", pid: started.pid });
    } finally {
      await composed.close();
      await provider.close?.();
      await server.close();
    }
    // The log holds the start and, before session_end, the exit.
    const { events: logged } = await readLogFileAll(composed.session.logPath);
    const types = logged.map((e) => e.type);
    expect(types).toContain("mcp_server_start");
    expect(types.indexOf("mcp_server_exit")).toBeLessThan(types.indexOf("session_end"));
  });

  it("a writing MCP tool asks; a Claude Code allow rule (mcp__fs__write_file) spares the question; plan mode refuses it", async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-allow-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-allow-home-")));
    writeFileSync(
      join(workspace, ".mcp.json"),
      JSON.stringify({
        mcpServers: { fs: { command: process.execPath, args: [filesystemServerEntry(), workspace] } },
      }),
    );
    approveProjectConfig({ workspaceRoot: workspace, picassoHome: home });
    const [config] = loadMcpConfig({ workspaceRoot: workspace, picassoHome: home }).servers;
    expect(
      (await refreshCatalog(config!, { picassoHome: home, cwd: workspace, clientVersion: "test" })).ok,
    ).toBe(true);
    const write = (file: string) => ({
      tool_calls: [
        {
          name: "fs_call",
          input: { tool: "write_file", arguments: { path: join(workspace, file), content: "hi" } },
        },
      ],
    });
    const run = async (mode: "default" | "plan", file: string) => {
      const server = await startMockServer({ script: { steps: [write(file), { text: "done" }] } });
      const provider = new AnthropicProvider({
        apiKey: "k",
        model: "mock-model",
        baseUrl: server.url,
        name: "mock",
      });
      const events: SessionEvent[] = [];
      const composed = await composeSession({
        provider,
        workspaceRoot: workspace,
        picassoHome: home,
        surface: "cli",
        surfaceLabel: "test",
        version: "test",
        mode,
        claudeHome: join(home, "no-claude"),
        approver: allowListApprover([]),
        onEvent: (event) => events.push(event),
      });
      try {
        await composed.session.runTurn("write it");
      } finally {
        await composed.close();
        await provider.close?.();
        await server.close();
      }
      return events;
    };
    const asked = await run("default", "a.txt");
    const decided = asked.find((e) => e.type === "approval_decided");
    expect(decided).toMatchObject({ decision: "deny" });
    expect(existsSync(join(workspace, "a.txt"))).toBe(false);

    mkdirSync(join(workspace, ".claude"));
    writeFileSync(
      join(workspace, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["mcp__fs__write_file"] } }),
    );
    // Not approved yet: the project's rule spares nothing.
    const unapproved = await run("default", "c.txt");
    expect(unapproved.find((e) => e.type === "approval_decided")).toMatchObject({ decision: "deny" });
    approveProjectConfig({ workspaceRoot: workspace, picassoHome: home });
    const allowed = await run("default", "b.txt");
    expect(allowed.find((e) => e.type === "approval_decided")).toMatchObject({
      decision: "allow_session",
      note: "allowed by the settings rule mcp__fs__write_file",
    });
    expect(readFileSync(join(workspace, "b.txt"), "utf8")).toBe("hi");

    const planned = await run("plan", "c.txt");
    const result = planned.find((e) => e.type === "tool_result");
    expect(result).toMatchObject({ status: "denied" });
    expect(existsSync(join(workspace, "c.txt"))).toBe(false);
  });

  it("tool_call naming an MCP tool as Claude Code would answers the exact gateway call, from the cached catalog alone", async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-redirect-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-redirect-home-")));
    // A program that does not exist: any spawn would fail the call.
    writeFileSync(
      join(workspace, ".mcp.json"),
      JSON.stringify({ mcpServers: { fs: { command: "/nonexistent/fs" } } }),
    );
    approveProjectConfig({ workspaceRoot: workspace, picassoHome: home });
    const [config] = loadMcpConfig({ workspaceRoot: workspace, picassoHome: home }).servers;
    writeCatalog(home, {
      format: CATALOG_FORMAT,
      server: "fs",
      configHash: configHash(config!),
      tools: [{ name: "read_text_file", description: "Read a file.", inputSchema: { type: "object" } }],
    });
    const server = await startMockServer({
      script: {
        steps: [
          {
            tool_calls: [
              { name: "tool_call", input: { name: "mcp__fs__read_text_file", arguments: { path: "a.txt" } } },
            ],
          },
          { text: "ok" },
        ],
      },
    });
    const provider = new AnthropicProvider({
      apiKey: "k",
      model: "mock-model",
      baseUrl: server.url,
      name: "mock",
    });
    const events: SessionEvent[] = [];
    const composed = await composeSession({
      provider,
      workspaceRoot: workspace,
      picassoHome: home,
      surface: "cli",
      surfaceLabel: "test",
      version: "test",
      approver: allowListApprover([]),
      onEvent: (event) => events.push(event),
    });
    try {
      await composed.session.runTurn("read a.txt");
    } finally {
      await composed.close();
      await provider.close?.();
      await server.close();
    }
    expect(events.find((e) => e.type === "tool_result")).toMatchObject({
      content:
        '"mcp__fs__read_text_file" is a tool of the MCP server "fs": call fs_call({tool: "read_text_file", arguments: {"path":"a.txt"}}).',
    });
    expect(events.some((e) => e.type === "mcp_server_start")).toBe(false);
  });

  it("bad configuration: one clear line each, and the session starts without those servers", async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-bad-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-bad-home-")));
    const open = async () => {
      approveProjectConfig({ workspaceRoot: workspace, picassoHome: home });
      const composed = await composeSession({
        provider: idleProvider,
        workspaceRoot: workspace,
        picassoHome: home,
        surface: "cli",
        surfaceLabel: "test",
        version: "test",
        approver: allowListApprover([]),
      });
      const gateways = composed.session.tier1.tools.map((t) => t.name).filter((n) => n.endsWith("_call"));
      const warnings = composed.warnings();
      await composed.close();
      return { gateways, warnings };
    };
    writeFileSync(
      join(workspace, ".mcp.json"),
      [
        "{",
        '  "mcpServers": {',
        '    "ok": { "command": "never-started" },',
        '    "ws": { "type": "websocket", "url": "ws://127.0.0.1:1" },',
        '    "nocmd": { "args": ["x"] },',
        '    "bash": { "command": "node" }',
        "  }",
        "}",
      ].join("\n"),
    );
    const bad = await open();
    expect(bad.gateways).toEqual(["tool_call", "ok_call"]);
    expect(bad.warnings).toEqual([
      '.mcp.json:4: mcpServers.ws.type: unknown transport "websocket" (known: stdio, http, sse); server "ws" left out',
      '.mcp.json:5: mcpServers.nocmd.command: missing: a stdio server needs "command" (a string); server "nocmd" left out',
      '.mcp.json:6: mcpServers.bash: the name clashes with the tool "bash"; server "bash" left out',
    ]);

    writeFileSync(
      join(workspace, ".mcp.json"),
      '{\n  "mcpServers": {\n    "ok": { "command": "x" },\n  }\n}\n',
    );
    const malformed = await open();
    expect(malformed.gateways).toEqual(["tool_call"]);
    expect(malformed.warnings).toHaveLength(1);
    expect(malformed.warnings[0]).toMatch(/^\.mcp\.json:4: not valid JSON \(.+\); its servers are left out$/);
  });
});
