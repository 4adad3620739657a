import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { findAgents } from "./agent-discovery.js";
import { createAgentsExtension } from "./agents-extension.js";

const TOOLS = new Set(["read", "search", "bash", "edit"]);

function place(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "picasso-agents-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return {
    workspaceRoot: join(root, "ws"),
    picassoHome: join(root, "home"),
    claudeHome: join(root, "claude"),
  };
}

const agent = (name: string, description: string, extra = "") =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nInstructions of ${name}.\n`;

describe("findAgents", () => {
  it("reads the four folders in order; a project agent shadows a user one of the same name", () => {
    const sources = place({
      "ws/.picasso/agents/planner.md": agent("planner", "Plans."),
      "ws/.claude/agents/reviewer.md": agent("reviewer", "Reviews (project).", "tools: Read, Grep\n"),
      "ws/.claude/agents/notes.txt": "not an agent",
      "home/agents/reviewer.md": agent("reviewer", "Reviews (user)."),
      "claude/agents/tester.md": agent("tester", "Tests.", "model: haiku\n"),
    });
    const found = findAgents(sources, TOOLS);
    expect(found.warnings).toEqual([]);
    expect(found.agents.map((a) => [a.name, a.source, a.path, a.tools, a.model])).toEqual([
      ["planner", "project", ".picasso/agents/planner.md", undefined, undefined],
      ["reviewer", "project", ".claude/agents/reviewer.md", ["read", "search"], undefined],
      ["tester", "user", join(sources.claudeHome, "agents/tester.md"), undefined, "haiku"],
    ]);
    expect(found.agents[0]!.prompt).toBe("Instructions of planner.");
  });

  it("gives one warning line per broken file and per unknown tool; the rest still applies", () => {
    const sources = place({
      "ws/.claude/agents/a-broken.md": "---\nname: broken\n",
      "ws/.claude/agents/b-nodesc.md": "---\nname: nodesc\n---\n",
      "ws/.claude/agents/c-reviewer.md": agent(
        "reviewer",
        "Reviews.",
        "tools: read, WebSearch, NotebookEdit\n",
      ),
    });
    const found = findAgents(sources, TOOLS);
    expect(found.warnings).toEqual([
      ".claude/agents/a-broken.md: front matter: no closing --- line after the fields; agent skipped",
      ".claude/agents/b-nodesc.md: description: missing; add description: saying when to use the agent; agent skipped",
      '.claude/agents/c-reviewer.md: tools: "WebSearch", "NotebookEdit" are not tools of this session; agent reviewer runs without them',
    ]);
    expect(found.agents.map((a) => [a.name, a.tools])).toEqual([["reviewer", ["read"]]]);
  });

  it("maps disallowedTools as it maps tools, with a warning for a name no tool has", () => {
    const sources = place({
      "ws/.claude/agents/careful.md": agent("careful", "Careful.", "disallowedTools: Bash, Teleport\n"),
    });
    const found = findAgents(sources, TOOLS);
    expect(found.agents.map((a) => [a.name, a.tools, a.disallowedTools])).toEqual([
      ["careful", undefined, ["bash"]],
    ]);
    expect(found.warnings).toEqual([
      '.claude/agents/careful.md: disallowedTools: "Teleport" is not a tool of this session; nothing to take away',
    ]);
  });
});

describe("the agents extension", () => {
  it("offers definitions, catalog entries and the `agents` operation", async () => {
    const sources = place({
      "ws/.claude/agents/reviewer.md": agent("reviewer", "Reviews changes.", "tools: Read\n"),
    });
    const { extension, warnings } = createAgentsExtension({ ...sources, toolNames: () => TOOLS });
    expect(warnings()).toEqual([]);
    expect(extension.agentDefinitions?.().map((a) => a.name)).toEqual(["reviewer"]);
    const ctx = {
      surface: "cli" as const,
      workspaceRoot: sources.workspaceRoot,
      cwd: sources.workspaceRoot,
      picassoHome: sources.picassoHome,
    };
    expect(await extension.catalogEntries?.(ctx)).toEqual([
      {
        kind: "agent",
        name: "reviewer",
        description: "Reviews changes.",
        scope: "project",
        location: ".claude/agents/reviewer.md",
      },
    ]);
    const op = extension.operations?.find((o) => o.name === "agents");
    const answer = await op!.run("", { signal: new AbortController().signal, offline: true });
    expect(answer.text).toBe(
      "- reviewer (project, .claude/agents/reviewer.md) — tools: read\n  Reviews changes.",
    );
  });

  it("says where agents go when there are none", async () => {
    const { extension } = createAgentsExtension({ ...place({}), toolNames: () => TOOLS });
    const op = extension.operations?.find((o) => o.name === "agents");
    const answer = await op!.run("", { signal: new AbortController().signal, offline: true });
    expect(answer.text).toContain("No agent definitions (.picasso/agents/*.md, .claude/agents/*.md");
  });
});
