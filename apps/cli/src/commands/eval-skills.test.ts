import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { collectionIndex } from "@picasso/lean-context";
import type { ModelProvider, ModelRequest } from "@picasso/protocol";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { skillModelNavigator } from "../eval/skill-model-navigator.js";
import { evalSkills, renderSkillsReport } from "./eval-skills.js";

const EVAL = fileURLToPath(new URL("../../../../catalog/eval/", import.meta.url));
const DEV = join(EVAL, "skills.cases.yml");
const HELDOUT = join(EVAL, "skills.heldout.cases.yml");

function tempCases(cases: string): string {
  const dir = mkdtempSync(join(tmpdir(), "eval-skills-"));
  for (const [name, description] of [
    ["pdf", "Read and fill PDFs. Use when a task involves a PDF file or a PDF form."],
    ["xlsx", "Excel workbooks with formulas. Use when the deliverable is a spreadsheet."],
  ]) {
    mkdirSync(join(dir, "skills", name!), { recursive: true });
    writeFileSync(
      join(dir, "skills", name!, "SKILL.md"),
      `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`,
    );
  }
  writeFileSync(join(dir, "cases.yml"), cases);
  return dir;
}

describe("picasso eval skills", () => {
  it("the shipped splits with the keyword navigator: success@1 ≥ 0.9 dev, the held-out split reported with its false loads", async () => {
    const { report, skillsFrom } = await evalSkills({ cases: DEV });
    expect(report.cases).toBeGreaterThanOrEqual(60);
    expect(report.skills).toBeGreaterThanOrEqual(20);
    expect(report.indexBytes).toBeLessThanOrEqual(2560);
    expect(report.successAt1).toBeGreaterThanOrEqual(0.9);
    const text = renderSkillsReport(report, skillsFrom);
    expect(text).toMatch(/^Skill activation eval: \d+ cases \(\d+ need no skill\), keyword navigator\n/);
    expect(text).toMatch(/success@1 +0\.9\d +\(\d+\/\d+\)/);
    expect(text).toMatch(/false loads +0\.\d\d +\(\d+: \d+ wrong, \d+ unneeded\)/);
    const held = await evalSkills({ cases: HELDOUT });
    expect(held.report.cases * 2).toBeGreaterThanOrEqual(report.cases);
    expect(renderSkillsReport(held.report, held.skillsFrom)).toContain("Not a hit:");
  });

  it("the configured model as navigator: the mock sees the index and the task, and names a skill or none", async () => {
    const dir = tempCases(
      [
        "skills: skills",
        "cases:",
        "  - { task: Fill in the W-9 form, expect: pdf }",
        "  - { task: Rename a variable, expect: none }",
        "  - { task: Sum the Q3 column in budget.xlsx, expect: xlsx }",
      ].join("\n"),
    );
    writeFileSync(
      join(dir, "navigator.yaml"),
      [
        "steps:",
        "  - match: W-9",
        "    text: pdf",
        "  - match: Rename a variable",
        "    text: none",
        "  - match: budget.xlsx",
        "    text: I would load pdf",
      ].join("\n"),
    );
    const { report } = await evalSkills({
      cases: join(dir, "cases.yml"),
      navigator: "model",
      provider: "mock",
      mockScript: join(dir, "navigator.yaml"),
    });
    expect(report.navigator).toMatch(/^model \(mock /);
    expect(report.results.map((r) => [r.outcome, r.loaded])).toEqual([
      ["hit", "pdf"],
      ["hit", undefined],
      ["wrong", "pdf"],
    ]);
    expect(report).toMatchObject({ successAt1: 2 / 3, falseLoads: 1, wrongLoads: 1 });
  });

  it("the model navigator's request: the Tier-1 index text as system, the task as the only message, no tools", async () => {
    const requests: ModelRequest[] = [];
    const provider = {
      name: "stub",
      model: "m1",
      async *stream(request: ModelRequest) {
        requests.push(request);
        yield { type: "message_stop", content: [{ type: "text", text: "xlsx" }], stopReason: "end_turn" };
      },
    } as unknown as ModelProvider;
    const index = collectionIndex([
      { name: "xlsx", description: "Excel. Use when the deliverable is a spreadsheet.", scope: "user" },
    ]);
    expect(await skillModelNavigator(provider).choose("Build a budget", index)).toBe("xlsx");
    expect(requests).toHaveLength(1);
    expect(requests[0]!.tools).toEqual([]);
    expect(requests[0]!.system[0]!.text).toContain(index.text);
    expect(JSON.stringify(requests[0]!.messages)).toContain("Task: Build a budget");
  });

  it("mistakes are one line naming the flag, or the cases file and its field", async () => {
    const badExpect = tempCases("skills: skills\ncases:\n  - { task: Fill the form, expect: docx }\n");
    const noSkills = tempCases("cases:\n  - { task: Fill the form, expect: pdf }\n");
    for (const [flags, message] of [
      [{}, /^eval skills: --cases FILE is required/],
      [{ cases: DEV, navigator: "oracle" }, /^--navigator: expected keyword or model, got "oracle"$/],
      [{ cases: join(badExpect, "cases.yml") }, /cases\.yml:3: cases\[0\]\.expect: no skill "docx" in /],
      [{ cases: join(noSkills, "cases.yml") }, /cases\.yml:1: skills: missing/],
      [{ cases: join(noSkills, "absent.yml") }, /absent\.yml: cannot read the cases file/],
    ] as const) {
      const error = await evalSkills(flags).catch((e: unknown) => e);
      expect(isUserError(error), String(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });
});
