import type { CatalogEntry, ToolDefinition } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "./build-catalog.js";
import { atLevel, renderNavigation } from "./catalog-answer.js";
import { navigate } from "./catalog-search.js";
import {
  DESCRIPTOR_CHARS,
  familyDescriptors,
  identifierWords,
  leafDescriptors,
  mcpToolWhen,
  whenClause,
} from "./descriptors.js";

const tool = (name: string, description: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  spec: {
    name,
    description,
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
  effect: "read",
  family: "files",
  async run() {
    return { content: "" };
  },
  ...extra,
});

describe("whenClause", () => {
  it("finds the sentence that says when to use it", () => {
    expect(
      whenClause("Read a web page. Use it to read documentation or an API answer. Binary files are refused."),
    ).toBe("Use it to read documentation or an API answer");
    expect(whenClause("Profiles a program. When a request is slow, start here.")).toBe(
      "When a request is slow, start here",
    );
    expect(whenClause("Lists tables of the database.")).toBeUndefined();
  });
});

describe("leafDescriptors", () => {
  it("declared beats derived; derived is the first sentence and the when-clause, else generated", () => {
    expect(
      leafDescriptors(
        "Does X. Use it when Y.",
        { what: "Declared what.", when: "Declared when" },
        () => "gen",
      ),
    ).toEqual({
      what: "Declared what.",
      when: "Declared when",
    });
    expect(leafDescriptors("Does X. Use it when Y happens.", {}, () => "gen")).toEqual({
      what: "Does X.",
      when: "Use it when Y happens",
    });
    expect(leafDescriptors("Does X.", {}, () => "To do x")).toEqual({ what: "Does X.", when: "To do x" });
  });

  it("keeps every descriptor to one line of at most DESCRIPTOR_CHARS characters", () => {
    const long = `${"Ärger ".repeat(80)}.`;
    const d = leafDescriptors(long, { when: `when\n${"ü".repeat(400)}` }, () => "");
    expect(Array.from(d.what).length).toBeLessThanOrEqual(DESCRIPTOR_CHARS);
    expect(Array.from(d.when).length).toBeLessThanOrEqual(DESCRIPTOR_CHARS);
    expect(d.when).not.toContain("\n");
  });
});

describe("mcpToolWhen", () => {
  it("says the verb of the name, the required fields and the server's instruction that names the tool", () => {
    const when = mcpToolWhen(
      {
        name: "create_issue",
        description: "Creates an issue.",
        inputSchema: { type: "object", required: ["owner", "repo", "title"] },
      },
      {
        name: "github",
        instructions: "Use this server for GitHub. Prefer create_issue over comments for new bugs. Be terse.",
      },
    );
    expect(when).toBe(
      "To create issue on github, given owner, repo and title; Prefer create_issue over comments for new bugs",
    );
  });

  it("falls back to the instructions' first sentence, and to the name alone without a verb", () => {
    expect(
      mcpToolWhen(
        { name: "tablesOverview", description: "Tables.", inputSchema: { type: "object" } },
        { name: "pg", instructions: "Read-only access to the dev database. Never write." },
      ),
    ).toBe("To use tables overview on pg; Read-only access to the dev database");
    expect(mcpToolWhen({ name: "list_prs", description: "List pull requests." }, { name: "github" })).toBe(
      "To list prs on github",
    );
  });

  it("keeps the description's own when-clause and drops a hint that does not fit the line", () => {
    const when = mcpToolWhen(
      { name: "run_query", description: "Runs SQL. Use it to answer questions about the data." },
      { name: "pg", instructions: `${"Long instruction ".repeat(20)}.` },
    );
    expect(when).toBe("Use it to answer questions about the data");
  });

  it("splits identifiers into words", () => {
    expect(identifierWords("browser_takeScreenshot")).toEqual(["browser", "take", "screenshot"]);
  });
});

describe("catalog nodes carry what and when", () => {
  const entries: CatalogEntry[] = [
    {
      kind: "mcp_server",
      name: "github",
      description: "GitHub.",
      instructions: "Use it when the code lives on GitHub.",
    },
    {
      kind: "mcp_tool",
      server: "github",
      name: "create_issue",
      description: "Create an issue.",
      inputSchema: { type: "object", required: ["title"] },
    },
    { kind: "doc", name: "docs/tools.md", description: "Core tools.", when: "Working on a core tool" },
  ];
  const catalog = buildCatalog({
    deferred: [
      tool("glob", "Find files by pattern.", {
        what: "Lists files by glob.",
        when: "You know a name, not a place.",
      }),
      tool("list_dir", "Show a folder. Use it to see a project's layout."),
    ],
    skills: [{ name: "pdf", description: "PDF work. Use when filling in a PDF form." }],
    entries,
    families: [{ name: "files", group: "workspace", when: "globs and trees", what: "Finding files." }],
    groups: [{ group: "workspace", title: "Files and folders" }],
  });

  it("gives every node of every kind a one-line what and when", () => {
    for (const node of catalog.nodes) {
      expect(node.what, node.id).toMatch(/\S/);
      expect(node.when, node.id).toMatch(/\S/);
    }
    const byId = (id: string) => catalog.node(id)!;
    expect(byId("workspace/files/glob")).toMatchObject({
      what: "Lists files by glob.",
      when: "You know a name, not a place.",
    });
    expect(byId("workspace/files/list_dir")).toMatchObject({
      what: "Show a folder.",
      when: "Use it to see a project's layout",
    });
    expect(byId("workspace/files")).toMatchObject({ what: "Finding files.", when: "globs and trees" });
    expect(byId("workspace")).toMatchObject({ what: "Files and folders", when: "For: globs and trees" });
    expect(byId("skills/pdf")).toMatchObject({ what: "PDF work.", when: "Use when filling in a PDF form." });
    expect(byId("mcp/github")).toMatchObject({ when: "Use it when the code lives on GitHub" });
    expect(byId("mcp/github/create_issue").when).toBe(
      "To create issue on github, given title; Use it when the code lives on GitHub",
    );
    expect(byId("docs/docs/tools.md").when).toBe("Working on a core tool");
  });

  it("finds a leaf by a word only its when says", () => {
    expect(navigate(catalog, "place").nodes[0]?.id).toBe("workspace/files/glob");
  });

  it("lists entries with their when while the budget has room, never at the cost of an entry", () => {
    const nav = atLevel(navigate(catalog, "files"), "title");
    const roomy = renderNavigation(catalog, "files", nav, 4096);
    expect(roomy.text).toContain(
      "- glob (files): Find files by pattern. — when: You know a name, not a place.",
    );
    const whens = (text: string) => text.split(" — when: ").length - 1;
    expect(whens(roomy.text)).toBe(roomy.shown.length);
    const tight = renderNavigation(catalog, "files", nav, roomy.bytes - 1);
    expect(tight.shown).toEqual(roomy.shown);
    expect(whens(tight.text)).toBe(roomy.shown.length - 1);
    expect(tight.bytes).toBeLessThan(roomy.bytes);
  });
});

describe("familyDescriptors", () => {
  it("derives what from the rules and when from the members when nothing is declared", () => {
    expect(familyDescriptors({ name: "web", rules: "Web tools fetch pages. Cite." }, ["web_fetch"])).toEqual({
      what: "Web tools fetch pages.",
      when: "Tasks for the web tools (web_fetch)",
    });
  });
});
