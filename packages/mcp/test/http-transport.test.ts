/**
 * Streamable HTTP: a server built with the SDK's own classes (`Server` +
 * `StreamableHTTPServerTransport`) on 127.0.0.1. The gateway lists, calls with the configured
 * headers (a secret in them is masked in what the model reads), and a server that is not there
 * is one error line. A server that asks for no authorization gets none (the OAuth client stays idle).
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpPlugin } from "../src/mcp-plugin.js";
import type { McpEventBody } from "../src/mcp-server.js";
import type { McpServerConfig } from "../src/server-config.js";
import { toolContext } from "./tool-context.js";

let http: HttpServer;
let url: string;
const seenAuth: string[] = [];

beforeAll(async () => {
  const server = new Server({ name: "http-test", version: "2.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: "whoami",
        description: "Say which Authorization header the request carried.",
        inputSchema: { type: "object", properties: {} },
        annotations: { readOnlyHint: true },
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (_request, extra) => {
    const auth = String(extra.requestInfo?.headers.authorization ?? "none");
    return { content: [{ type: "text", text: `you sent ${auth}` }] };
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  http = createServer((req, res) => {
    seenAuth.push(String(req.headers.authorization));
    void transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

function pluginFor(config: Omit<McpServerConfig, "file" | "scope">) {
  const root = mkdtempSync(join(tmpdir(), "mcp-http-"));
  const plugin = createMcpPlugin({
    servers: [{ ...config, file: join(root, ".mcp.json"), scope: "project" } as McpServerConfig],
    picassoHome: root,
    cwd: root,
    clientVersion: "test",
    connectTimeoutMs: 5000,
  });
  const events: McpEventBody[] = [];
  plugin.start?.({
    sessionId: "s",
    workspaceRoot: "/w",
    picassoHome: "/h",
    logPath: "/l",
    record: (e) => events.push(e as never),
  });
  return { plugin, events, gateway: plugin.registerTools!()[0]!, ctx: toolContext(root, join(root, "out")) };
}

describe("Streamable HTTP", () => {
  it("lists and calls through the gateway with the configured headers; the secret is masked", async () => {
    const { plugin, events, gateway, ctx } = pluginFor({
      name: "remote",
      transport: "http",
      url,
      headers: { Authorization: "Bearer tok-http-5a4b3c" },
    });
    try {
      const list = await gateway.run({ tool: "__list__" }, ctx);
      expect(list.content).toContain(
        "whoami (read-only) · Say which Authorization header the request carried.",
      );
      const out = await gateway.run({ tool: "whoami" }, ctx);
      expect(out).toEqual({ content: "you sent ***" });
      expect(seenAuth).toContain("Bearer tok-http-5a4b3c");
      expect(events[0]).toMatchObject({
        type: "mcp_server_start",
        server: "remote",
        transport: "http",
        reason: "catalog",
      });
      expect(events[0]).not.toHaveProperty("pid");
      expect(JSON.stringify(events)).not.toContain("tok-http-5a4b3c");
    } finally {
      await plugin.close();
    }
  });

  it("a server that is not listening is one tool error, and the session goes on", async () => {
    const { plugin, gateway, ctx } = pluginFor({
      name: "gone",
      transport: "http",
      url: "http://127.0.0.1:9/mcp",
      headers: {},
    });
    try {
      const out = await gateway.run({ tool: "__list__" }, ctx);
      expect(out.isError).toBe(true);
      expect(out.content).toMatch(/^MCP server "gone" could not start: /);
      expect(out.content.split("\n")).toHaveLength(1);
    } finally {
      await plugin.close();
    }
  });

  it("a server that asks for no authorization is called without one, and no auth file is written", async () => {
    const seen: string[] = [];
    const open = createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      const server = new McpServer({ name: "open", version: "1.0.0" });
      server.registerTool("ping", { description: "Answer pong." }, async () => ({
        content: [{ type: "text", text: "pong" }],
      }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => void server.close());
      void server.connect(transport).then(() => transport.handleRequest(req, res));
    });
    await new Promise<void>((resolve) => open.listen(0, "127.0.0.1", resolve));
    const { plugin, gateway, ctx } = pluginFor({
      name: "open",
      transport: "http",
      url: `http://127.0.0.1:${(open.address() as AddressInfo).port}/mcp`,
      headers: {},
    });
    try {
      expect(await gateway.run({ tool: "ping" }, ctx)).toEqual({ content: "pong" });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((h) => h === "undefined")).toBe(true);
      expect(existsSync(join(ctx.workspaceRoot, "mcp-auth"))).toBe(false);
      // A login to it says the server never asked for one.
      const login = await plugin
        .operations!.find((o) => o.name === "mcp:login")!
        .run("open", {
          signal: new AbortController().signal,
          offline: false,
        });
      expect(login.tone).toBe("warn");
      expect(login.text).toMatch(
        /^open: login could not start: it answered HTTP \d+ without asking for authorization; /,
      );
      expect(login.text.split("\n")).toHaveLength(1);
    } finally {
      await plugin.close();
      open.closeAllConnections();
      await new Promise((resolve) => open.close(resolve));
    }
  });
});
