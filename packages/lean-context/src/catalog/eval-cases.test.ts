import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { loadEvalCases, loadEvalFixture } from "./eval-cases.js";

function file(text: string, name = "cases.yml") {
  const dir = mkdtempSync(join(tmpdir(), "eval-cases-"));
  writeFileSync(join(dir, name), text);
  return { dir, path: join(dir, name) };
}

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(isUserError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected a UserError");
};

describe("loadEvalCases", () => {
  it("reads cases with one or several expected nodes, and a fixture beside the file", () => {
    const { dir, path } = file(
      "fixture: fx\ncases:\n  - { task: Rename a file, expect: file_move }\n  - task: Fetch a page\n    expect: [web_fetch, web/web/web_fetch]\n",
    );
    mkdirSync(join(dir, "fx", "workspace"), { recursive: true });
    expect(loadEvalCases(path)).toEqual({
      file: path,
      fixture: join(dir, "fx"),
      cases: [
        { task: "Rename a file", expect: ["file_move"] },
        { task: "Fetch a page", expect: ["web_fetch", "web/web/web_fetch"] },
      ],
    });
  });

  it("reads the split label and `expect: none` (no entry fits) as an empty list", () => {
    const { path } = file("split: heldout\ncases:\n  - { task: Order pizza, expect: none }\n");
    expect(loadEvalCases(path)).toEqual({
      file: path,
      split: "heldout",
      cases: [{ task: "Order pizza", expect: [] }],
    });
    expect(errorOf(() => loadEvalCases(file("split: test\ncases: []\n").path))).toMatch(
      /cases\.yml:1: split: expected dev or heldout, got "test"$/,
    );
  });

  it("names the file, line and field of each mistake", () => {
    expect(errorOf(() => loadEvalCases(file("cases:\n  - { task: x }\n").path))).toMatch(
      /cases\.yml:2: cases\[0\]\.expect: expected a non-empty string$/,
    );
    expect(errorOf(() => loadEvalCases(file("cases:\n  - { task: x, expect: y, hint: z }\n").path))).toMatch(
      /cases\.yml:2: cases\[0\]\.hint: unknown field \(allowed: task, expect\)$/,
    );
    expect(errorOf(() => loadEvalCases(file("fixture: nowhere\ncases: []\n").path))).toMatch(
      /cases\.yml:1: fixture: .*nowhere has no workspace\/ folder$/,
    );
    expect(errorOf(() => loadEvalCases(file("cases: [\n").path))).toMatch(/cases\.yml:\d+: not valid YAML/);
    expect(errorOf(() => loadEvalCases("/nonexistent/cases.yml"))).toBe(
      "/nonexistent/cases.yml: cannot read the cases file (ENOENT)",
    );
  });
});

describe("loadEvalFixture", () => {
  it("turns deferred-tool specs into tools that say they are fixtures, and checks entries", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-fixture-"));
    writeFileSync(
      join(dir, "deferred-tools.json"),
      JSON.stringify([
        { name: "web_fetch", family: "web", description: "Fetch.", inputSchema: { type: "object" } },
      ]),
    );
    writeFileSync(
      join(dir, "entries.json"),
      JSON.stringify([{ kind: "mcp_server", name: "github", description: "GitHub." }]),
    );
    const fixture = loadEvalFixture(dir);
    expect(fixture.tools.map((t) => [t.spec.name, t.family])).toEqual([["web_fetch", "web"]]);
    expect((await fixture.tools[0]!.run({}, {} as never)).content).toMatch(/fixture/);
    expect(fixture.entries).toHaveLength(1);
    writeFileSync(join(dir, "entries.json"), JSON.stringify([{ kind: "mcp_server" }]));
    expect(errorOf(() => loadEvalFixture(dir))).toMatch(
      /entries\.json: \[0\]: expected \{kind, name, description, …\}$/,
    );
  });

  it("reads the families its tools plugin declares, and names a malformed one", () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-fixture-"));
    expect(loadEvalFixture(dir).families).toEqual([]);
    writeFileSync(
      join(dir, "families.json"),
      JSON.stringify([
        { name: "team", group: "agents", rules: "Scope each teammate." },
        { name: "x", group: "y" },
      ]),
    );
    expect(loadEvalFixture(dir).families).toEqual([
      { name: "team", group: "agents", rules: "Scope each teammate." },
      { name: "x", group: "y" },
    ]);
    writeFileSync(join(dir, "families.json"), JSON.stringify([{ name: "team", group: "agents", when: 3 }]));
    expect(errorOf(() => loadEvalFixture(dir))).toMatch(
      /families\.json: \[0\]: expected \{name, group, when\?, rules\?\}, each text$/,
    );
  });
});
