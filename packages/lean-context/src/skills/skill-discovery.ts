/**
 * Finding the skills a session knows (the thin I/O layer of the skill index and the `skill` tool).
 *
 * Roots, in precedence order — a name found again later is shadowed by the first:
 *   1. `<workspace>/.picasso/skills/<folder>/SKILL.md`   project
 *   2. `<workspace>/.claude/skills/<folder>/SKILL.md`    project (skills made for Claude Code)
 *   3. `$PICASSO_HOME/skills/<folder>/SKILL.md`          user
 *   4. `<claude home>/skills/<folder>/SKILL.md`          user; the claude home is
 *      `$CLAUDE_CONFIG_DIR`, else `~/.claude` (Claude Code's own rule), unless the caller names it.
 * Folders are visited in name order; hidden folders and folders without a `SKILL.md` are not
 * skills. A file that cannot be read, is not UTF-8 text, or whose front matter is wrong (see
 * skill-file.ts) is skipped with one warning naming the file and field; the other skills load.
 * A name shadowed by one with different text is reported too. Paths in `path` are for people:
 * workspace-relative for project skills, `~/…` when under the home folder; Tier 1 never holds them.
 */

import { existsSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative, sep } from "node:path";
import type { SkillInfo } from "@picasso/protocol";
import { realPathOrResolved } from "@picasso/workspace";
import { readWorkspaceText } from "../io/workspace-text.js";
import { isSkillProblem, parseSkillFile } from "./skill-file.js";

export interface Skill extends SkillInfo {
  scope: "project" | "user";
  /** The folder holding SKILL.md (absolute). */
  dir: string;
  /** SKILL.md for people: workspace-relative or `~/…`. */
  path: string;
  /** The instructions after the front matter. */
  body: string;
}

export interface SkillSources {
  workspaceRoot: string;
  picassoHome: string;
  /** Claude Code's user folder; default `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
  claudeHome?: string;
}

export interface LoadedSkills {
  skills: Skill[];
  warnings: string[];
}

export function defaultClaudeHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLAUDE_CONFIG_DIR || join(homedir(), ".claude");
}

export function skillRoots(sources: SkillSources): { dir: string; scope: "project" | "user" }[] {
  return [
    { dir: join(sources.workspaceRoot, ".picasso", "skills"), scope: "project" },
    { dir: join(sources.workspaceRoot, ".claude", "skills"), scope: "project" },
    { dir: join(sources.picassoHome, "skills"), scope: "user" },
    { dir: join(sources.claudeHome ?? defaultClaudeHome(), "skills"), scope: "user" },
  ];
}

/** A path for people: workspace-relative inside the workspace, `~/…` under the home folder. */
export function displayPath(path: string, workspaceRoot: string): string {
  const rel = relative(workspaceRoot, path);
  if (rel !== "" && !rel.startsWith("..") && !rel.startsWith(sep)) return rel.split(sep).join("/");
  const home = homedir();
  return path.startsWith(home + sep) ? `~/${relative(home, path).split(sep).join("/")}` : path;
}

function folders(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((d) => !d.name.startsWith(".") && (d.isDirectory() || d.isSymbolicLink()))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

export function loadSkills(sources: SkillSources): LoadedSkills {
  const skills: Skill[] = [];
  const warnings: string[] = [];
  const byName = new Map<string, Skill>();
  const seenRoots = new Set<string>();
  for (const root of skillRoots(sources)) {
    const real = realPathOrResolved(root.dir);
    if (seenRoots.has(real) || !existsSync(root.dir)) continue;
    seenRoots.add(real);
    for (const folder of folders(root.dir)) {
      const dir = join(root.dir, folder);
      const file = join(dir, "SKILL.md");
      if (!isFile(file)) continue;
      const path = displayPath(file, sources.workspaceRoot);
      const text = readText(file, path, warnings);
      if (text === undefined) continue;
      const parsed = parseSkillFile(text);
      if (isSkillProblem(parsed)) {
        warnings.push(
          `${path}${parsed.line ? `:${parsed.line}` : ""}: ${parsed.field}: ${parsed.message}; skill skipped`,
        );
        continue;
      }
      const first = byName.get(parsed.name);
      if (first) {
        if (first.body !== parsed.body || first.description !== parsed.description)
          warnings.push(`${path}: name: "${parsed.name}" is also ${first.path}, which is used; rename one`);
        continue;
      }
      const skill: Skill = { ...parsed, scope: root.scope, dir, path };
      byName.set(parsed.name, skill);
      skills.push(skill);
    }
  }
  return { skills, warnings };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function readText(file: string, path: string, warnings: string[]): string | undefined {
  const read = readWorkspaceText(file);
  if (read.kind === "text") return read.text;
  if (read.kind === "missing") warnings.push(`${path}: unreadable (ENOENT); skill skipped`);
  else if (read.notText) warnings.push(`${path}: not UTF-8 text; skill skipped — save it as UTF-8`);
  else warnings.push(`${path}: ${read.problem}; skill skipped`);
  return undefined;
}
