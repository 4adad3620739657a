import { byteLength, type CatalogEntry, type ToolContext } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { coreTools, deferredTools, families, groups } from "../../test/fixtures/tools.js";
import { buildCatalog, type Catalog } from "../catalog/build-catalog.js";
import { skillSearchTool, toolCallTool, toolSearchTool } from "./gateway-tools.js";

const ctx = {} as ToolContext;

const mcp: CatalogEntry[] = [
  {
    kind: "mcp_server",
    name: "github",
    description: "GitHub issues and pull requests.",
    rules: "Name the repository as owner/name.",
  },
  {
    kind: "mcp_tool",
    server: "github",
    name: "create_issue",
    description: "Open a new issue in a repository.",
    inputSchema: {
      type: "object",
      properties: { repo: { type: "string" }, title: { type: "string" } },
      required: ["repo", "title"],
    },
  },
];

function gateways(catalog: Catalog, budget = 4096) {
  const sources = {
    catalog: () => catalog,
    coreNames: () => coreTools().map((t) => t.spec.name),
    answerBudget: () => budget,
  };
  return { search: toolSearchTool(sources), call: toolCallTool(sources), skills: skillSearchTool(sources) };
}

const full = () =>
  buildCatalog({
    deferred: deferredTools(),
    skills: [
      { name: "release", description: "Use when cutting a release: tag, build, publish.", scope: "project" },
    ],
    entries: mcp,
    families,
    groups,
  });

