/**
 * The skill collection of the skill activation eval (`catalog/eval/skills/`, docs/skills.md) as
 * scenario files: the probe's realistic setup installs some of those skills as the user's own, so
 * the skill index and the eager baseline measure real descriptions and bodies, not generated ones.
 *
 * The folder is found from this file's own location (src/ or dist/ alike) by walking up to the
 * repository root that holds `catalog/eval/skills`; every file of each named skill is read as text,
 * in path order, so a scenario built twice is byte-identical.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { UserError } from "@picasso/protocol";

/** `catalog/eval/skills` of the repository this package lives in. */
export function evalSkillsDir(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "catalog", "eval", "skills");
    if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
    if (dirname(dir) === dir)
      throw new UserError(
        `catalog/eval/skills not found above ${from}: the probe's realistic setup installs skills from the Picasso repository's catalog/eval/skills; run it from a clone of the repository`,
      );
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/**
 * The files of the named skills, keyed `<root>/<folder>/<path in the skill>` where `rootOf` says
 * under which folder each skill goes (e.g. `skills` in PICASSO_HOME, `.claude/skills`).
 */
export function evalSkillFiles(
  names: readonly string[],
  rootOf: (name: string, index: number) => string,
): Record<string, string> {
  const base = evalSkillsDir();
  const files: Record<string, string> = {};
  names.forEach((name, i) => {
    const folder = join(base, name);
    if (!existsSync(join(folder, "SKILL.md")))
      throw new UserError(`${folder}/SKILL.md: no such skill in the collection (catalog/eval/skills)`);
    for (const path of filesUnder(folder))
      files[`${rootOf(name, i)}/${name}/${relative(folder, path).split("\\").join("/")}`] = readFileSync(
        path,
        "utf8",
      );
  });
  return files;
}
