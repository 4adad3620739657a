// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the tests write ${VAR} as .mcp.json files do.
/**
 * `picasso mcp add | list | remove | refresh` on a temporary workspace and PICASSO_HOME; refresh
 * starts the real filesystem server from node_modules.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { mcpAddOutput } from "./mcp-add.js";
import { mcpListOutput, mcpListRows } from "./mcp-list.js";
import { mcpRefresh } from "./mcp-refresh.js";
import { mcpRemoveOutput } from "./mcp-remove.js";

function place() {
  const root = mkdtempSync(join(tmpdir(), "cli-mcp-"));
  mkdirSync(join(root, ".git"));
  return {
    cwd: root,
    env: { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-mcp-home-")), PATH: process.env.PATH },
  };
}

function filesystemEntry(): string {
  const manifest = createRequire(import.meta.url).resolve(
    "@modelcontextprotocol/server-filesystem/package.json",
  );
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0]!);
}

function userError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isUserError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected a UserError");
}

describe("picasso mcp", () => {
  it("add approves the file it leaves, but never a project file whose content was not approved before", async () => {
    const mine = place();
    mcpAddOutput("fs", "node", ["server.js"], {}, mine);
    expect((await mcpListRows(mine)).rows.map((r) => r.name)).toEqual(["fs"]);
    // A model-written .mcp.json: adding a server to it does not approve what was already there.
    const theirs = place();
    writeFileSync(join(theirs.cwd, ".mcp.json"), JSON.stringify({ mcpServers: { evil: { command: "sh" } } }));
    const added = mcpAddOutput("fs", "node", ["server.js"], {}, theirs);
    expect(added).toMatch(/^note: \.mcp\.json holds content you have not approved, so it is still not used/m);
    const listed = await mcpListRows(theirs);
    expect(listed.rows).toEqual([]);
    expect(listed.problems[0]).toMatch(/^\.mcp\.json is not approved yet, so its servers are not used/);
  });

  it("add writes .mcp.json in Claude Code's format; list shows it; remove takes it out", async () => {
    const where = place();
    expect(mcpAddOutput("fs", "node", ["server.js", "."], { env: ["LOG=${LEVEL:-info}"] }, where)).toContain(
      "fs_call is mounted from the next session",
    );
    mcpAddOutput(
      "tracker",
      "https://mcp.example.com/mcp",
      [],
      { header: ["Authorization: Bearer ${TOKEN}"], scope: "user" },
      where,
    );
    expect(JSON.parse(readFileSync(join(where.cwd, ".mcp.json"), "utf8"))).toEqual({
      mcpServers: { fs: { command: "node", args: ["server.js", "."], env: { LOG: "${LEVEL:-info}" } } },
    });
    expect(JSON.parse(readFileSync(join(where.env.PICASSO_HOME, "mcp.json"), "utf8"))).toEqual({
      mcpServers: {
        tracker: {
          type: "http",
          url: "https://mcp.example.com/mcp",
          headers: { Authorization: "Bearer ${TOKEN}" },
        },
      },
    });
    const { rows, problems } = await mcpListRows({ ...where, env: { ...where.env, TOKEN: "t0ps3cret" } });
    expect(rows.map((r) => [r.name, r.scope, r.transport, r.catalog])).toEqual([
      ["fs", "project", "stdio", "none"],
      ["tracker", "user", "http", "none"],
    ]);
    // The tracker's header needs TOKEN: without it, one line and no server.
    const text = await mcpListOutput({}, where);
    expect(problems).toEqual([]);
    expect(text).toContain("fs_call  project · stdio · node server.js .");
    expect(text).toContain(
      'warning: $PICASSO_HOME/mcp.json:7: mcpServers.tracker.headers.Authorization: ${TOKEN} is not set in the environment; server "tracker" left out',
    );
    expect(text).not.toContain("t0ps3cret");

    expect(userError(() => mcpAddOutput("fs", "node", [], {}, where))).toBe(
      'mcp add: .mcp.json already has a server "fs"; remove it first (picasso mcp remove fs)',
    );
    expect(userError(() => mcpAddOutput("Bad Name", "node", [], {}, where))).toMatch(
      /^mcp add: the name "Bad Name" becomes a tool name/,
    );
    expect(userError(() => mcpAddOutput("web", "node", [], { transport: "ws" }, where))).toBe(
      '--transport: expected stdio, http or sse, got "ws"',
    );
    expect(mcpRemoveOutput("fs", {}, where)).toBe("removed fs from .mcp.json\n");
    expect(userError(() => mcpRemoveOutput("fs", {}, where))).toMatch(/^mcp remove: no server "fs"/);
  });

  it("list warns about a server whose name clashes with a tool, as a session does, and leaves it out", async () => {
    const where = place();
    mcpAddOutput("read", "node", ["server.js"], {}, where);
    mcpAddOutput("tool", "node", ["server.js"], { scope: "user" }, where);
    mcpAddOutput("recall", "node", ["server.js"], { scope: "user" }, where);
    mcpAddOutput("fs", "node", ["server.js"], {}, where);
    const { rows, problems } = await mcpListRows(where);
    expect(rows.map((r) => r.name)).toEqual(["fs"]);
    expect(problems).toEqual([
      '$PICASSO_HOME/mcp.json:3: mcpServers.tool: the name clashes with the tool "tool_call"; server "tool" left out',
      '$PICASSO_HOME/mcp.json:9: mcpServers.recall: the name clashes with the tool "recall"; server "recall" left out',
      '.mcp.json:3: mcpServers.read: the name clashes with the tool "read"; server "read" left out',
    ]);
    expect(await mcpListOutput({}, where)).toContain(
      'warning: .mcp.json:3: mcpServers.read: the name clashes with the tool "read"; server "read" left out',
    );
  });

  it("refresh lists the real filesystem server into the catalog cache; list then shows its tools and bytes", async () => {
    const where = place();
    mcpAddOutput("fs", process.execPath, [filesystemEntry(), where.cwd], {}, where);
    const result = await mcpRefresh(undefined, where);
    expect(result.ok).toBe(true);
    expect(result.text).toMatch(/^fs: \d+ tools, catalog \d+ bytes\n$/);
    const [row] = (await mcpListRows(where)).rows;
    expect(row).toMatchObject({ name: "fs", catalog: "fresh" });
    expect(row!.tools).toBeGreaterThan(5);
    expect(row!.catalogBytes).toBeGreaterThan(1000);
    await expect(mcpRefresh("nope", where)).rejects.toThrow('mcp refresh: no server "nope" is configured');
  });

  it("refresh of a server that cannot start says why, one line, and fails", async () => {
    const where = place();
    mcpAddOutput("broken", process.execPath, ["-e", "process.exit(3)"], {}, where);
    const result = await mcpRefresh("broken", where);
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/^broken: failed: .*exited \(code 3\)/);
    expect(result.text.trim().split("\n")).toHaveLength(1);
  });
});
