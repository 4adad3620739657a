/**
 * The `catalog/entries` seam through the real engine: a plugin contributes an MCP server with
 * its tools, a skill and a doc topic; lean context puts them in the catalog behind `tool_search`
 * (and the server's gateway in Tier 1), beside the deferred tools and its own skills and docs.
 * Tier 1 is the same in a second session with the same inputs, and holds no machine path.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession } from "@picasso/engine";
import type {
  CatalogEntry,
  ModelProvider,
  PicassoExtension,
  PicassoPlugin,
  ToolContext,
} from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createLeanContextPlugin } from "../src/index.js";
import { skillMd, writeSkill } from "./fixtures/skills.js";
import { deferredTools, families, groups } from "./fixtures/tools.js";

const idle: ModelProvider = {
  name: "idle",
  model: "idle",
  contextWindow: 100_000,
  stream() {
    throw new Error("opening a session sends nothing");
  },
};

function place() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "seam-ws-")));
  const home = realpathSync(mkdtempSync(join(tmpdir(), "seam-home-")));
  mkdirSync(join(root, ".picasso"));
  mkdirSync(join(root, "docs"));
  writeFileSync(
    join(root, "AGENTS.md"),
    "| when | read |\n| --- | --- |\n| deploying | `docs/deploy.md` |\n",
  );
  writeFileSync(join(root, "docs/deploy.md"), "# Deployment\n\n## Rolling back\n");
  writeSkill(join(root, ".picasso/skills"), "release", skillMd("release", "Use when cutting a release."));
  const contributedSkill = writeSkill(
    join(home, "plugin-skills"),
    "triage",
    skillMd("triage", "Sort new bug reports by severity."),
  );
  return { root, home, contributedSkill };
}

const mcpPlugin = (skillDir: string): PicassoPlugin => ({
  name: "mcp",
  catalogEntries: (): CatalogEntry[] => [
    {
      kind: "mcp_server",
      name: "github",
      description: "GitHub issues and pull requests.",
      rules: "Name repositories as owner/name.",
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
    { kind: "skill", name: "triage", description: "Sort new bug reports by severity.", location: skillDir },
    {
      kind: "doc",
      name: "RUNBOOK.md",
      location: "RUNBOOK.md",
      description: "On-call runbook. Read it when paged.",
    },
  ],
});

async function open(p: ReturnType<typeof place>) {
  const lean = createLeanContextPlugin({ claudeHome: join(p.home, "no-claude") });
  const tools: PicassoExtension = { name: "tools", families, groups, registerTools: () => deferredTools() };
  const session = await createSession({
    provider: idle,
    plugins: [lean, tools, mcpPlugin(p.contributedSkill)],
    workspaceRoot: p.root,
    picassoHome: p.home,
  });
  return { session, lean };
}

describe("catalog entries contributed by a plugin", () => {
  it("reach tool_search, the skill tool, the skill index and Tier 1's gateways", async () => {
    const p = place();
    const { session, lean } = await open(p);
    try {
      const names = session.tier1.tools.map((t) => t.name);
      expect(names).toContain("github_call");
      const index = session.tier1.system.find((b) => b.id === "skills:index")!.text;
      expect(index).toContain("- release: Use when cutting a release.");
      // A user skill gets its trigger too (issue 32), not just its name.
      expect(index).toMatch(/\n- triage: \S/);
      const search = lean.registerTools!().find((t) => t.spec.name === "tool_search")!;
      const ctx = { workspaceRoot: p.root, cwd: p.root } as ToolContext;
      const mcp = await search.run({ query: "open an issue on github" }, ctx);
      expect(mcp.content).toContain('Call: github_call({tool: "create_issue", arguments: {…}})');
      expect(mcp.content).toContain("Rules (server github): Name repositories as owner/name.");
      expect((await search.run({ query: "web_fetch" }, ctx)).content).toContain(
        "## web_fetch — deferred tool (web)",
      );
      expect((await search.run({ query: "docs/deploy.md" }, ctx)).content).toContain(
        "Deployment. Read it when working on deploying. Covers: Rolling back.",
      );
      expect((await search.run({ query: "paged on call" }, ctx)).content).toContain("## RUNBOOK.md — doc");
      const skill = lean.registerTools!().find((t) => t.spec.name === "skill")!;
      expect((await skill.run({ name: "triage" }, ctx)).content).toContain("# triage");
      // The session's catalog, written for people and the model to read.
      const written = readFileSync(join(p.home, "tool-catalog", "mcp.md"), "utf8");
      expect(written).toContain("### github/create_issue — MCP tool of github");
      expect(JSON.stringify(session.tier1)).not.toContain(p.root);
      expect(JSON.stringify(session.tier1)).not.toContain(p.home);
      const again = await open(p);
      expect(again.session.tier1.hash).toBe(session.tier1.hash);
      await again.session.close("done");
    } finally {
      await session.close("done");
    }
  });
});
