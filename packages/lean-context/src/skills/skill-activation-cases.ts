/**
 * Loading a skill activation eval: its cases file and the skill collection it names.
 *
 * Cases file (YAML):
 *   skills: skills            # a folder beside this file: one sub-folder per skill, each with SKILL.md
 *   cases:
 *     - task: "Fill in the W-9 in forms/w9.pdf"
 *       expect: pdf           # the skill to load first, or `none` when the task needs no skill;
 *                             # a list (`[docx, pdf]`) when either fits the task equally
 * Every skill of the collection is read as a user skill (scope `user`), the way a user's installed
 * collection reaches the index. Every mistake is a one-line UserError naming the file, line and
 * field (a case expecting a skill the collection lacks names the case and the known skills); a
 * SKILL.md Picasso cannot use names the file and field, as discovery does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type SkillInfo, UserError } from "@picasso/protocol";
import { isSeq, type Node } from "yaml";
import { readYamlFile } from "../composition/patch-reader.js";
import { isSkillProblem, parseSkillFile } from "./skill-file.js";

/** `expect: none` — the task needs no skill; loading one is a false load. */
export const NO_SKILL = "none";

export interface SkillActivationCase {
  task: string;
  /** The skill to load first (any of them, when two fit the task equally), or `none` alone. */
  expect: string[];
}

export interface SkillActivationCases {
  file: string;
  /** The collection's folder (absolute). */
  skillsDir: string;
  skills: SkillInfo[];
  cases: SkillActivationCase[];
}

/** Every `<dir>/<folder>/SKILL.md` as a user skill, folders in name order; hidden folders skipped. */
export function loadSkillCollection(dir: string): SkillInfo[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UserError(`${dir}: the skill collection folder does not exist`);
  const skills: SkillInfo[] = [];
  for (const folder of readdirSync(dir).sort()) {
    const file = join(dir, folder, "SKILL.md");
    if (folder.startsWith(".") || !existsSync(file)) continue;
    const parsed = parseSkillFile(readFileSync(file, "utf8"));
    if (isSkillProblem(parsed))
      throw new UserError(
        `${file}${parsed.line ? `:${parsed.line}` : ""}: ${parsed.field}: ${parsed.message}`,
      );
    skills.push({ name: parsed.name, description: parsed.description, scope: "user" });
  }
  if (skills.length === 0) throw new UserError(`${dir}: no skill folders with a SKILL.md`);
  return skills;
}

export function loadSkillActivationCases(file: string): SkillActivationCases {
  const { doc, reader } = readYamlFile(file, "cases file");
  const top = reader.entries(doc.contents, "cases file", ["skills", "cases"]);
  const skillsNode = top.get("skills")?.value ?? null;
  if (!skillsNode)
    return reader.fail(doc.contents as Node, "skills", "missing: name the skill collection's folder");
  const skillsDir = resolve(dirname(file), reader.str(skillsNode, "skills"));
  if (!existsSync(skillsDir) || !statSync(skillsDir).isDirectory())
    reader.fail(skillsNode, "skills", `${skillsDir} is not a folder`);
  const skills = loadSkillCollection(skillsDir);
  const known = new Set(skills.map((s) => s.name));
  const casesNode = top.get("cases");
  if (!casesNode) return reader.fail(doc.contents as Node, "cases", "missing: list the cases (task, expect)");
  const cases = reader.list(casesNode.value, "cases").map((item, i) => {
    const fields = reader.entries(item, `cases[${i}]`, ["task", "expect"]);
    const task = reader.str(fields.get("task")?.value ?? (item as Node), `cases[${i}].task`);
    const expectNode = fields.get("expect")?.value ?? (item as Node);
    const field = `cases[${i}].expect`;
    const expect = isSeq(expectNode)
      ? reader.list(expectNode, field).map((n, j) => reader.str(n, `${field}[${j}]`))
      : [reader.str(expectNode, field)];
    if (expect.length === 0) reader.fail(expectNode, field, "expected a skill name, a list of them, or none");
    if (expect.includes(NO_SKILL) && expect.length > 1)
      reader.fail(expectNode, field, "none stands alone: a task needs no skill, or one of the skills listed");
    for (const name of expect)
      if (name !== NO_SKILL && !known.has(name))
        reader.fail(
          expectNode,
          field,
          `no skill "${name}" in ${skillsDir} (known: ${[...known].sort().join(", ")}; or none)`,
        );
    return { task, expect };
  });
  if (cases.length === 0) reader.fail(casesNode.value, "cases", "expected at least one case");
  return { file, skillsDir, skills, cases };
}
