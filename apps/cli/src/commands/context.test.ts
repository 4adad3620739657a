import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isUserError } from "@picasso/protocol";
import { approveProjectConfig } from "@picasso/surface";
import { describe, expect, it } from "vitest";
import { contextOutput } from "./context.js";

function workspace() {
  const root = mkdtempSync(join(tmpdir(), "cli-context-"));
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, "AGENTS.md"), `# Rules\n${"- keep it small\n".repeat(1500)}`);
  writeFileSync(join(root, "CLAUDE.md"), "@AGENTS.md\n");
  return root;
}

describe("picasso context", () => {
  it("counts one gateway per configured MCP server, after tool_call, sorted, and names them in lean:gateways", async () => {
    const root = workspace();
    writeFileSync(
      join(root, ".mcp.json"),
      JSON.stringify({
        mcpServers: { zeta: { command: "zeta-mcp" }, alpha: { type: "http", url: "http://127.0.0.1:9/mcp" } },
      }),
    );
    const env = { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-home-")) };
    // Not approved yet: no gateway at all (docs/security.md); approved: one per server.
    expect(await contextOutput({}, { cwd: root, env })).not.toContain("MCP gateways");
    approveProjectConfig({ workspaceRoot: root, picassoHome: env.PICASSO_HOME });
    const text = await contextOutput({}, { cwd: root, env });
    expect(text).toContain("2 MCP gateways (one per server)");
    const report = JSON.parse(await contextOutput({ json: true }, { cwd: root, env }));
    const names = report.tools.map((t: { name: string }) => t.name);
    expect(names.slice(-3)).toEqual(["tool_call", "alpha_call", "zeta_call"]);
    expect(report.tools.filter((t: { kind: string }) => t.kind === "mcp")).toHaveLength(2);
  });

  it("--json has the hash, byte totals, sections, tools and the baseline", async () => {
    const root = workspace();
    const env = { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-home-")) };
    const report = JSON.parse(await contextOutput({ json: true }, { cwd: root, env }));
    expect(report.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.bytes.total).toBe(report.bytes.tools + report.bytes.system);
    expect(report.sections.map((s: { id: string }) => s.id)).toContain("instructions:index");
    expect(report.tools.map((t: { name: string }) => t.name).slice(0, 13)).toEqual([
      "bash",
      "read",
      "write",
      "edit",
      "search",
      "todo_write",
      "ask_user",
      "skill",
      "remember",
      "recall",
      "subagent",
      "tool_search",
      "tool_call",
    ]);
    expect(report.caps.instructions.capped).toBe(true);
    expect(report.baseline.bytes).toBeGreaterThan(report.bytes.total);
    expect(report.tokenNote).toMatch(/estimates/);
    // the same in every mode
    for (const mode of ["plan", "auto"]) {
      const other = JSON.parse(await contextOutput({ json: true, mode }, { cwd: root, env }));
      expect(other.hash).toBe(report.hash);
    }
  });

  it("prints a readable table with estimated tokens and the hash", async () => {
    const root = workspace();
    const env = { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-home-")) };
    const text = await contextOutput({}, { cwd: root, env });
    expect(text).toMatch(/\nTier 1 \(cli, mode default\) {2}hash [0-9a-f]{64}/);
    expect(text).toMatch(/ {2}harness:identity +\d+ B +\d+ ~tok/);
    expect(text).toContain("CAPPED, cut in AGENTS.md");
    expect(text).toContain("token counts are estimates");
  });

  it("opens with the context map of a new session: Tier 1 only, in the provider's window", async () => {
    const root = workspace();
    const env = { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-home-")) };
    const text = await contextOutput({}, { cwd: root, env });
    expect(text).toMatch(/^Context window: \S+ of 200k used \([\d.]+%\), \S+ free\n/);
    expect(text).toMatch(/\n▓ core tools +▓+ +[\d.]+ KB +\S+ +[\d.]+%\n/);
    expect(text).toMatch(/\n▚ instructions +▚+ /);
    expect(text).toMatch(/\n■ conversation +— +— +—\n/);
    const report = JSON.parse(await contextOutput({ json: true }, { cwd: root, env }));
    expect(report.map.window).toBe(200_000);
    expect(
      report.map.rows.find((r: { category: string }) => r.category === "core tools").bytes,
    ).toBeGreaterThan(0);
    expect(report.map.reportedPromptTokens).toBeUndefined();
  });

  it("prints the extensions' panels after the map, as a new session has them; --json has them in map.panels", async () => {
    const root = workspace();
    writeFileSync(
      join(root, ".mcp.json"),
      JSON.stringify({ mcpServers: { zeta: { command: "zeta-mcp" }, alpha: { command: "alpha-mcp" } } }),
    );
    const env = { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-home-")) };
    approveProjectConfig({ workspaceRoot: root, picassoHome: env.PICASSO_HOME });
    const text = await contextOutput({}, { cwd: root, env });
    const panels = text.slice(text.indexOf("\nlean context\n") + 1, text.indexOf("\nTier 1 (cli"));
    expect(text.indexOf("◆ other Tier-2")).toBeLessThan(text.indexOf("\nlean context\n"));
    const blocks = panels.split("\n\n");
    expect(blocks.slice(0, 3).map((b) => b.split("\n"))).toEqual([
      [
        "lean context",
        "  registry: not recorded",
        "  snapshot: not recorded",
        "  counters: not recorded",
        "  Tier-2 budget: not recorded",
        "  events (newest first): not recorded",
      ],
      [
        "memory",
        `  database: ${join(env.PICASSO_HOME, "memory.db")} (not created yet)`,
        "  memories: 0",
        // No embedder by default (docs/memory.md, "Choosing the embedder"): the vector weight is dropped.
        expect.stringMatching(/^ {2}ranking: 0\.625·fts \+ .*no embeddings endpoint/),
      ],
      [
        "MCP servers",
        "  alpha_call: not spawned · no catalog yet",
        "  zeta_call: not spawned · no catalog yet",
      ],
    ]);
    // Every mounted extension's panel, in mount order: the changes extension's too.
    expect(blocks[3]).toMatch(/^workspace changes\n {2}\S/);
    // Reading the panels creates nothing: no memory.db, no server started.
    expect(existsSync(join(env.PICASSO_HOME, "memory.db"))).toBe(false);
    const report = JSON.parse(await contextOutput({ json: true }, { cwd: root, env }));
    expect(report.map.panels.map((p: { id: string; title: string }) => [p.id, p.title])).toEqual([
      ["lean-context", "lean context"],
      ["memory", "memory"],
      ["mcp", "MCP servers"],
      ["changes", "workspace changes"],
    ]);
    expect(report.map.panels[2].rows).toEqual([
      { label: "alpha_call", value: "not spawned · no catalog yet" },
      { label: "zeta_call", value: "not spawned · no catalog yet" },
    ]);
  });

  it("a damaged memory.db: the memory panel says so as a warning and the file stays where it is", async () => {
    const root = workspace();
    const env = { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-home-")) };
    const db = join(env.PICASSO_HOME, "memory.db");
    writeFileSync(db, "garbage ".repeat(1000));
    const report = JSON.parse(await contextOutput({ json: true }, { cwd: root, env }));
    const memory = report.map.panels.find((p: { id: string }) => p.id === "memory");
    expect(memory.rows).toEqual([
      {
        label: "problem",
        value: expect.stringMatching(/is damaged .*; left as it is: move it aside/),
        tone: "warn",
      },
    ]);
    expect(readFileSync(db, "utf8")).toBe("garbage ".repeat(1000));
    const text = await contextOutput({}, { cwd: root, env });
    expect(text).toMatch(/\nmemory\n {2}problem: memory: .*memory\.db is damaged/);
  });

  it("warns about an instruction file cut at the cap or read as Latin-1 for not being UTF-8", async () => {
    const root = workspace();
    writeFileSync(join(root, "PICASSO.md"), Buffer.from([0x72, 0x75, 0x6c, 0x65, 0xc3, 0x28]));
    const env = { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-home-")) };
    const text = await contextOutput({}, { cwd: root, env });
    const warnings = text.slice(text.indexOf("\nWarnings\n")).split("\n").slice(2, 4);
    expect(warnings).toEqual([
      "  PICASSO.md: not valid UTF-8; read as Latin-1 — save it as UTF-8 text",
      expect.stringMatching(/^ {2}AGENTS\.md: instructions cut at the 8192-byte cap \(\d+ bytes in all\)/),
    ]);
    const report = JSON.parse(await contextOutput({ json: true }, { cwd: root, env }));
    expect(report.warnings).toHaveLength(2);
  });

  it("a bad --mode names the flag", async () => {
    const error = await contextOutput({ mode: "yolo" }).catch((e: unknown) => e);
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toMatch(/^--mode: expected default, plan or auto/);
  });
});
