/**
 * The skill index: every known skill in Tier 1, within a byte budget, deterministically.
 *
 * Algorithm: duplicates by name keep the first; project skills (scope `project`, or none given)
 * and user skills (scope `user`: global ones) are each sorted by name (code-point order). Each
 * project skill's trigger description has its whitespace collapsed and is cut to
 * `triggerMaxChars` characters — on a character (grapheme) boundary, an ellipsis marking the cut.
 * The whole index (header, lines, names, the collapse line) stays within `budgetBytes`:
 *   1. `- name: trigger` lines of project skills are added while they fit; if any skill is left
 *      over (a project skill that did not fit, or any user skill), room for the names line —
 *      at most `namesBudgetBytes` — is reserved first and the lines are fitted again;
 *   2. the left-over project skills, then the user skills, are listed by name only
 *      (`Also available (load by name): …`) while that line fits its room;
 *   3. any left after that are counted in one line pointing at `skill_search`.
 * Nothing is dropped: every skill is listed or counted behind the search. Pure: the same skills
 * and budgets give the same bytes, in whatever order the skills came.
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
  "# Skills\nWhen a skill's trigger matches the task, load it with skill({name}) before starting and follow it.";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** The description on one line, cut to `maxChars` characters (graphemes) with an ellipsis. */
export function cutTrigger(description: string, maxChars: number): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const chars = Array.from(graphemes.segment(flat), (s) => s.segment);
  if (chars.length <= maxChars) return flat;
  return `${chars
    .slice(0, Math.max(0, maxChars - 1))
    .join("")
    .trimEnd()}…`;
}

const compareNames = (a: SkillInfo, b: SkillInfo) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Project skills, then user skills, each sorted by name; a repeated name keeps its first. */
export function orderSkills(skills: readonly SkillInfo[]): { project: SkillInfo[]; user: SkillInfo[] } {
  const seen = new Set<string>();
  const unique = skills.filter((s) => !seen.has(s.name) && seen.add(s.name));
  return {
    project: unique.filter((s) => s.scope !== "user").sort(compareNames),
    user: unique.filter((s) => s.scope === "user").sort(compareNames),
  };
}

const NAMES_PREFIX = "Also available (load by name): ";

function collapseLine(count: number): string {
  return `+${count} more skills not listed: find them with tool_call({name: "skill_search", arguments: {query}}).`;
}

/** How many of `lines` fit after the header within `limit` bytes (each adds a newline). */
function fitting(lines: readonly string[], limit: number): { count: number; bytes: number } {
  let bytes = byteLength(HEADER);
  let count = 0;
  for (const line of lines) {
    const add = byteLength(line) + 1;
    if (bytes + add > limit) break;
    bytes += add;
    count += 1;
  }
  return { count, bytes };
}

export function buildSkillIndex(skills: readonly SkillInfo[], budget: SkillBudget): SkillIndex {
  const { project, user } = orderSkills(skills);
  const sorted = [...project, ...user];
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
  const entries = project.map((s) => `- ${s.name}: ${cutTrigger(s.description, budget.triggerMaxChars)}`);
  const namesLine = (names: readonly SkillInfo[]) => NAMES_PREFIX + names.map((s) => s.name).join(", ");
  const bytesBefore = byteLength(
    [HEADER, ...entries, ...(user.length > 0 ? [namesLine(user)] : [])].join("\n"),
  );

  // Trigger lines first; when some skills are left for the names line, its room is reserved.
  let triggers = fitting(entries, budget.budgetBytes);
  if (triggers.count < project.length || user.length > 0) {
    const rest = [...project.slice(triggers.count), ...user];
    const reserve = Math.min(budget.namesBudgetBytes, byteLength(namesLine(rest)) + 1);
    triggers = fitting(entries, budget.budgetBytes - reserve);
  }
  const lines = [HEADER, ...entries.slice(0, triggers.count)];
  const rest = [...project.slice(triggers.count), ...user];
  const room = Math.min(budget.namesBudgetBytes, budget.budgetBytes - triggers.bytes);
  const allNames = byteLength(namesLine(rest)) + 1;
  const names: string[] = [];
  if (rest.length > 0) {
    const limit = allNames <= room ? room : room - (byteLength(collapseLine(rest.length)) + 1);
    let used = byteLength(NAMES_PREFIX) + 1;
    for (const skill of rest) {
      const add = byteLength(skill.name) + (names.length > 0 ? 2 : 0);
      if (used + add > limit) break;
      names.push(skill.name);
      used += add;
    }
  }
  if (names.length > 0) lines.push(NAMES_PREFIX + names.join(", "));
  const collapsed = rest.length - names.length;
  if (collapsed > 0) lines.push(collapseLine(collapsed));
  const text = lines.join("\n");
  return {
    text,
    names: sorted.map((s) => s.name).sort(),
    skillsKnown: sorted.length,
    withTrigger: triggers.count,
    byName: names.length,
    collapsed,
    bytesBefore,
    bytesAfter: byteLength(text),
    overflowed: triggers.count < project.length || collapsed > 0,
  };
}
