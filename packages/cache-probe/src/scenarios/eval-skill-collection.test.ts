import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { evalSkillFiles, evalSkillsDir } from "./eval-skill-collection.js";

describe("the eval skill collection as scenario files", () => {
  it("is found in the repository, and outside one is a one-line user error naming the folder", () => {
    expect(evalSkillsDir().endsWith(join("catalog", "eval", "skills"))).toBe(true);
    const outside = realpathSync(mkdtempSync(join(tmpdir(), "probe-no-repo-")));
    expect(() => evalSkillsDir(outside)).toThrow(UserError);
    expect(() => evalSkillsDir(outside)).toThrow(
      /^catalog\/eval\/skills not found above .*run it from a clone/,
    );
  });

  it("reads every file of the named skills, in path order, under the root each goes to", () => {
    const files = evalSkillFiles(["pdf", "docx"], (_, i) => (i === 0 ? "home/skills" : ".claude/skills"));
    expect(Object.keys(files)).toContain("home/skills/pdf/SKILL.md");
    expect(Object.keys(files)).toContain(".claude/skills/docx/SKILL.md");
    expect(files["home/skills/pdf/SKILL.md"]).toMatch(/^---\nname: pdf\n/);
    expect(evalSkillFiles(["pdf", "docx"], (_, i) => (i === 0 ? "home/skills" : ".claude/skills"))).toEqual(
      files,
    );
    expect(() => evalSkillFiles(["no-such-skill"], () => "skills")).toThrow(
      /no such skill in the collection/,
    );
  });
});
