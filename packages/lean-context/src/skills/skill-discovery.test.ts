import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LONG_DESCRIPTION, skillMd, writeSkill } from "../../test/fixtures/skills.js";
import { loadSkills } from "./skill-discovery.js";
import { buildSkillIndex } from "./skill-index.js";

function place() {
  const workspaceRoot = mkdtempSync(join(tmpdir(), "skills-ws-"));
  const picassoHome = mkdtempSync(join(tmpdir(), "skills-home-"));
  const claudeHome = mkdtempSync(join(tmpdir(), "skills-claude-"));
  return { workspaceRoot, picassoHome, claudeHome };
}

describe("loadSkills", () => {
  it("finds project and user skills in the four places, project first, each sorted by folder", () => {
    const p = place();
    writeSkill(
      join(p.workspaceRoot, ".picasso/skills"),
      "release",
      skillMd("release", "Use when cutting a release."),
    );
    writeSkill(
      join(p.workspaceRoot, ".claude/skills"),
      "db-migrate",
      skillMd("db-migrate", "Use for schema migrations."),
    );
    writeSkill(join(p.picassoHome, "skills"), "standup", skillMd("standup", "Use to write a standup note."));
    writeSkill(join(p.claudeHome, "skills"), "pdf", skillMd("pdf", "Use to fill PDF forms."));
    mkdirSync(join(p.claudeHome, "skills", "not-a-skill")); // no SKILL.md: not a skill, no warning
    const { skills, warnings } = loadSkills(p);
    expect(warnings).toEqual([]);
    expect(skills.map((s) => [s.name, s.scope, s.path])).toEqual([
      ["release", "project", ".picasso/skills/release/SKILL.md"],
      ["db-migrate", "project", ".claude/skills/db-migrate/SKILL.md"],
      ["standup", "user", join(p.picassoHome, "skills/standup/SKILL.md")],
      ["pdf", "user", join(p.claudeHome, "skills/pdf/SKILL.md")],
    ]);
  });

  it("real-world shapes: bundled folders, a long multi-byte description, a name unlike its folder, CRLF", () => {
    const p = place();
    const root = join(p.workspaceRoot, ".claude/skills");
    writeSkill(root, "i18n", skillMd("ui-translations", LONG_DESCRIPTION), {
      "scripts/check_glossary.py": "print('ok')\n",
      "references/glossary.md": "# Glossary\n",
      "assets/logo.svg": "<svg/>",
    });
    writeSkill(
      root,
      "changelog",
      "---\r\nname: changelog\r\ndescription: Use when a change needs a CHANGELOG entry.\r\n---\r\nAdd one line per change.\r\n",
    );
    const { skills, warnings } = loadSkills(p);
    expect(warnings).toEqual([]);
    expect(skills.map((s) => s.name)).toEqual(["changelog", "ui-translations"]);
    expect(skills[0]!.body).toBe("Add one line per change.");
    expect(skills[1]!.dir).toBe(join(root, "i18n"));
    const index = buildSkillIndex(skills, { budgetBytes: 2048, namesBudgetBytes: 512, triggerMaxChars: 200 });
    const line = index.text.split("\n").find((l) => l.startsWith("- ui-translations: "))!;
    const trigger = line.slice("- ui-translations: ".length);
    // Cut to 200 characters at most, on a word boundary (skill-index.ts), an ellipsis marking it.
    const length = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(trigger)].length;
    expect(length).toBeLessThanOrEqual(200);
    expect(length).toBeGreaterThan(133);
    expect(trigger.endsWith("…")).toBe(true);
    expect(trigger).toBe(Buffer.from(trigger, "utf8").toString("utf8")); // valid UTF-8 after the cut
  });

  it("refuses a bad SKILL.md with one line naming file and field; the others load", () => {
    const p = place();
    const root = join(p.workspaceRoot, ".picasso/skills");
    writeSkill(root, "no-description", "---\nname: no-description\n---\nBody\n");
    writeSkill(root, "empty-description", '---\nname: empty-description\ndescription: ""\n---\nBody\n');
    writeSkill(root, "plain", "Just text, no front matter.\n");
    writeSkill(root, "colon", "---\nname: colon\ndescription: Use when: things\n---\n");
    writeSkill(root, "good", skillMd("good", "Use when all is well."));
    mkdirSync(join(root, "binary"));
    writeFileSync(join(root, "binary", "SKILL.md"), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0xff]));
    const { skills, warnings } = loadSkills(p);
    expect(skills.map((s) => s.name)).toEqual(["good"]);
    expect(warnings).toEqual([
      ".picasso/skills/binary/SKILL.md: not UTF-8 text; skill skipped — save it as UTF-8",
      '.picasso/skills/colon/SKILL.md:3: front matter: not valid YAML (Nested mappings are not allowed in compact mappings); quote a value that contains ": " or starts with a special character; skill skipped',
      ".picasso/skills/empty-description/SKILL.md:3: description: empty; add description: saying what the skill does and when to use it; skill skipped",
      ".picasso/skills/no-description/SKILL.md: description: missing; add description: saying what the skill does and when to use it; skill skipped",
      ".picasso/skills/plain/SKILL.md:1: front matter: missing: start the file with a --- line, then name: and description:, then ---; skill skipped",
    ]);
  });

  it("a name found again later is shadowed; reported only when its text differs", () => {
    const p = place();
    writeSkill(join(p.workspaceRoot, ".picasso/skills"), "pdf", skillMd("pdf", "Use to fill PDF forms."));
    writeSkill(join(p.workspaceRoot, ".claude/skills"), "pdf", skillMd("pdf", "Use to fill PDF forms."));
    writeSkill(join(p.claudeHome, "skills"), "pdf-old", skillMd("pdf", "An older copy."));
    const { skills, warnings } = loadSkills(p);
    expect(skills.map((s) => s.path)).toEqual([".picasso/skills/pdf/SKILL.md"]);
    expect(warnings).toEqual([
      `${join(p.claudeHome, "skills/pdf-old/SKILL.md")}: name: "pdf" is also .picasso/skills/pdf/SKILL.md, which is used; rename one`,
    ]);
  });

  it("is deterministic and holds no absolute path in what Tier 1 reads (name, description)", () => {
    const p = place();
    for (const name of ["b", "a", "c"])
      writeSkill(join(p.picassoHome, "skills"), name, skillMd(name, `Use for ${name}.`));
    const first = loadSkills(p).skills.map((s) => ({ name: s.name, description: s.description }));
    expect(first.map((s) => s.name)).toEqual(["a", "b", "c"]);
    expect(JSON.stringify(first)).not.toContain(p.picassoHome);
  });
});
