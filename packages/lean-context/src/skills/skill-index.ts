/**
 * The skill index: every known skill in Tier 1, within a byte budget, deterministically.
 *
 * Each skill's trigger is its description's "when" clause when it has one (`Use when …`,
 * `Use for …`, `When …`: what tells the model to load it; the name already says what it is), else
 * the description, on one line. Algorithm: duplicates by name keep the first; project skills
 * (scope `project`, or none given), then user skills (scope `user`: global ones), each sorted by
 * name (code-point order).
 *   1. Every skill gets a `- name: trigger` line, each trigger cut to the same T characters —
 *      on a word boundary where there is one in reach, else a character (grapheme) boundary, an
 *      ellipsis marking the cut — with T the largest from `triggerMinChars` to `triggerMaxChars`
 *      for which the whole index fits `budgetBytes` (T found by bisection: the bytes grow with T).
 *   2. When not even T = `triggerMinChars` fits, lines at that length are added in that order
 *      (project first) while they fit, room for the names line — at most `namesBudgetBytes` —
 *      reserved first; the skills left are listed by name only (`Also available (load by name):
 *      …`) while that line fits its room, and any left after that are counted in one line
 *      pointing at `skill_search`.
 * Nothing is dropped, and nothing is shortened silently: `triggerChars`, `cut`, `withTrigger`,
 * `byName` and `collapsed` say what the index did (`/context`, `picasso context`). Pure: the same
 * skills and budgets give the same bytes, in whatever order the skills came.
 */
import { byteLength, type SkillInfo } from "@picasso/protocol";

export interface SkillBudget {
  budgetBytes: number;
  namesBudgetBytes: number;
  triggerMaxChars: number;
  /** The shortest a trigger is cut to before skills lose theirs (default 32). */
  triggerMinChars?: number;
}

export interface SkillIndex {
  text: string;
  /** Every known skill name, sorted. */
  names: string[];
  skillsKnown: number;
  withTrigger: number;
  /** The characters every trigger was cut to (0: no skill has a trigger line). */
  triggerChars: number;
  /** Triggers shorter than their whole clause. */
  cut: number;
  byName: number;
  collapsed: number;
  /** Bytes the index would take with every trigger listed. */
  bytesBefore: number;
  /** Bytes the index would take listing every skill by name only, without triggers (for comparison). */
  namesOnlyBytes: number;
  bytesAfter: number;
  overflowed: boolean;
}

const HEADER =
  "# Skills\nWhen a skill's trigger matches the task, load it with skill({name}) before starting and follow it.";

/** Made on first use: making a segmenter loads ICU's break-iterator data (~10 ms at start-up). */
let segmenter: Intl.Segmenter | undefined;
/** Printable ASCII: every character is a grapheme of its own, whatever stands beside it. */
const PLAIN = /^[\x20-\x7e]*$/;

