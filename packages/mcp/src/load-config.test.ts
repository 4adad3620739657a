// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the tests write ${VAR} as .mcp.json files do.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { approvalDigest, approveProjectFile } from "@picasso/workspace";
import { describe, expect, it } from "vitest";
import { loadMcpConfig, PROJECT_CONFIG } from "./load-config.js";

/** A workspace and home; the project file, when given, approved as the user would. */
function place(project?: string, user?: string, approved = true) {
  const workspaceRoot = mkdtempSync(join(tmpdir(), "mcp-config-ws-"));
  const picassoHome = mkdtempSync(join(tmpdir(), "mcp-config-home-"));
  mkdirSync(picassoHome, { recursive: true });
  if (project !== undefined) writeFileSync(join(workspaceRoot, ".mcp.json"), project);
  if (project !== undefined && approved)
    approveProjectFile(picassoHome, workspaceRoot, PROJECT_CONFIG, approvalDigest(project));
  if (user !== undefined) writeFileSync(join(picassoHome, "mcp.json"), user);
  return { workspaceRoot, picassoHome };
}

const load = (
  project?: string,
  user?: string,
  extra: { env?: NodeJS.ProcessEnv; reserved?: string[] } = {},
) =>
  loadMcpConfig({
    ...place(project, user),
    env: extra.env ?? {},
    reservedNames: extra.reserved ?? ["read", "bash", "tool_search", "tool_call"],
  });

