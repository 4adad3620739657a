import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CatalogEntry, Tier1 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { coreTools, deferredTools, families, groups } from "../../test/fixtures/tools.js";
import { createLeanContextPlugin } from "../plugin.js";
import { inspectWorkspace } from "../report/inspect-workspace.js";
import { assembleWorkspaceTier1 } from "./workspace-tier1.js";

/** A workspace with an AGENTS.md and a skill, a PICASSO_HOME and a Claude folder, all temporary. */
function workspace() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "lc-workspace-tier1-")));
  const root = join(base, "work");
  mkdirSync(join(root, ".picasso", "skills", "release"), { recursive: true });
  writeFileSync(join(root, "AGENTS.md"), "# Fixture\nBuild: `npm run build`.\n");
  writeFileSync(
    join(root, ".picasso", "skills", "release", "SKILL.md"),
    "---\nname: release\ndescription: Use when cutting a release.\n---\nSteps.\n",
  );
  const picassoHome = join(base, "home");
  const claudeHome = join(base, "claude");
  mkdirSync(picassoHome);
  mkdirSync(claudeHome);
  return { root, picassoHome, claudeHome };
}

const contributed: CatalogEntry[] = [
  { kind: "mcp_server", name: "linear", description: "Linear issues." },
  { kind: "mcp_tool", name: "list_issues", server: "linear", description: "List issues." },
];

describe("a workspace's Tier 1 (assembleWorkspaceTier1)", () => {
  it("is the same bytes in a session and in picasso context's report", () => {
    const { root, picassoHome, claudeHome } = workspace();
    const tools = [...coreTools(), ...deferredTools()];
    const session = createLeanContextPlugin({ claudeHome, writeCatalog: false }).assembleSystemPrompt!({
      surface: "cli",
      workspaceRoot: root,
      cwd: root,
      picassoHome,
      tools,
      mcpServers: [],
      catalog: contributed,
      families,
      groups,
    }) as Tier1;
    const report = inspectWorkspace({
      cwd: root,
      picassoHome,
      claudeHome,
      tools,
      entries: contributed,
      families,
      groups,
    });
    expect(report.workspaceRoot).toBe(root);
    expect(report.assembly.tier1.hash).toBe(session.hash);
    expect(report.report.hash).toBe(session.hash);
  });

  it("reads the instruction files, the skills and the contributed servers, and says what it left out", () => {
    const { root, picassoHome, claudeHome } = workspace();
    const made = assembleWorkspaceTier1({
      surface: "cli",
      workspaceRoot: root,
      cwd: root,
      picassoHome,
      claudeHome,
      tools: [...coreTools(), ...deferredTools()],
      mcpServers: ["github"],
      contributed: [...contributed, { kind: "skill", name: "orphan", description: "No folder." }],
      families,
      groups,
    });
    expect(made.instructions.files.map((f) => f.path)).toEqual(["AGENTS.md"]);
    expect(made.sources.skills.map((s) => s.name)).toEqual(["release"]);
    expect(made.assembly.mcpServers).toEqual(["github", "linear"]);
    expect(made.catalog.toolNames).toEqual(
      deferredTools()
        .map((t) => t.spec.name)
        .sort(),
    );
    expect(made.warnings).toContainEqual(expect.stringContaining('skill "orphan"'));
    expect(made.answerBudget).toBe(made.composition.settings["catalog.answerBudgetBytes"]);
  });
});