/** `text` split into graphemes (user-perceived characters). */
function graphemesOf(text: string): string[] {
  if (PLAIN.test(text)) return text.split("");
  segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

const WHEN =
  /(?:^|[.;!?]\s+|\s[—–-]\s)((?:Use (?:this skill |it )?(?:when|for|to|if)|When|Whenever)\b[\s\S]*)$/;

/** What tells the model to load the skill: its description's "when" clause, else all of it, on one line. */
export function triggerOf(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const when = WHEN.exec(flat)?.[1];
  return when && when.length >= 12 ? when : flat;
}

/**
 * `text` (on one line) cut to `maxChars` characters (graphemes) with an ellipsis: at the last
 * space within reach when it keeps at least two thirds of them, else at a character boundary.
 */
export function cutTrigger(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = graphemesOf(flat);
  if (chars.length <= maxChars) return flat;
  const kept = chars.slice(0, Math.max(0, maxChars - 1));
  const space = kept.lastIndexOf(" ");
  const word = space >= Math.ceil((maxChars * 2) / 3) ? kept.slice(0, space) : kept;
  return `${word.join("").replace(/[\s,;:.—–-]+$/, "")}…`;
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

const indexBytes = (lines: readonly string[]) => byteLength([HEADER, ...lines].join("\n"));

export function buildSkillIndex(skills: readonly SkillInfo[], budget: SkillBudget): SkillIndex {
  const { project, user } = orderSkills(skills);
  const sorted = [...project, ...user];
  const empty = { withTrigger: 0, triggerChars: 0, cut: 0, byName: 0, collapsed: 0 };
  if (sorted.length === 0)
    return {
      text: "",
      names: [],
      skillsKnown: 0,
      ...empty,
      bytesBefore: 0,
      namesOnlyBytes: 0,
      bytesAfter: 0,
      overflowed: false,
    };
  const triggers = sorted.map((s) => triggerOf(s.description));
  const lengths = triggers.map((t) => graphemesOf(t).length);
  const linesAt = (chars: number) => sorted.map((s, i) => `- ${s.name}: ${cutTrigger(triggers[i]!, chars)}`);
  const cutAt = (chars: number, count = sorted.length) =>
    lengths.slice(0, count).filter((n) => n > chars).length;
  const bytesBefore = indexBytes(linesAt(Number.MAX_SAFE_INTEGER));
  const max = budget.triggerMaxChars;
  const min = Math.min(budget.triggerMinChars ?? 32, max);
  const names = sorted.map((s) => s.name).sort();
  const namesOnlyBytes = indexBytes([NAMES_PREFIX + sorted.map((s) => s.name).join(", ")]);
  const done = (
    lines: string[],
    rest: Omit<
      SkillIndex,
      "text" | "names" | "skillsKnown" | "bytesBefore" | "namesOnlyBytes" | "bytesAfter"
    >,
  ) => {
    const text = [HEADER, ...lines].join("\n");
    const bytesAfter = byteLength(text);
    return { text, names, skillsKnown: sorted.length, bytesBefore, namesOnlyBytes, bytesAfter, ...rest };
  };

  // 1. Every skill with a trigger, at the longest common length that fits.
  if (indexBytes(linesAt(min)) <= budget.budgetBytes) {
    let low = min;
    let high = max;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (indexBytes(linesAt(mid)) <= budget.budgetBytes) low = mid;
      else high = mid - 1;
    }
    return done(linesAt(low), {
      withTrigger: sorted.length,
      triggerChars: low,
      cut: cutAt(low),
      byName: 0,
      collapsed: 0,
      overflowed: false,
    });
  }

  // 2. Lines at the shortest length while they fit (room reserved for the names line), then names.
  const entries = linesAt(min);
  const namesLine = (left: readonly SkillInfo[]) => NAMES_PREFIX + left.map((s) => s.name).join(", ");
  let fit = fitting(entries, budget.budgetBytes);
  const reserve = Math.min(budget.namesBudgetBytes, byteLength(namesLine(sorted.slice(fit.count))) + 1);
  fit = fitting(entries, budget.budgetBytes - reserve);
  const lines = entries.slice(0, fit.count);
  const rest = sorted.slice(fit.count);
  const room = Math.min(budget.namesBudgetBytes, budget.budgetBytes - fit.bytes);
  const allNames = byteLength(namesLine(rest)) + 1;
  const listed: string[] = [];
  const limit = allNames <= room ? room : room - (byteLength(collapseLine(rest.length)) + 1);
  let used = byteLength(NAMES_PREFIX) + 1;
  for (const skill of rest) {
    const add = byteLength(skill.name) + (listed.length > 0 ? 2 : 0);
    if (used + add > limit) break;
    listed.push(skill.name);
    used += add;
  }
  if (listed.length > 0) lines.push(NAMES_PREFIX + listed.join(", "));
  const collapsed = rest.length - listed.length;
  if (collapsed > 0) lines.push(collapseLine(collapsed));
  return done(lines, {
    withTrigger: fit.count,
    triggerChars: fit.count > 0 ? min : 0,
    cut: cutAt(min, fit.count),
    byName: listed.length,
    collapsed,
    overflowed: true,
  });
}