describe("tool_search", () => {
  it("says clearly when the catalog is empty", async () => {
    const out = await gateways(buildCatalog({})).search.run({ query: "web" }, ctx);
    expect(out.content).toMatch(
      /^The catalog is empty: no deferred tools, skills, MCP servers or doc topics/,
    );
  });

  it("an exact name returns the full description, canonical schema and family rules", async () => {
    const out = await gateways(full()).search.run({ query: "web_fetch" }, ctx);
    expect(out.content).toContain("## web_fetch — deferred tool (web)");
    expect(out.content).toContain('Input schema: {"additionalProperties":false,"properties":{"url":');
    expect(out.content).toContain("Rules (family web): Web tools fetch pages");
    expect(out.tier2).toEqual([{ kind: "deferred_schema", name: "web_fetch", bytes: expect.any(Number) }]);
    expect(out.tier2![0]!.bytes).toBeLessThanOrEqual(byteLength(out.content));
  });

  it("an MCP tool by exact name returns its schema, its server's rules and the gateway to call", async () => {
    const out = await gateways(full()).search.run({ query: "github.create_issue" }, ctx);
    expect(out.content).toContain("## github/create_issue — MCP tool of github");
    expect(out.content).toContain('Call: github_call({tool: "create_issue", arguments: {…}})');
    expect(out.content).toContain("Rules (server github): Name the repository as owner/name.");
    expect(out.tier2).toEqual([
      { kind: "mcp_catalog", name: "github/create_issue", bytes: expect.any(Number) },
    ]);
  });

  it("a precise query expands its few matches; a vague one lists titles within the budget", async () => {
    const g = gateways(full(), 1024);
    const few = await g.search.run({ query: "remove a git worktree" }, ctx);
    expect(few.content.startsWith("## worktree_remove")).toBe(true);
    const alike = buildCatalog({
      deferred: deferredTools(),
      skills: ["a", "b", "c", "d", "e"].map((x) => ({
        name: `notes-${x}`,
        description: "Write release notes.",
      })),
    });
    const vague = await gateways(alike, 1024).search.run({ query: "release notes" }, ctx);
    expect(vague.content).toMatch(/^5 entries match "release notes", best first/);
    expect(vague.content).not.toContain("Load:");
    expect(Buffer.byteLength(vague.content)).toBeLessThanOrEqual(1024);
  });

  it("level: title lists names only, brief adds summaries, neither loads anything", async () => {
    const { search } = gateways(full());
    const title = await search.run({ query: "web_fetch", level: "title" }, ctx);
    expect(title.content).toMatch(/^- web_fetch \(web\): /);
    expect(title.content).not.toContain("Input schema");
    expect(title.tier2).toBeUndefined();
    const brief = await search.run({ query: "web_fetch", level: "brief" }, ctx);
    expect(brief.content.split("\n")[0]).toBe(title.content.split("\n")[0]);
    expect(brief.content.split("\n")[1]).toMatch(/^ {2}\S/);
    expect(brief.content).not.toContain("Input schema");
    expect(brief.tier2).toBeUndefined();
  });

  it("level full expands the best hits of a broad query, each one Tier-2 entry", async () => {
    const alike = buildCatalog({
      deferred: deferredTools(),
      skills: ["a", "b", "c", "d", "e"].map((x) => ({
        name: `notes-${x}`,
        description: "Write release notes.",
      })),
    });
    const out = await gateways(alike).search.run({ query: "release notes", level: "full" }, ctx);
    expect(out.content).not.toMatch(/entries match/);
    expect(out.tier2!.map((e) => [e.kind, e.name])).toEqual([
      ["skill_body", "notes-a"],
      ["skill_body", "notes-b"],
      ["skill_body", "notes-c"],
    ]);
    expect(out.tier2!.reduce((sum, e) => sum + e.bytes!, 0)).toBeLessThanOrEqual(byteLength(out.content));
  });

  it("close loads nothing and says how to re-open; a bad level or an empty call is an error", async () => {
    const { search } = gateways(full());
    const closed = await search.run({ close: ["web_fetch", "release"] }, ctx);
    expect(closed).toEqual({
      content:
        "Closed web_fetch, release: their text above no longer applies; search an exact name to re-open.",
    });
    const both = await search.run({ close: ["release"], query: "web_fetch" }, ctx);
    expect(both.content.split("\n")[0]).toMatch(/^Closed release:/);
    expect(both.tier2!.map((e) => e.name)).toEqual(["web_fetch"]);
    expect((await search.run({ query: "web", level: "all" }, ctx)).isError).toBe(true);
    expect((await search.run({}, ctx)).isError).toBe(true);
  });

  it("a group name opens that group: listed one level down, or in full with 3 entries or fewer", async () => {
    const out = await gateways(full(), 800).search.run({ query: "workspace" }, ctx);
    expect(out.content.split("\n")).toEqual([
      expect.stringMatching(
        /^workspace \(group; 3 tools, 1\.2 KB in full\): Files, worktrees and terminals beyond the core tools$/,
      ),
      expect.stringMatching(/^## terminal_open/),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.stringMatching(/^Rules \(family terminal\)/),
      "- worktree_create (worktree): Create a git worktree for isolated parallel work.",
      "- worktree_remove (worktree): Remove a git worktree.",
    ]);
    const skills = await gateways(full()).search.run({ query: "skills" }, ctx);
    expect(skills.content).toContain("## release — skill (project)");
  });

  it("no match says so and lists the groups", async () => {
    const out = await gateways(full()).search.run({ query: "zzzq" }, ctx);
    expect(out.content.split("\n")[0]).toBe(
      'Nothing in the catalog matches "zzzq". Search a group to list it:',
    );
    expect(out.content).toMatch(/^- web \(2 tools, \d+ B\): Fetch web pages and search the web$/m);
  });
});

describe("tool_call", () => {
  it("runs the named deferred tool with its arguments", async () => {
    const out = await gateways(full()).call.run(
      { name: "web_fetch", arguments: { url: "https://x.test" } },
      ctx,
    );
    expect(out).toEqual({ content: 'web_fetch ran with {"url":"https://x.test"}' });
  });

  it("on a missing required field returns an error with the tool's schema", async () => {
    const out = await gateways(full()).call.run({ name: "web_fetch", arguments: {} }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^Invalid arguments for web_fetch: missing required field "url"\./);
    expect(out.content).toContain("Input schema:");
    expect(out.content).toContain("Rules (family web):");
    // The repeated schema is one Tier-2 entry with its own bytes (the error line not counted).
    const schema = out.content.slice(out.content.indexOf("\n\n") + 2);
    expect(out.tier2).toEqual([{ kind: "deferred_schema", name: "web_fetch", bytes: byteLength(schema) }]);
  });

  it("reports wrong types and unknown fields (ajv, every error)", async () => {
    const out = await gateways(full()).call.run(
      { name: "web_search", arguments: { query: 3, lmit: 2 } },
      ctx,
    );
    expect(out.content).toContain('field "query" must be string, got integer');
    expect(out.content).toContain('unknown field "lmit"');
    const notObject = await gateways(full()).call.run({ name: "web_search", arguments: [1] }, ctx);
    expect(notObject.content).toContain("arguments must be an object, got array");
  });

  it("an unknown tool, a core tool, a skill or an MCP tool is refused with a hint", async () => {
    const g = gateways(full());
    expect((await g.call.run({ name: "nope", arguments: {} }, ctx)).content).toMatch(
      /^Unknown tool "nope"\. Deferred tools: /,
    );
    expect((await g.call.run({ name: "bash", arguments: {} }, ctx)).content).toBe(
      "bash is a core tool: call it directly, not through tool_call.",
    );
    expect((await g.call.run({ name: "release", arguments: {} }, ctx)).content).toBe(
      '"release" is a skill, not a tool: load it with skill({name: "release"}).',
    );
    expect((await g.call.run({ name: "github/create_issue", arguments: {} }, ctx)).content).toBe(
      '"github/create_issue" is a tool of the MCP server "github": call github_call({tool: "create_issue", arguments: {}}).',
    );
    expect((await gateways(buildCatalog({})).call.run({ name: "x", arguments: {} }, ctx)).content).toContain(
      "No deferred tools are installed yet.",
    );
  });

  it("an MCP tool named bare, as server__tool, server.tool or Claude Code's mcp__server__tool gets the exact gateway call", async () => {
    const notes: CatalogEntry[] = [
      { kind: "mcp_server", name: "notes", description: "Notes." },
      { kind: "mcp_tool", server: "notes", name: "create_issue", description: "File one.", inputSchema: {} },
      { kind: "mcp_tool", server: "notes", name: "find_notes", description: "Find notes.", inputSchema: {} },
    ];
    const g = gateways(buildCatalog({ entries: [...mcp, ...notes] }));
    const answer = async (name: string, args: unknown = { q: "x" }) => {
      const out = await g.call.run({ name, arguments: args }, ctx);
      expect(out.isError).toBe(true);
      return out.content;
    };
    const searchCall = 'notes_call({tool: "find_notes", arguments: {"q":"x"}})';
    expect(await answer("find_notes")).toBe(
      `"find_notes" is a tool of the MCP server "notes": call ${searchCall}.`,
    );
    expect(await answer("notes__find_notes")).toBe(
      `"notes__find_notes" is a tool of the MCP server "notes": call ${searchCall}.`,
    );
    expect(await answer("notes.find_notes")).toBe(
      `"notes.find_notes" is a tool of the MCP server "notes": call ${searchCall}.`,
    );
    expect(await answer("mcp__notes__find_notes")).toBe(
      `"mcp__notes__find_notes" is a tool of the MCP server "notes": call ${searchCall}.`,
    );
    // Arguments too long to repeat are left to the model.
    expect(await answer("mcp__notes__find_notes", { q: "y".repeat(400) })).toBe(
      '"mcp__notes__find_notes" is a tool of the MCP server "notes": call notes_call({tool: "find_notes", arguments: {…}}) with the same arguments.',
    );
    // A bare name two servers have: every server that has it.
    expect(await answer("create_issue", {})).toBe(
      '"create_issue" is a tool of 2 MCP servers: call github_call({tool: "create_issue", arguments: {}}) or notes_call({tool: "create_issue", arguments: {}}).',
    );
  });

  it("reports the effect of the tool a call runs, so the engine checks that one", () => {
    const call = gateways(full()).call;
    expect(call.callEffect?.({ name: "worktree_create", arguments: { branch: "x" } })).toEqual({
      effect: "write",
      target: { name: "worktree_create", input: { branch: "x" } },
    });
    // A call naming no deferred tool only answers with an error: it reads.
    expect(call.callEffect?.({ name: "nope" })).toEqual({ effect: "read" });
  });

  it("passes on the target's own verdict for the input, including whether it runs sandboxed", () => {
    const terminal = {
      ...deferredTools().find((t) => t.spec.name === "terminal_open")!,
      callEffect: (input: Record<string, unknown>) => ({
        effect: "exec" as const,
        sandboxed: input.command !== "x",
      }),
    };
    const call = gateways(buildCatalog({ deferred: [terminal] })).call;
    expect(call.callEffect?.({ name: "terminal_open", arguments: { command: "ls" } })).toEqual({
      effect: "exec",
      sandboxed: true,
      target: { name: "terminal_open", input: { command: "ls" } },
    });
    expect(call.callEffect?.({ name: "terminal_open", arguments: { command: "x" } })?.sandboxed).toBe(false);
  });

  it("passes on the input a target says it runs, so the deny-list reads a nested command", () => {
    const looping = {
      ...deferredTools().find((t) => t.spec.name === "terminal_open")!,
      callEffect: (input: Record<string, unknown>) => ({
        effect: "exec" as const,
        target: { name: "check_command", input: { command: input.check_command } },
      }),
    };
    const call = gateways(buildCatalog({ deferred: [looping] })).call;
    expect(
      call.callEffect?.({
        name: "terminal_open",
        arguments: { prompt: "fix it", check_command: "rm -rf /" },
      }),
    ).toEqual({ effect: "exec", target: { name: "terminal_open", input: { command: "rm -rf /" } } });
  });
});

describe("skill_search", () => {
  it("finds skills by words of their name or trigger", async () => {
    const g = gateways(full());
    expect((await g.skills.run({ query: "publish a release" }, ctx)).content).toBe(
      '1 skills match "publish a release"; load one with skill({name}):\n- release: Use when cutting a release: tag, build, publish.',
    );
    expect((await g.skills.run({ query: "deploy" }, ctx)).content).toBe('No skill matches "deploy".');
    expect((await gateways(buildCatalog({})).skills.run({ query: "x" }, ctx)).content).toBe(
      "No skills are installed.",
    );
  });
});
