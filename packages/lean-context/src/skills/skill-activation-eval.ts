/**
 * The skill activation eval: from the Tier-1 skill index alone, is the right skill loaded first?
 *
 * The index is exactly what the skill index builder renders for the collection (every skill a
 * user skill, default budget: `skills.indexBudgetBytes` and the trigger lengths). A navigator sees
 * that text and the task, and names the one skill to load first — or none. Per case:
 * - a hit — the expected skill loaded first, or nothing loaded when the task needs no skill;
 * - a wrong load — a skill loaded, but not the expected one;
 * - an unneeded load — a skill loaded for a task that needs none;
 * - a miss — nothing loaded where a skill was expected.
 * success@1 is the share of hits; false loads are wrong plus unneeded loads (a skill's body put
 * into the context for nothing), given as a count and as a share of the cases.
 * The keyword navigator (skill-keyword-navigator.ts) is deterministic; a model navigator asks the
 * configured provider with the same index text (apps/cli).
 */
import type { SkillInfo } from "@picasso/protocol";
import { DEFAULT_SETTINGS } from "../composition/settings.js";
import { NO_SKILL, type SkillActivationCase } from "./skill-activation-cases.js";
import { buildSkillIndex, type SkillIndex } from "./skill-index.js";

export interface SkillNavigator {
  readonly name: string;
  /** The skill to load first for `task`, from the index text alone; undefined: none. */
  choose(task: string, index: SkillIndex): Promise<string | undefined>;
}

export type SkillOutcome = "hit" | "wrong" | "unneeded" | "missed";

export interface SkillCaseResult {
  task: string;
  /** The skill(s) any of which is right, or `none`. */
  expect: string[];
  /** The skill loaded first, if any. */
  loaded?: string;
  outcome: SkillOutcome;
}

export interface SkillActivationReport {
  navigator: string;
  cases: number;
  /** Cases that need no skill (`expect: none`). */
  noSkillCases: number;
  skills: number;
  indexBytes: number;
  /** The characters every trigger was cut to in the index. */
  triggerChars: number;
  successAt1: number;
  hits: number;
  /** Wrong plus unneeded loads. */
  falseLoads: number;
  falseLoadRate: number;
  wrongLoads: number;
  unneededLoads: number;
  missed: number;
  results: SkillCaseResult[];
}

/** The Tier-1 skill index of a collection under the default settings (what a session would send). */
export function collectionIndex(skills: readonly SkillInfo[]): SkillIndex {
  return buildSkillIndex(skills, {
    budgetBytes: DEFAULT_SETTINGS["skills.indexBudgetBytes"],
    namesBudgetBytes: DEFAULT_SETTINGS["skills.namesBudgetBytes"],
    triggerMaxChars: DEFAULT_SETTINGS["skills.triggerMaxChars"],
    triggerMinChars: DEFAULT_SETTINGS["skills.triggerMinChars"],
  });
}

/** A navigator's answer as a known skill name: exact (any case, quotes and `none` allowed), else the longest name in its last line. */
export function resolveSkillName(answer: string | undefined, names: readonly string[]): string | undefined {
  if (!answer) return undefined;
  const text = answer
    .trim()
    .replace(/^[`"'*]+|[`"'*.]+$/g, "")
    .toLowerCase();
  if (text === NO_SKILL || text === "") return undefined;
  const exact = names.find((n) => n.toLowerCase() === text);
  if (exact) return exact;
  const last = text.split("\n").at(-1) ?? "";
  const named = names.filter((n) =>
    new RegExp(`(^|[^\\w.-])${n.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w-])`).test(last),
  );
  return named.sort((a, b) => b.length - a.length)[0];
}

const needsNoSkill = (expect: readonly string[]) => expect.length === 1 && expect[0] === NO_SKILL;

function outcomeOf(expect: readonly string[], loaded: string | undefined): SkillOutcome {
  if (needsNoSkill(expect)) return loaded ? "unneeded" : "hit";
  if (!loaded) return "missed";
  return expect.includes(loaded) ? "hit" : "wrong";
}

export async function runSkillActivationEval(
  skills: readonly SkillInfo[],
  cases: readonly SkillActivationCase[],
  navigator: SkillNavigator,
): Promise<SkillActivationReport> {
  const index = collectionIndex(skills);
  const results: SkillCaseResult[] = [];
  for (const c of cases) {
    const loaded = resolveSkillName(await navigator.choose(c.task, index), index.names);
    results.push({
      task: c.task,
      expect: c.expect,
      ...(loaded ? { loaded } : {}),
      outcome: outcomeOf(c.expect, loaded),
    });
  }
  const count = (o: SkillOutcome) => results.filter((r) => r.outcome === o).length;
  const share = (n: number) => (results.length ? n / results.length : 0);
  const falseLoads = count("wrong") + count("unneeded");
  return {
    navigator: navigator.name,
    cases: results.length,
    noSkillCases: cases.filter((c) => needsNoSkill(c.expect)).length,
    skills: index.skillsKnown,
    indexBytes: index.bytesAfter,
    triggerChars: index.triggerChars,
    successAt1: share(count("hit")),
    hits: count("hit"),
    falseLoads,
    falseLoadRate: share(falseLoads),
    wrongLoads: count("wrong"),
    unneededLoads: count("unneeded"),
    missed: count("missed"),
    results,
  };
}
