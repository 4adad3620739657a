/**
 * `skills`: the shop workspace with 30 skills — 10 project skills (5 in `.picasso/skills`, 5 in
 * `.claude/skills`) and 20 user skills (10 in `$PICASSO_HOME/skills`, 10 in the Claude folder's
 * `skills/`), laid out as public collections lay them out (`scripts/`, `references/`, `assets/`).
 * The user skills are 20 of the skill activation eval's collection (catalog/eval/skills: real
 * descriptions and bodies); the project skills are the shop's own, with generated bodies.
 * Tier 1 carries the skill index (every skill with its trigger, within 2.5 KB). The turns: load a
 * project skill with `skill` and read its bundled checklist; load it again (a pointer to the first
 * copy); find a user skill with `skill_search`, load it and one of its files through
 * `skill({name, file})`; load a user skill named in the index; look a skill up by purpose with
 * `tool_search`. Every load is Tier 2: appended history.
 */

import { evalSkillFiles } from "./eval-skill-collection.js";
import { calls, read, type Scenario, say, tool, turn } from "./scenario.js";
import { shopWorkspace } from "./shop-workspace.js";
import { skillBody } from "./skill-bodies.js";

/** A SKILL.md: front matter, then a body at a public collection's size (skill-bodies.ts). */
const skillMd = (name: string, description: string, index: number, bundled: string[]) =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n${skillBody(name, description, index, bundled)}\n`;

const PROJECT: [folder: string, name: string, description: string][] = [
  [
    "release",
    "release",
    "Cut a release of the shop: bump the version, update CHANGELOG.md, tag, build and publish. Use when asked to release, ship or tag a version.",
  ],
  [
    "db-migration",
    "db-migration",
    "Write a database migration with its rollback and regenerate the types. Use when a change adds or alters tables or columns.",
  ],
  [
    "api-endpoint",
    "api-endpoint",
    "Add an HTTP endpoint: route, handler, validation, OpenAPI entry and tests. Use for a new API route.",
  ],
  [
    "feature-flag",
    "feature-flag",
    "Put new behaviour behind a feature flag with per-environment defaults. Use for risky changes and gradual rollouts.",
  ],
  [
    "pricing-rules",
    "pricing-rules",
    "Change how prices, discounts or taxes are computed, in integer cents, with the rounding rules of docs/pricing.md. Use for any change to totals.",
  ],
  [
    "i18n",
    "ui-translations",
    "Change user-facing strings in every locale (English, Deutsch, Français, 日本語) with the glossary and run the key checker. Use when a change touches text customers see — Übersetzungen werden vor dem Merge geprüft.",
  ],
  [
    "pdf-invoices",
    "pdf-invoices",
    "Render and check PDF invoices with the bundled scripts. Use when invoice layout or content changes.",
  ],
  [
    "test-flake",
    "test-flake",
    "Find and fix a flaky test: loop it, isolate order and timing causes, wait for conditions instead of sleeping. Use when a test fails only sometimes.",
  ],
  [
    "perf-profile",
    "perf-profile",
    "Profile a slow path with the CPU profiler and compare before and after. Use when something is slow.",
  ],
  [
    "dependency-upgrade",
    "dependency-upgrade",
    "Upgrade a dependency to a newer version: read its changelog, adapt the code, run the suite. Use when asked to bump a package.",
  ],
];

/**
 * The user's 20 skills: taken from the skill activation eval's collection (catalog/eval/skills,
 * written at public collections' sizes and shapes: long descriptions, bundled scripts, references
 * and assets), the first 10 in `$PICASSO_HOME/skills`, the rest in the Claude folder's `skills/`.
 */
export const USER_SKILLS = [
  "accessibility-audit",
  "api-client",
  "brand-guidelines",
  "changelog",
  "code-review",
  "commit-messages",
  "csv-data-analysis",
  "data-viz",
  "docker-debugging",
  "docx",
  "frontend-design",
  "incident-postmortem",
  "internal-comms",
  "log-analysis",
  "mcp-builder",
  "pdf",
  "release-notes",
  "slide-deck",
  "webapp-testing",
  "xlsx",
];

function projectSkills(): Record<string, string> {
  const files: Record<string, string> = {};
  PROJECT.forEach(([folder, name, description], i) => {
    const root = i < 5 ? `.picasso/skills/${folder}` : `.claude/skills/${folder}`;
    const bundled: Record<string, string> = {
      "references/checklist.md": `# ${name} checklist\n\n- [ ] tests pass\n- [ ] docs updated\n- [ ] reviewed\n`,
      ...(i % 2 === 0
        ? { "scripts/check.sh": `#!/usr/bin/env bash\nset -euo pipefail\necho "${name}: ok"\n` }
        : {}),
      ...(i % 3 === 0 ? { "assets/template.md": `# ${name} template\n` } : {}),
    };
    files[`${root}/SKILL.md`] = skillMd(name, description, i, Object.keys(bundled));
    for (const [path, content] of Object.entries(bundled)) files[`${root}/${path}`] = content;
  });
  return files;
}

function userSkills(): Record<string, string> {
  return evalSkillFiles(USER_SKILLS, (_, i) => (i < 10 ? "skills" : ".claude/skills"));
}

export const skillsScenario: Scenario = {
  name: "skills",
  description:
    "30 skills (10 project, 20 user): the index in Tier 1, a skill loaded and its bundled file read, loaded again (a pointer), skill_search, a user skill's file, tool_search",
  files: { ...shopWorkspace(), ...projectSkills() },
  homeFiles: userSkills(),
  actions: [
    turn(
      "load a project skill, read its bundled file",
      "Cut a release of the shop.",
      calls("The release skill matches; loading it.", tool("skill", { name: "release" })),
      calls("Reading its checklist.", read(".picasso/skills/release/references/checklist.md")),
      say("Following the release skill: tests pass, docs updated, reviewed — then tag and publish."),
    ),
    turn(
      "the same skill again: a pointer",
      "Remind me of the release steps.",
      calls("Loading the release skill again.", tool("skill", { name: "release" })),
      say("The steps are unchanged: read, change, test, report."),
    ),
    turn(
      "skill_search finds a user skill; it and one of its files load",
      "Write my standup note.",
      calls(
        "Searching skills.",
        tool("tool_call", { name: "skill_search", arguments: { query: "standup" } }),
      ),
      calls("Loading it.", tool("skill", { name: "internal-comms" })),
      calls(
        "Loading its template.",
        tool("skill", { name: "internal-comms", file: "references/templates.md" }),
      ),
      say("Yesterday: the release. Today: the migration. Blockers: none."),
    ),
    turn(
      "a user skill named in the index",
      "Check the signup page for accessibility problems.",
      calls("Loading the accessibility skill.", tool("skill", { name: "accessibility-audit" })),
      say("Following `accessibility-audit`: the form fields need labels."),
    ),
    turn(
      "tool_search finds a skill by purpose",
      "Which skill helps with slow code?",
      calls("Searching the catalog.", tool("tool_search", { query: "profile slow code" })),
      say("`perf-profile`: profile the slow path and compare before and after."),
    ),
  ],
};
