import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isUserError } from "@picasso/protocol";
import { builtinCatalogFiles, CATALOG_COMMAND, REPOSITORY_CATALOG_DIR } from "@picasso/surface";
import { describe, expect, it } from "vitest";
import { toolsOutput, toolsSearchOutput } from "./tools.js";

function workspace() {
  const root = mkdtempSync(join(tmpdir(), "cli-tools-"));
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "docs"));
  writeFileSync(
    join(root, "AGENTS.md"),
    "| when | read |\n| --- | --- |\n| deploying | `docs/deploy.md` |\n",
  );
  writeFileSync(join(root, "docs/deploy.md"), "# Deployment\n\n## Rolling back\n");
  mkdirSync(join(root, ".claude/skills/release"), { recursive: true });
  writeFileSync(
    join(root, ".claude/skills/release/SKILL.md"),
    "---\nname: release\ndescription: Use when cutting a release.\n---\nTag and publish.\n",
  );
  return { root, env: { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-tools-home-")) } };
}

describe("picasso tools", () => {
  it("prints the catalog tree a session of this workspace would navigate", async () => {
    const { root, env } = workspace();
    const text = await toolsOutput({}, { cwd: root, env });
    // The built-in deferred families come first (their groups: workspace, web, agents…), then
    // this workspace's skills and doc topics.
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^Catalog behind tool_search: \d+ entries; each answer at most 4096 bytes\.$/);
    expect(lines[1]).toMatch(/^catalog: \d+ entries; first build here$/);
    expect(lines.some((l) => l.startsWith("    - glob: Find files by name or path pattern"))).toBe(true);
    expect(lines).toContainEqual(expect.stringMatching(/^workspace \(\d+ tools, \d+\.\d KB\) — Files, /));
    const skills = lines.findIndex((l) => l.startsWith("skills ("));
    expect(skills).toBeGreaterThan(0);
    expect(lines.slice(skills)).toEqual([
      expect.stringMatching(
        /^skills \(2 entries, \d+ B\) — Skills: instructions for recurring tasks, loaded with skill\(\{name\}\)$/,
      ),
      expect.stringMatching(/^ {2}skills \(family; 1 tool, \d+ B\)$/),
      "    - skill_search: Find skills by name or trigger words, including those not listed in the skill index.",
      "  - release: Use when cutting a release.",
      "",
      expect.stringMatching(
        /^docs \(1 doc, \d+ B\) — Project documentation topics, from the routing table of AGENTS\.md$/,
      ),
      "  - docs/deploy.md: Deployment.",
      "",
      'Search it as the model does: picasso tools search "<query>"',
      "",
    ]);
    const json = JSON.parse(await toolsOutput({ json: true }, { cwd: root, env }));
    expect(json.answerBudgetBytes).toBe(4096);
    // The second build compares with the first: nothing changed.
    expect(json.changes).toMatchObject({ compared: true, added: 0, changed: 0, removed: 0, ids: [] });
    writeFileSync(join(root, "docs/deploy.md"), "# Deployment\n\n## Rolling back\n\n## Canary\n");
    const after = (await toolsOutput({}, { cwd: root, env })).split("\n")[1];
    expect(after).toMatch(/^catalog: \d+ entries; 1 changed since the last build \(docs\/deploy\.md\)$/);
    expect(json.nodes.map((n: { id: string }) => n.id)).toContain("docs/docs/deploy.md");
  });

  it("search answers exactly what tool_search would, within the budget", async () => {
    const { root, env } = workspace();
    expect(await toolsSearchOutput("release", {}, { cwd: root, env })).toBe(
      '## release — skill (project)\nUse when cutting a release.\nLoad: skill({name: "release"})\n',
    );
    const json = JSON.parse(
      await toolsSearchOutput(
        "how do we roll back a deploy",
        { json: true, budget: "300" },
        { cwd: root, env },
      ),
    );
    expect(json).toMatchObject({
      budget: 300,
      mode: "expand",
      shown: [{ id: "docs/docs/deploy.md", full: true }],
    });
    expect(json.bytes).toBeLessThanOrEqual(300);
  });

  it("a bad --budget or an empty query is one line naming the flag", async () => {
    const { root, env } = workspace();
    for (const [query, budget, message] of [
      ["x", "12", /^--budget: expected a whole number of bytes from 256 to 1000000, got "12"$/],
      [" ", undefined, /^tools search: give a query/],
    ] as const) {
      const error = await toolsSearchOutput(query, budget ? { budget } : {}, { cwd: root, env }).catch(
        (e: unknown) => e,
      );
      expect(isUserError(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe("the repository's catalog/", () => {
  it(`is up to date with the patch files and the tools (regenerate: ${CATALOG_COMMAND})`, async () => {
    const files = await builtinCatalogFiles();
    expect([...files.keys()]).toContain("manifest.json");
    for (const [path, text] of files) {
      const target = join(REPOSITORY_CATALOG_DIR, path);
      expect(existsSync(target), `missing ${path}: run ${CATALOG_COMMAND}`).toBe(true);
      expect(readFileSync(target, "utf8"), `stale ${path}: run ${CATALOG_COMMAND}`).toBe(text);
    }
    const manifest = JSON.parse(files.get("manifest.json")!);
    expect(manifest.nodes.some((n: { name: string }) => n.name === "skill_search")).toBe(true);
    expect(files.get("manifest.json")).not.toMatch(/\/tmp\/|picasso-builtin-catalog/);
  });
});
