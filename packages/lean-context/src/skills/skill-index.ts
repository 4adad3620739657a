/**
 * The skill index: every known skill in Tier 1, within a byte budget, deterministically.
 *
 * Algorithm: skills are sorted by name (code-point order; duplicates by name keep the first).
 * Each trigger description has its whitespace collapsed and is cut to `triggerMaxChars`
 * characters (an ellipsis marks the cut). `- name: trigger` lines are added while the header plus
 * those lines fit `budgetBytes`; the following skills are listed by name only while that list
 * fits `namesBudgetBytes`; any left after that are collapsed into one line pointing at
 * `skill_search`. Nothing is dropped: every skill is either listed or counted behind the search.
 * Pure: same skills and budgets → same bytes.
 */
import { byteLength, type SkillInfo } from "@picasso/protocol";

export interface SkillBudget {
  budgetBytes: number;
  namesBudgetBytes: number;
  triggerMaxChars: number;
}

export interface SkillIndex {
  text: string;
  /** Every known skill name, sorted. */
  names: string[];
  skillsKnown: number;
  withTrigger: number;
  byName: number;
  collapsed: number;
  /** Bytes the index would take with every trigger listed. */
  bytesBefore: number;
  bytesAfter: number;
  overflowed: boolean;
}

const HEADER =
  "# Skills\nWhen a skill's trigger matches the task, load that skill before starting and follow it.";

export function cutTrigger(description: string, maxChars: number): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= maxChars) return flat;
  return `${chars
    .slice(0, Math.max(0, maxChars - 1))
    .join("")
    .trimEnd()}…`;
}

const compareNames = (a: SkillInfo, b: SkillInfo) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function buildSkillIndex(skills: readonly SkillInfo[], budget: SkillBudget): SkillIndex {
  const sorted = [...skills].sort(compareNames).filter((s, i, all) => i === 0 || all[i - 1]!.name !== s.name);
  if (sorted.length === 0)
    return {
      text: "",
      names: [],
      skillsKnown: 0,
      withTrigger: 0,
      byName: 0,
      collapsed: 0,
      bytesBefore: 0,
      bytesAfter: 0,
      overflowed: false,
    };
  const entries = sorted.map((s) => `- ${s.name}: ${cutTrigger(s.description, budget.triggerMaxChars)}`);
  const bytesBefore = byteLength([HEADER, ...entries].join("\n"));

  const lines = [HEADER];
  let used = byteLength(HEADER);
  let i = 0;
  for (; i < entries.length; i++) {
    const add = byteLength(entries[i]!) + 1;
    if (used + add > budget.budgetBytes) break;
    lines.push(entries[i]!);
    used += add;
  }
  const withTrigger = i;
  const names: string[] = [];
  const prefix = "Also available (load by name): ";
  let namesUsed = byteLength(prefix) + 1;
  for (; i < sorted.length; i++) {
    const add = byteLength(sorted[i]!.name) + (names.length > 0 ? 2 : 0);
    if (namesUsed + add > budget.namesBudgetBytes) break;
    names.push(sorted[i]!.name);
    namesUsed += add;
  }
  if (names.length > 0) lines.push(prefix + names.join(", "));
  const collapsed = sorted.length - i;
  if (collapsed > 0)
    lines.push(
      `+${collapsed} more skills not listed: find them with tool_call({name: "skill_search", arguments: {query}}).`,
    );
  const text = lines.join("\n");
  return {
    text,
    names: sorted.map((s) => s.name),
    skillsKnown: sorted.length,
    withTrigger,
    byName: names.length,
    collapsed,
    bytesBefore,
    bytesAfter: byteLength(text),
    overflowed: withTrigger < sorted.length,
  };
}
