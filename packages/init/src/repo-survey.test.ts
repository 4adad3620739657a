import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { byteLength } from "@picasso/protocol/basics";
import { describe, expect, it } from "vitest";
import { SURVEY_MAX_BYTES, surveyRepository } from "./repo-survey.js";
import { workspaceWith } from "./test-workspace.js";

const NODE_REPO = {
  "README.md": "# Widget\n\nA widget library.\n",
  "package.json": JSON.stringify({
    name: "widget",
    description: "widgets",
    scripts: { build: "tsc -b", test: "vitest run" },
    dependencies: { left: "1.0.0" },
  }),
  "pnpm-lock.yaml": "lockfileVersion: 9\n",
  "docs/api.md": "# The API\n\ntext\n",
  "docs/setup.md": "intro\n## Setting up\n",
  "docs/notes.txt": "not markdown\n",
  "packages/core/index.ts": "export {};\n",
  "packages/cli/index.ts": "export {};\n",
  "CLAUDE.md": "Always run the linter.\n",
  "AGENTS.md": "# Widget\nUse tabs.\n",
  "node_modules/x/index.js": "",
};

describe("surveyRepository", () => {
  it("quotes instruction files, the README head, the manifest's scripts, layout and doc titles, in a fixed order", () => {
    const root = workspaceWith(NODE_REPO);
    const survey = surveyRepository(root);
    expect(survey.parts.map((p) => p.title)).toEqual([
      "existing AGENTS.md",
      "existing CLAUDE.md",
      "README.md (head)",
      "package.json (name, scripts, workspaces)",
      "test command (from the manifests)",
      "top-level layout",
      "docs/*.md (first heading)",
    ]);
    expect(survey.existing).toBe("# Widget\nUse tabs.\n");
    expect(survey.testCommand).toBe("pnpm test");
    const body = (title: string) => survey.parts.find((p) => p.title === title)!.body;
    expect(body("package.json (name, scripts, workspaces)")).toContain('"test": "vitest run"');
    expect(body("package.json (name, scripts, workspaces)")).not.toContain("dependencies");
    expect(body("top-level layout")).toContain("packages/: cli/ core/");
    expect(body("top-level layout")).not.toContain("node_modules");
    expect(body("docs/*.md (first heading)")).toBe("docs/api.md — The API\ndocs/setup.md — Setting up");
    expect(survey.docs).toEqual(["docs/api.md", "docs/setup.md"]);
    expect(survey.cut).toBe(false);
  });

  it("is deterministic: the same workspace gives the same survey", () => {
    const root = workspaceWith(NODE_REPO);
    expect(surveyRepository(root)).toEqual(surveyRepository(root));
  });

  it("caps a huge README and the whole survey; a FIFO named like a manifest is never opened", () => {
    const root = workspaceWith({
      "README.md": `${"line of readme text\n".repeat(5000)}`,
      ...Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`docs/d${i}.md`, `# ${"T".repeat(900)}\n`]),
      ),
    });
    execFileSync("mkfifo", [join(root, "Cargo.toml")]);
    const survey = surveyRepository(root);
    expect(survey.bytes).toBeLessThanOrEqual(SURVEY_MAX_BYTES);
    expect(survey.parts.reduce((n, p) => n + byteLength(p.body), 0)).toBe(survey.bytes);
    expect(survey.parts.find((p) => p.title === "README.md (head)")!.body).toMatch(
      /\[… cut at 3072 of 100000 bytes\]$/,
    );
    expect(survey.parts.some((p) => p.title.startsWith("Cargo.toml"))).toBe(false);
    expect(survey.cut).toBe(true);
  });

  it("names the test command of other ecosystems", () => {
    expect(surveyRepository(workspaceWith({ "Cargo.toml": "[package]\nname='x'\n" })).testCommand).toBe(
      "cargo test",
    );
    expect(surveyRepository(workspaceWith({ "go.mod": "module x\n" })).testCommand).toBe("go test ./...");
    expect(surveyRepository(workspaceWith({ Makefile: "build:\n\tcc\ntest:\n\t./t\n" })).testCommand).toBe(
      "make test",
    );
    expect(surveyRepository(workspaceWith({ "notes.txt": "" })).testCommand).toBeUndefined();
  });
});
