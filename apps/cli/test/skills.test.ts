/**
 * Skills end to end: a scripted mock session through the built binary. The model sees the skill
 * index in Tier 1, loads a skill with `skill`, reads the bundled file the skill names, and loads
 * it again (a pointer), seen in the timeline; a broken SKILL.md is one warning line and the other
 * skills still load.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

const SKILL = [
  "---",
  "name: pdf-forms",
  'description: "Fill PDF forms with the bundled script; the field map is in references/. Use when a task involves filling in a PDF form."',
  "---",
  "",
  "# PDF forms",
  "",
  "1. Read references/fields.md for the field names.",
  "2. Run scripts/fill.py with the values.",
  "3. Check the output opens.",
  "",
].join("\r\n"); // written on Windows: CRLF line ends

describe("skills in a headless session", () => {
  it("index in Tier 1 → skill → its bundled file → the same skill again as a pointer", async () => {
    const dir = workspace({
      ".claude/skills/pdf/SKILL.md": SKILL,
      ".claude/skills/pdf/references/fields.md":
        "# Field map\n\n- customs_value: the declared value in EUR\n",
      ".claude/skills/pdf/scripts/fill.py": "print('filled')\n",
      ".picasso/skills/broken/SKILL.md": "---\nname: broken\n---\nNo description.\n",
    });
    const s = script(dir, {
      steps: [
        {
          text: "The pdf-forms skill matches.",
          tool_calls: [{ name: "skill", input: { name: "pdf-forms" } }],
        },
        {
          match: "Bundled files",
          text: "Reading the field map it names.",
          tool_calls: [{ name: "read", input: { path: ".claude/skills/pdf/references/fields.md" } }],
        },
        { match: "customs_value", tool_calls: [{ name: "skill", input: { name: "pdf-forms" } }] },
        { match: "identical to the skill pdf-forms", text: "Filled customs_value from the field map." },
      ],
    });
    const run = await picasso(dir, [
      "-p",
      "fill the customs PDF",
      "--output-format",
      "json",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe(
      "picasso: warning: .picasso/skills/broken/SKILL.md: description: missing; add description: saying what the skill does and when to use it; skill skipped",
    );
    const result = JSON.parse(run.stdout as string);
    expect(result.result).toBe("Filled customs_value from the field map.");
    const log = readFileSync(result.logPath, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const header = log.find((e) => e.type === "request_header");
    const index = header.system.find((b: { id: string }) => b.id === "skills:index");
    expect(index.text).toContain("- pdf-forms: Use when a task involves filling in a PDF form.");
    expect(header.tools.map((t: { name: string }) => t.name)).toContain("skill");
    expect(
      log.filter((e) => e.type === "tier2_load").map((e) => [e.kind, e.name, e.deduped === true]),
    ).toEqual([
      ["skill_body", "pdf-forms", false],
      ["skill_body", "pdf-forms", true],
    ]);
    const results = log.filter((e) => e.type === "tool_result").map((e) => [e.name, e.status]);
    expect(results).toEqual([
      ["skill", "ok"],
      ["read", "ok"],
      ["skill", "ok"],
    ]);
    // The timeline shows the loads by kind and name.
    const timeline = await picasso(dir, ["context", "timeline", "--last"]);
    expect(timeline.exitCode).toBe(0);
    expect(timeline.stdout).toMatch(/Tier-2 skill_body pdf-forms/);
  });
});
