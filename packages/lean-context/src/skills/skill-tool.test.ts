import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolContext } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { skillMd, writeSkill } from "../../test/fixtures/skills.js";
import { loadSkills } from "./skill-discovery.js";
import { skillTool } from "./skill-tool.js";

function setup() {
  const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), "skill-tool-ws-")));
  const picassoHome = realpathSync(mkdtempSync(join(tmpdir(), "skill-tool-home-")));
  writeSkill(
    join(workspaceRoot, ".claude/skills"),
    "pdf-forms",
    skillMd(
      "pdf-forms",
      "Use to fill PDF forms.",
      "# PDF forms\n\nRun scripts/fill.py with the field map.\n",
    ),
    {
      "scripts/fill.py": "print('filled')\n",
      "references/fields.md": "# Fields\n",
      "assets/blank.pdf": "%PDF-1.4\0binary",
      ".cache/x": "hidden",
    },
  );
  writeSkill(join(picassoHome, "skills"), "standup", skillMd("standup", "Use to write a standup note."), {
    "references/template.md": "Yesterday / Today / Blockers\n",
    "assets/logo.png": Buffer.from([0x89, 0x50, 0x00]).toString("latin1"),
  });
  const { skills } = loadSkills({ workspaceRoot, picassoHome, claudeHome: join(picassoHome, "no-claude") });
  const tool = skillTool(() => skills);
  const sub = join(workspaceRoot, "src");
  mkdirSync(sub);
  const ctx = { workspaceRoot, cwd: sub } as ToolContext;
  return { tool, ctx, workspaceRoot, picassoHome };
}

describe("the skill tool", () => {
  it("returns the body and lists bundled files relative to the working folder, for read", async () => {
    const { tool, ctx } = setup();
    const out = await tool.run({ name: "pdf-forms" }, ctx);
    expect(out.content).toBe(
      [
        '<skill name="pdf-forms" path=".claude/skills/pdf-forms/SKILL.md">',
        "# PDF forms\n\nRun scripts/fill.py with the field map.",
        "</skill>",
        "",
        "Bundled files (read one with the read tool when a step needs it):",
        "- ../.claude/skills/pdf-forms/assets/blank.pdf",
        "- ../.claude/skills/pdf-forms/references/fields.md",
        "- ../.claude/skills/pdf-forms/scripts/fill.py",
      ].join("\n"),
    );
    expect(out.tier2).toEqual([{ kind: "skill_body", name: "pdf-forms" }]);
    expect(out.dedupeKey).toBe("skill pdf-forms");
    expect(out.isError).toBeUndefined();
  });

  it("a user skill outside the workspace lists files by folder and loads one with `file`", async () => {
    const { tool, ctx } = setup();
    const out = await tool.run({ name: "standup" }, ctx);
    expect(out.content).toContain(
      'Bundled files (outside the workspace: load one with skill({name: "standup", file: "<path>"})):',
    );
    expect(out.content).toContain("- references/template.md");
    const file = await tool.run({ name: "standup", file: "references/template.md" }, ctx);
    expect(file.content).toBe(
      '<skill-file skill="standup" path="references/template.md">\nYesterday / Today / Blockers\n\n</skill-file>',
    );
    expect(file.tier2).toEqual([{ kind: "skill_body", name: "standup/references/template.md" }]);
    expect((await tool.run({ name: "standup", file: "../../etc/passwd" }, ctx)).content).toBe(
      '"../../etc/passwd" is not inside the folder of skill standup.',
    );
    expect((await tool.run({ name: "standup", file: "assets/logo.png" }, ctx)).content).toMatch(/is binary/);
    expect((await tool.run({ name: "standup", file: "nope.md" }, ctx)).content).toBe(
      'Skill standup has no file "nope.md". Its files: assets/logo.png, references/template.md.',
    );
  });

  it("an unknown name names the known skills; a SKILL.md broken since the start is an error naming the field", async () => {
    const { tool, ctx, workspaceRoot } = setup();
    const unknown = await tool.run({ name: "pdf" }, ctx);
    expect(unknown).toMatchObject({
      isError: true,
      content: 'Unknown skill "pdf". Known skills: pdf-forms, standup. Use skill_search to find one.',
    });
    writeFileSync(join(workspaceRoot, ".claude/skills/pdf-forms/SKILL.md"), "---\nname: pdf-forms\n---\n");
    expect(await tool.run({ name: "pdf-forms" }, ctx)).toMatchObject({
      isError: true,
      content: expect.stringMatching(/^\.claude\/skills\/pdf-forms\/SKILL\.md: description: missing/),
    });
  });
});
