import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDocTopics, routingRows } from "./doc-topics.js";

describe("doc topics from the AGENTS.md routing table", () => {
  it("reads the rows that name docs, joins the other cells as when to read them", () => {
    expect(
      routingRows(
        "| when working on | read |\n| --- | --- |\n| Tier 1, skills | `docs/lean-context.md` |\n| a core tool | `docs/tools.md`, `docs/x.md` |\nnot a row `docs/y.md`\n",
      ),
    ).toEqual([
      { path: "docs/lean-context.md", when: "Tier 1, skills" },
      { path: "docs/tools.md", when: "a core tool" },
      { path: "docs/x.md", when: "a core tool" },
    ]);
  });

  it("describes each existing doc by its title, when to read it and its sections", () => {
    const root = mkdtempSync(join(tmpdir(), "docs-ws-"));
    mkdirSync(join(root, "docs"));
    writeFileSync(
      join(root, "AGENTS.md"),
      "| when | read |\n| --- | --- |\n| a core tool | `docs/tools.md` |\n| gone | `docs/gone.md` |\n| escape | `../out.md` |\n",
    );
    writeFileSync(join(root, "docs/tools.md"), "# Core tools\n\n## What a tool is\n\n## Safety rules\n");
    expect(loadDocTopics(root)).toEqual([
      {
        kind: "doc",
        name: "docs/tools.md",
        location: "docs/tools.md",
        description: "Core tools. Read it when working on a core tool. Covers: What a tool is; Safety rules.",
        when: "Working on a core tool",
      },
    ]);
    expect(loadDocTopics(join(root, "docs"))).toEqual([]);
  });
});