describe("loadMcpConfig", () => {
  it("leaves out a project file whose content the user has not approved, and says so", () => {
    const project = JSON.stringify({ mcpServers: { evil: { command: "sh", args: ["-c", "env > out"] } } });
    const user = JSON.stringify({ mcpServers: { mine: { command: "node", args: ["m.js"] } } });
    const where = place(project, user, false);
    const fresh = loadMcpConfig(where);
    expect(fresh.servers.map((s) => s.name)).toEqual(["mine"]);
    expect(fresh.withheld).toEqual({ file: ".mcp.json", state: "new", digest: approvalDigest(project) });
    approveProjectFile(where.picassoHome, where.workspaceRoot, PROJECT_CONFIG, approvalDigest(project));
    expect(loadMcpConfig(where).servers.map((s) => s.name)).toEqual(["evil", "mine"]);
    // Changed after the approval: left out again until approved again.
    writeFileSync(join(where.workspaceRoot, ".mcp.json"), project.replace("env > out", "cat /etc/passwd"));
    const changed = loadMcpConfig(where);
    expect(changed.servers.map((s) => s.name)).toEqual(["mine"]);
    expect(changed.withheld?.state).toBe("changed");
  });

  it("reads Claude Code's format from the project and the user file; the project wins a name; sorted", () => {
    const project = JSON.stringify({
      mcpServers: {
        zeta: { command: "node", args: ["z.js"] },
        shared: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer x" } },
      },
    });
    const user = JSON.stringify({ mcpServers: { shared: { command: "user-one" }, alpha: { command: "a" } } });
    const { servers, problems } = load(project, user);
    expect(problems).toEqual([]);
    expect(servers.map((s) => [s.name, s.scope, s.transport])).toEqual([
      ["alpha", "user", "stdio"],
      ["shared", "project", "http"],
      ["zeta", "project", "stdio"],
    ]);
  });

  it("expands ${VAR} and ${VAR:-default} in command, args, env and headers", () => {
    const project = JSON.stringify({
      mcpServers: {
        gh: { command: "${BIN}", args: ["--token=${TOKEN}"], env: { KEY: "${TOKEN}", MODE: "${MODE:-ro}" } },
        web: { type: "http", url: "${URL}", headers: { Authorization: "Bearer ${TOKEN}" } },
      },
    });
    const { servers, problems } = load(project, undefined, {
      env: { BIN: "/bin/gh-mcp", TOKEN: "s3cret", URL: "http://127.0.0.1:1/mcp" },
    });
    expect(problems).toEqual([]);
    expect(servers[0]).toMatchObject({
      command: "/bin/gh-mcp",
      args: ["--token=s3cret"],
      env: { KEY: "s3cret", MODE: "ro" },
    });
    expect(servers[1]).toMatchObject({
      url: "http://127.0.0.1:1/mcp",
      headers: { Authorization: "Bearer s3cret" },
    });
  });

  it("never expands a provider key into a server, even when the variable is set", () => {
    const project = JSON.stringify({
      mcpServers: { leak: { command: "sh", args: ["-c", "echo ${ANTHROPIC_API_KEY:-none}"] } },
    });
    const { servers, problems } = load(project, undefined, { env: { ANTHROPIC_API_KEY: "sk-ant-x" } });
    expect(servers).toEqual([]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^\.mcp\.json:1: mcpServers\.leak\.args\.1: \$\{ANTHROPIC_API_KEY\} is a provider key, which Picasso never hands to another program/,
      ),
    ]);
  });

  it("malformed JSON: one line naming the file and the line; no server from that file", () => {
    const { servers, problems } = load(
      '{\n  "mcpServers": {\n    "fs": { "command": "x" }\n    "gh": {}\n  }\n}\n',
    );
    expect(servers).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\.mcp\.json:4: not valid JSON \(.+\); its servers are left out$/);
  });

  it("each bad server is one line naming file, line and key; the others still load", () => {
    const project = [
      "{",
      '  "mcpServers": {',
      '    "ok": { "command": "node" },',
      '    "ws": { "type": "websocket", "url": "ws://x" },',
      '    "nocmd": { "args": ["a"] },',
      '    "read": { "command": "node" },',
      '    "Bad Name": { "command": "node" },',
      '    "tool": { "command": "node" },',
      '    "web": { "type": "http" },',
      '    "envy": { "command": "node", "env": { "K": "${MISSING}" } }',
      "  }",
      "}",
    ].join("\n");
    const { servers, problems } = load(project);
    expect(servers.map((s) => s.name)).toEqual(["ok"]);
    expect(problems).toEqual([
      '.mcp.json:4: mcpServers.ws.type: unknown transport "websocket" (known: stdio, http, sse); server "ws" left out',
      '.mcp.json:5: mcpServers.nocmd.command: missing: a stdio server needs "command" (a string); server "nocmd" left out',
      '.mcp.json:6: mcpServers.read: the name clashes with the tool "read"; server "read" left out',
      '.mcp.json:7: mcpServers.Bad Name: the name becomes a tool name (Bad Name_call): use lowercase letters, digits, "_" and "-" (at most 48); server "Bad Name" left out',
      '.mcp.json:8: mcpServers.tool: the name clashes with the tool "tool_call"; server "tool" left out',
      '.mcp.json:9: mcpServers.web.url: missing: an http server needs "url" (a string); server "web" left out',
      '.mcp.json:10: mcpServers.envy.env.K: ${MISSING} is not set in the environment; server "envy" left out',
    ]);
    for (const line of problems) expect(line).not.toContain("\n");
  });

  it("a file without an mcpServers object is one line, and the user file is named as $PICASSO_HOME/mcp.json", () => {
    const { problems } = load(undefined, '{"servers": []}');
    expect(problems).toEqual([
      "$PICASSO_HOME/mcp.json: mcpServers: expected an object of servers; its servers are left out",
    ]);
  });

  it("reads a server's logLevel; an unknown one is one line naming the key and the levels", () => {
    const { servers, problems } = load(
      JSON.stringify(
        {
          mcpServers: {
            quiet: { command: "node", logLevel: "warning" },
            loud: { command: "node", logLevel: "verbose" },
          },
        },
        null,
        2,
      ),
    );
    expect(servers.map((s) => [s.name, s.logLevel])).toEqual([["quiet", "warning"]]);
    expect(problems).toEqual([
      '.mcp.json:9: mcpServers.loud.logLevel: expected one of debug, info, notice, warning, error, critical, alert, emergency, got "verbose"; server "loud" left out',
    ]);
  });

  it("reads an http server's oauth settings (the secret expanded) and refuses bad ones in one line each", () => {
    const project = [
      "{",
      '  "mcpServers": {',
      '    "good": { "url": "http://127.0.0.1:1/mcp", "oauth": { "clientId": "pic", "clientSecret": "${SECRET}", "scopes": ["read", "write"], "callbackPort": 8123 } },',
      '    "dcr": { "type": "sse", "url": "http://127.0.0.1:2/sse", "oauth": {} },',
      '    "notobj": { "url": "http://127.0.0.1:1/mcp", "oauth": "yes" },',
      '    "typo": { "url": "http://127.0.0.1:1/mcp", "oauth": { "client_id": "x" } },',
      '    "emptyid": { "url": "http://127.0.0.1:1/mcp", "oauth": { "clientId": "" } },',
      '    "lonely": { "url": "http://127.0.0.1:1/mcp", "oauth": { "clientSecret": "s" } },',
      '    "spaces": { "url": "http://127.0.0.1:1/mcp", "oauth": { "scopes": "read write" } },',
      '    "port": { "url": "http://127.0.0.1:1/mcp", "oauth": { "callbackPort": 70000 } },',
      '    "local": { "command": "node", "oauth": {} }',
      "  }",
      "}",
    ].join("\n");
    const { servers, problems } = load(project, undefined, { env: { SECRET: "cs-9f8e7d" } });
    expect(servers.map((s) => [s.name, s.transport === "stdio" ? undefined : s.oauth])).toEqual([
      ["dcr", {}],
      ["good", { clientId: "pic", clientSecret: "cs-9f8e7d", scopes: ["read", "write"], callbackPort: 8123 }],
    ]);
    expect(problems).toEqual([
      '.mcp.json:5: mcpServers.notobj.oauth: expected an object with any of clientId, clientSecret, scopes, callbackPort; server "notobj" left out',
      '.mcp.json:6: mcpServers.typo.oauth.client_id: unknown key (known: clientId, clientSecret, scopes, callbackPort); server "typo" left out',
      '.mcp.json:7: mcpServers.emptyid.oauth.clientId: expected a non-empty string; server "emptyid" left out',
      '.mcp.json:8: mcpServers.lonely.oauth.clientSecret: a client secret needs "clientId" beside it; server "lonely" left out',
      '.mcp.json:9: mcpServers.spaces.oauth.scopes: expected an array of scope names without spaces (["read", "write"]); server "spaces" left out',
      '.mcp.json:10: mcpServers.port.oauth.callbackPort: expected a port number from 1 to 65535; server "port" left out',
      '.mcp.json:11: mcpServers.local.oauth: OAuth applies to http and sse servers only; remove it; server "local" left out',
    ]);
  });
});
