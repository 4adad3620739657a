import type { CatalogEntry } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { deferredTools, families, groups, reversedKeys } from "../../test/fixtures/tools.js";
import { buildCatalog } from "./build-catalog.js";
import { renderCatalogFiles } from "./catalog-files.js";

const entries: CatalogEntry[] = [
  {
    kind: "doc",
    name: "docs/tools.md",
    location: "docs/tools.md",
    description: "Core tools. Read it when working on a core tool.",
  },
  {
    kind: "mcp_tool",
    server: "linear",
    name: "create_ticket",
    description: "Open a ticket.",
    inputSchema: { type: "object", properties: { title: { type: "string" } } },
  },
  { kind: "mcp_server", name: "github", description: "GitHub." },
  { kind: "mcp_tool", server: "github", name: "list_prs", description: "List pull requests." },
  { kind: "skill", name: "standup", description: "Write a standup note.", location: "/x/standup" },
];
const skills = [{ name: "release", description: "Cut a release.", scope: "project" as const }];

describe("buildCatalog", () => {
  it("one tree: groups in order, then families / servers, then leaves by name", () => {
    const catalog = buildCatalog({ deferred: deferredTools(), skills, entries, families, groups });
    expect(catalog.nodes.map((n) => `${n.kind}:${n.id}`)).toEqual([
      "group:workspace",
      "family:workspace/terminal",
      "tool:workspace/terminal/terminal_open",
      "family:workspace/worktree",
      "tool:workspace/worktree/worktree_create",
      "tool:workspace/worktree/worktree_remove",
      "group:web",
      "family:web/web",
      "tool:web/web/web_fetch",
      "tool:web/web/web_search",
      "group:session",
      "family:session/session",
      "tool:session/session/session_query",
      "group:skills",
      "skill:skills/release",
      "skill:skills/standup",
      "group:mcp",
      "mcp_server:mcp/github",
      "mcp_tool:mcp/github/list_prs",
      "mcp_server:mcp/linear",
      "mcp_tool:mcp/linear/create_ticket",
      "group:docs",
      "doc:docs/docs/tools.md",
    ]);
    expect(catalog.node("mcp/linear/create_ticket")).toMatchObject({
      name: "linear/create_ticket",
      fields: ["title"],
    });
    expect(catalog.tool("web_fetch")?.spec.name).toBe("web_fetch");
    expect(catalog.toolNames).toHaveLength(6);
  });

  it("the same inputs in any order, keys in any order, give the same files byte for byte", () => {
    const a = renderCatalogFiles(
      buildCatalog({ deferred: deferredTools(), skills, entries, families, groups }),
      "repository",
    );
    const b = renderCatalogFiles(
      buildCatalog({
        deferred: reversedKeys([...deferredTools()].reverse()),
        skills,
        entries: [...entries].reverse(),
        families,
        groups,
      }),
      "repository",
    );
    expect([...b.entries()]).toEqual([...a.entries()]);
    expect([...a.keys()]).toEqual([
      "manifest.json",
      "tool-catalog/workspace.md",
      "tool-catalog/web.md",
      "tool-catalog/session.md",
      "tool-catalog/skills.md",
      "tool-catalog/mcp.md",
      "tool-catalog/docs.md",
    ]);
    const manifest = JSON.parse(a.get("manifest.json")!);
    expect(manifest.version).toBe(1);
    expect(manifest.nodes.find((n: { id: string }) => n.id === "web/web/web_fetch")).toMatchObject({
      kind: "tool",
      parent: "web/web",
      title: "Fetch a web page and return it as markdown.",
      text: expect.stringContaining("Input schema:"),
    });
    expect(a.get("tool-catalog/web.md")).toContain("### web_fetch — deferred tool (web)");
  });

  it("groups, titles, order and rules come from the declared families; lean context's groups close it", () => {
    const catalog = buildCatalog({
      deferred: deferredTools(),
      skills,
      entries,
      // Declared in mount order, lean context's own first: its groups still come last.
      families: [
        { name: "skills", group: "skills" },
        { name: "web", group: "net", rules: "Cite the address." },
        { name: "worktree", group: "workspace" },
      ],
      groups: [
        { group: "skills", title: "Not this title" },
        { group: "net", title: "The network" },
        { group: "workspace", title: "Checkouts" },
      ],
    });
    expect(catalog.groups.map((g) => `${g.name}: ${g.title}`)).toEqual([
      "net: The network",
      "workspace: Checkouts",
      "skills: Skills: instructions for recurring tasks, loaded with skill({name})",
      "mcp: MCP servers and their tools, called through <server>_call",
      "docs: Project documentation topics, from the routing table of AGENTS.md",
      // Undeclared families are groups of their own, after the titled ones, by name.
      "session: Tools of the session family",
      "terminal: Tools of the terminal family",
    ]);
    expect(catalog.node("net/web")).toMatchObject({ kind: "family", rules: "Cite the address." });
    expect(catalog.node("workspace/worktree")?.rules).toBeUndefined();
    expect(catalog.node("terminal/terminal")?.summary).toBe("Tools of the terminal family.");
  });
});
