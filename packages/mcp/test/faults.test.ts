/**
 * Faults are tool errors, never a crashed session — on a small server of our own
 * (fixtures/fault-server.mjs): exit at start, a crash mid-call (then one respawn, then "down"),
 * a hang (the call's timeout; Esc cancels), garbage on stdout, a JSON-RPC error; a secret of its
 * env never reaches a result or an event. Also: list_changed becomes one notice, images an
 * attachment line.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolDefinition } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createMcpPlugin } from "../src/mcp-plugin.js";
import type { McpEventBody } from "../src/mcp-server.js";
import { refreshCatalog } from "../src/refresh-catalog.js";
import type { McpServerConfig } from "../src/server-config.js";
import { toolContext, waitFor } from "./tool-context.js";

const FAULT_SERVER = fileURLToPath(new URL("./fixtures/fault-server.mjs", import.meta.url));

async function setup(
  options: { args?: string[]; timeoutMs?: number; refresh?: boolean; command?: string } = {},
) {
  const root = mkdtempSync(join(tmpdir(), "mcp-fault-ws-"));
  const picassoHome = mkdtempSync(join(tmpdir(), "mcp-fault-home-"));
  const config: McpServerConfig = {
    name: "faulty",
    file: join(root, ".mcp.json"),
    scope: "project",
    transport: "stdio",
    command: options.command ?? process.execPath,
    args: options.command ? (options.args ?? []) : [FAULT_SERVER, ...(options.args ?? [])],
    env: { FAULT_TOKEN: "tok-9f8e7d6c5b" },
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
  if (options.refresh !== false)
    expect((await refreshCatalog(config, { picassoHome, cwd: root, clientVersion: "test" })).ok).toBe(true);
  const plugin = createMcpPlugin({ servers: [config], picassoHome, cwd: root, clientVersion: "test" });
  const events: McpEventBody[] = [];
  plugin.start?.({
    sessionId: "s",
    workspaceRoot: "/w",
    picassoHome: "/h",
    logPath: "/l",
    record: (event) => events.push(event as never),
  });
  const gateway: ToolDefinition = plugin.registerTools!()[0]!;
  const ctx = toolContext(root, join(picassoHome, "outputs"));
  const call = (tool: string, args: Record<string, unknown> = {}, signal?: AbortSignal) =>
    gateway.run({ tool, arguments: args }, signal ? { ...ctx, signal } : ctx);
  return { plugin, events, call, picassoHome };
}

describe("MCP faults are tool errors", () => {
  it("a server that exits at start: the call says why (exit code, stderr), the event says failed", async () => {
    const { plugin, events, call } = await setup({ args: ["exit-at-start"], refresh: false });
    try {
      const out = await call("__list__");
      expect(out.isError).toBe(true);
      expect(out.content).toMatch(
        /^MCP server "faulty" could not start: .*exited \(code 2\).*FAULT_DB is not reachable/,
      );
      expect(events).toEqual([
        expect.objectContaining({ type: "mcp_server_exit", server: "faulty", reason: "failed" }),
      ]);
      expect(plugin.status()[0]).toMatchObject({ state: "failed" });
      expect(plugin.panel!()!.rows).toEqual([
        {
          label: "faulty_call",
          value: expect.stringMatching(/^failed · no catalog yet · could not start: .*exited \(code 2\)/),
          tone: "error",
        },
      ]);
    } finally {
      await plugin.close();
    }
  });

  it("a .mcp.json pointing at a binary that does not exist: one clear tool error, nothing hangs", async () => {
    const missing = join(tmpdir(), "picasso-no-such-mcp-server-binary");
    const { plugin, events, call } = await setup({ command: missing, refresh: false });
    try {
      const out = await call("__list__");
      expect(out.isError).toBe(true);
      expect(out.content).toMatch(/^MCP server "faulty" could not start: .*(ENOENT|not found|no such file)/i);
      expect(out.content).not.toContain("tok-9f8e7d6c5b");
      expect(events).toEqual([
        expect.objectContaining({ type: "mcp_server_exit", server: "faulty", reason: "failed" }),
      ]);
      const again = await call("read_note", { id: 1 });
      expect(again.isError).toBe(true);
    } finally {
      await plugin.close();
    }
  });

  it("a crash mid-call is an error; the next call respawns once; a second crash leaves it down", async () => {
    const { plugin, events, call } = await setup();
    try {
      expect((await call("echo", { text: "hi" })).content).toBe("hi");
      const crashed = await call("crash");
      expect(crashed.isError).toBe(true);
      expect(crashed.content).toMatch(/^faulty_call: "crash" failed: .*/);
      await waitFor(() => events.some((e) => e.type === "mcp_server_exit"), 5000, "the exit event");
      expect(events.find((e) => e.type === "mcp_server_exit")).toMatchObject({ reason: "exited", code: 70 });
      expect((await call("echo", { text: "again" })).content).toBe("again");
      expect(
        events
          .filter((e) => e.type === "mcp_server_start")
          .map((e) => e.type === "mcp_server_start" && e.reason),
      ).toEqual(["call", "respawn"]);
      await call("crash");
      const down = await call("echo", { text: "x" });
      expect(down.isError).toBe(true);
      expect(down.content).toContain(
        'MCP server "faulty" is down and was not started again (started 2 times this session)',
      );
    } finally {
      await plugin.close();
    }
  });

  it("a hang ends at the call's timeout, and a cancelled call ends at once; the server stays usable", async () => {
    const { plugin, call } = await setup({ timeoutMs: 800 });
    try {
      const hung = await call("hang");
      expect(hung.isError).toBe(true);
      expect(hung.content).toMatch(/timed out/i);
      const controller = new AbortController();
      const pending = call("hang", {}, controller.signal);
      setTimeout(() => controller.abort(), 50);
      const cancelled = await pending;
      expect(cancelled).toMatchObject({
        isError: true,
        content:
          'faulty_call: "hang" was cancelled by the user (the server was told: notifications/cancelled).',
      });
      expect((await call("echo", { text: "still here" })).content).toBe("still here");
    } finally {
      await plugin.close();
    }
  });

  it("garbage on stdout is dropped; a JSON-RPC error is the error's message", async () => {
    const { plugin, call } = await setup();
    try {
      expect(await call("garbage")).toEqual({ content: "answered after garbage" });
      const failed = await call("rpc_error");
      expect(failed.isError).toBe(true);
      expect(failed.content).toContain("the database is locked");
    } finally {
      await plugin.close();
    }
  });

  it("a secret of the server's env is masked in results, and never in an event", async () => {
    const { plugin, events, call } = await setup();
    try {
      const out = await call("secret");
      expect(out.content).toBe("token=***");
      expect(JSON.stringify(events)).not.toContain("tok-9f8e7d6c5b");
      expect(JSON.stringify(plugin.status())).not.toContain("tok-9f8e7d6c5b");
    } finally {
      await plugin.close();
    }
  });

  it("an image is an attachment line with the bytes saved to a file, never base64 in context", async () => {
    const { plugin, call } = await setup();
    try {
      const out = await call("image");
      expect(out.content).toMatch(
        /^a red pixel:\n\[image attachment: image\/png, \d+ bytes, saved to (.+\.png)\]$/,
      );
      const file = /saved to (.+\.png)\]/.exec(out.content)![1]!;
      expect(readFileSync(file).subarray(1, 4).toString()).toBe("PNG");
      expect(out.content).not.toContain("iVBOR");
    } finally {
      await plugin.close();
    }
  });

  it("list_changed re-lists the tools, rewrites the cache and queues one notice for the next step", async () => {
    const { plugin, call, picassoHome } = await setup();
    try {
      await call("add_tool", { name: "fresh_tool" });
      await waitFor(
        () => readFileSync(join(picassoHome, "mcp-catalog", "faulty.json"), "utf8").includes("fresh_tool"),
        5000,
        "the cache to be rewritten",
      );
      const step = await plugin.preStep!({
        sessionId: "s",
        lane: "main",
        turn: 1,
        step: 1,
        mode: "default",
        messages: [],
        compactions: 0,
      });
      expect(step.append).toHaveLength(1);
      const notice = step.append[0]!;
      expect(notice.tier2).toMatchObject({ kind: "mcp_catalog", name: "faulty" });
      expect(JSON.stringify(notice.message)).toContain(
        'MCP server \\"faulty\\" changed its tools: now 10; added fresh_tool',
      );
      expect((await call("fresh_tool")).content).toBe("ran fresh_tool");
      const again = await plugin.preStep!({
        sessionId: "s",
        lane: "main",
        turn: 1,
        step: 2,
        mode: "default",
        messages: [],
        compactions: 0,
      });
      expect(again.append).toEqual([]);
      // The gateway's schema is the same object it always was.
      expect(plugin.registerTools!()[0]!.spec.name).toBe("faulty_call");
    } finally {
      await plugin.close();
    }
  });
});
