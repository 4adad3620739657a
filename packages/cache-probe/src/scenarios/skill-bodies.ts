/**
 * SKILL.md bodies at the size and shape of public skill collections: a purpose line, when to use
 * it (and when not), what to check first, numbered steps, commands, a checklist, common mistakes,
 * a worked example and the bundled files. Public SKILL.md files run from about 2 KB to over 10 KB;
 * these are generated deterministically from the skill's name, topic and position to between
 * about 2.5 and 4.5 KB, so the eager baseline (which sends every body) counts what a real user's
 * 30 skills would cost, and the baseline report never moves by itself.
 */

const STEP_TEMPLATES: readonly ((topic: string) => string)[] = [
  (t) =>
    `Restate the ${t} task in one sentence and list what is out of scope, so the change stays as wide as asked and no wider.`,
  (t) =>
    `Find every file involved in ${t}: search for the names the task mentions, then read the modules that own them and their tests.`,
  (t) =>
    `Read the routed document for this area (AGENTS.md names it) and note the rules that constrain ${t}; quote the line you rely on.`,
  (t) =>
    `Write or extend a failing test that pins the ${t} behaviour you want, with exact values (cents, counts, messages), before touching the code.`,
  (t) =>
    `Make the smallest change that does ${t} completely. Keep the module's existing style, names and error types; add no dependency without saying why.`,
  () =>
    `Run the module's tests, then the whole suite. A failure you did not expect is information: read it fully before changing anything else.`,
  (t) =>
    `Check the edges of ${t}: empty input, the largest allowed value, a repeated request, and what a user sees when it fails.`,
  (t) =>
    `Update the documentation that describes ${t} (the routed doc, the changelog entry, comments that would now be wrong).`,
  () =>
    `Review your own diff as a reviewer would: unrelated edits, leftover debugging output, names that no longer say what they hold — remove them.`,
  (t) =>
    `If ${t} touches data that already exists (stored rows, cached values, files users keep), write down how old data is handled and test it.`,
  () =>
    `Run the linter and the type checker; fix what they report in the lines you changed, and leave unrelated warnings for a separate change.`,
  (t) =>
    `Report: what changed for ${t}, the commands you ran and their result, and what the user should check by hand before merging.`,
];

const MISTAKES: readonly ((topic: string) => string)[] = [
  (t) => `Changing code before reading its tests — the tests usually say what ${t} is supposed to do.`,
  (t) => `Fixing the symptom in the caller instead of the cause in the module that owns ${t}.`,
  () => "Rounding or converting in several places; do it once, at the boundary, and test that place.",
  (t) => `Leaving the documentation of ${t} describing the old behaviour.`,
  () => "Widening the change: renames, reformatting and drive-by refactors belong in their own commit.",
  () =>
    "Claiming success from a partial run: say which tests ran, and quote the failing line when one fails.",
  (t) =>
    `Hard-coding values that the configuration already holds; ${t} must follow the environment it runs in.`,
  () =>
    "Sleeping to wait for something: wait for the condition itself, with a timeout that says what it waited for.",
];

const CHECKS: readonly ((topic: string) => string)[] = [
  (t) => `The tests that cover ${t} pass, and at least one of them failed before the change.`,
  () => "The full suite passes; lint and types are clean in the changed lines.",
  (t) => `Documentation and changelog say what ${t} does now.`,
  () => "No secrets, personal data or machine paths in code, logs, fixtures or the report.",
  () => "The diff holds only this change; generated files are regenerated, not edited by hand.",
  (t) => `A reviewer can follow ${t} from the description alone: why, what, and how it was checked.`,
];

const pick = <T>(list: readonly T[], count: number, offset: number): T[] =>
  Array.from({ length: count }, (_, k) => list[(offset + k) % list.length]!);

/** What a bundled file of a skill is for, by its path in the skill's folder. */
const BUNDLED_PURPOSE: Record<string, string> = {
  "references/checklist.md": "the checklist above, to copy into a pull request description",
  "references/template.md": "the template to fill in for the result",
  "scripts/check.sh": "a quick local check; run it from the repository root",
  "assets/template.md": "the template for the report or the changelog entry",
};

/**
 * The body of SKILL.md (after its front matter) for the `index`-th skill of a collection, naming
 * the files bundled with it (paths relative to the skill's folder).
 */
export function skillBody(name: string, description: string, index: number, bundled: string[]): string {
  const topic = name.replace(/-/g, " ");
  const steps = 7 + (index % 6);
  const mistakes = 3 + (index % 5);
  const checks = 4 + (index % 3);
  const lines = [
    `# ${name}`,
    "",
    description,
    "",
    "## When to use",
    `- The task is about ${topic}, or the user names this skill.`,
    `- A change elsewhere turns out to need ${topic} (say so before switching).`,
    `- Not for: a one-line fix that needs no ${topic} procedure, or a question answered by reading the code.`,
    "",
    "## Before you start",
    "- Make sure the working tree is clean (`git status`); note what was already modified so you do not mix it in.",
    `- Read the files this skill bundles only when a step below needs them; they are listed at the end.`,
    `- If the task leaves a real decision open (scope, naming, a breaking change to ${topic}), ask once, with the choices.`,
    "",
    "## Steps",
    ...pick(STEP_TEMPLATES, steps, index).map((step, k) => `${k + 1}. ${step(topic)}`),
    "",
    "## Commands",
    "```bash",
    "npm test -- --run            # the whole suite",
    `npm test -- ${name.split("-")[0]}            # just the area you changed`,
    "npm run lint && npm run build # before you report",
    ...(bundled.includes("scripts/check.sh")
      ? [`bash scripts/check.sh         # the skill's own check for ${topic}`]
      : []),
    "```",
    "",
    "## Checks before you report",
    ...pick(CHECKS, checks, index).map((check) => `- [ ] ${check(topic)}`),
    "",
    "## Common mistakes",
    ...pick(MISTAKES, mistakes, index * 3).map((mistake) => `- ${mistake(topic)}`),
    "",
    "## Example",
    `The user asks for a ${topic} change in one module. You read the module and its test, write a failing`,
    `test for the new case, make the change, run that module's tests and then the suite, update the routed`,
    "doc, and report in four lines: what changed, how it was checked, what is left, what to check by hand.",
    "",
    "## Bundled files",
    ...bundled.map(
      (path) => `- \`${path}\` — ${BUNDLED_PURPOSE[path] ?? "a file this skill's steps refer to"}.`,
    ),
  ];
  return lines.join("\n");
}
