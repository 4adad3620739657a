/**
 * The keyword navigator of the skill activation eval: deterministic, it reads only the Tier-1
 * skill index text, as a model would, and scores each skill's line against the task.
 *
 * Words are lower-cased, split on anything but letters and digits (`orders.csv` gives `orders` and
 * `csv`), stop words dropped, lightly stemmed (plurals, -ing, -ed, -ation) and a few synonyms read as
 * one word (excel, xlsx, workbook → spreadsheet; plot, graph → chart). A task word scores on a
 * line when it equals one of the line's words (1) or shares a stem of at least five letters with
 * one (0.6), weighted by how rare the word is among the index's lines (inverse document frequency,
 * 1 for a word on one line only) and × 1.5 when it is a word of the skill's name; everyday words of
 * programming tasks (test, fix, file…) count a quarter. The best-scoring line is loaded when its score
 * reaches `minScore` (0.7); below it the task is taken to need no skill. Ties go to the earlier line
 * (index order). No clock, no randomness: the same index and task give the same choice.
 */
import type { SkillNavigator } from "./skill-activation-eval.js";

const STOP = new Set(
  (
    "a an the and or but if of to in on at by for from with without into onto over under up out as is are " +
    "be been being was were it its this that these those there here we our us you your i me my he she they them " +
    "their do does did done can could should would will shall may might must not no so than then too very just " +
    "all any some each every one two how what which who whom why where when whenever use used using need needs " +
    "want wants task claude user asked ask please make let get got have has had about such via also other rather " +
    "like something someone anything new give cannot"
  ).split(" "),
);

const SUFFIXES = ["ations", "ation", "ings", "ing", "ies", "es", "ed", "ly", "s", "e"];

/** A word's light stem: the longest of a few endings (plurals, -ing, -ed, -ation, a final e) dropped, keeping four letters. */
export function stem(word: string): string {
  for (const suffix of SUFFIXES)
    if (
      word.endsWith(suffix) &&
      word.length - suffix.length >= 4 &&
      !(suffix === "s" && /(ss|us|is)$/.test(word))
    )
      return suffix === "ies" ? `${word.slice(0, -3)}y` : word.slice(0, -suffix.length);
  return word;
}

/**
 * Words a user says for the same thing (each group's first word stands for all of them): common
 * names of file kinds and their tools, and a few everyday synonyms of the tasks skills cover.
 */
const SYNONYMS: readonly string[][] = [
  ["spreadsheet", "excel", "xlsx", "xls", "workbook", "sheet"],
  ["docx", "word", "doc"],
  ["pptx", "powerpoint", "slide", "deck", "presentation", "keynote"],
  ["chart", "plot", "graph", "figure", "visualisation", "visualization", "histogram", "diagram"],
  ["accessibility", "accessible", "a11y", "wcag", "blind", "keyboard"],
  ["ui", "interface", "screen", "layout"],
  ["csv", "tsv", "parquet", "jsonl", "dataset"],
  ["pr", "diff", "review", "merge"],
  ["client", "sdk", "wrapper"],
  ["slow", "fast", "faster", "speed", "performance"],
  ["regex", "regexp", "pattern"],
  ["image", "picture", "photo", "icon", "favicon", "png", "jpeg", "jpg", "webp", "svg"],
  ["log", "logs"],
  ["container", "docker", "compose"],
  ["outage", "incident", "postmortem", "rca"],
  ["colour", "color"],
  ["analyse", "analyze", "analysis"],
];
/** Words of every programming task: they count a quarter as much, so that "add a unit test" loads no testing skill. */
const GENERIC = new Set(
  "test add fix change update run file code version number function module project bug error issue work"
    .split(" ")
    .map(stem),
);

const CANONICAL = new Map<string, string>();
for (const group of SYNONYMS) for (const word of group) CANONICAL.set(stem(word), stem(group[0]!));

/** The stems of a text's words, stop words left out. */
export function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => {
      const stemmed = stem(w);
      return CANONICAL.get(stemmed) ?? stemmed;
    });
}

interface IndexLine {
  name: string;
  /** Stem → weight on this line (2 for a word of the name, else 1). */
  terms: Map<string, number>;
}

/** The skills of an index text: `- name: trigger` lines and the names of an "Also available" line. */
export function indexLines(text: string): IndexLine[] {
  const lines: IndexLine[] = [];
  const add = (name: string, trigger: string) => {
    const terms = new Map<string, number>();
    for (const w of words(trigger)) terms.set(w, 1);
    for (const w of words(name.replace(/[-_.]/g, " "))) terms.set(w, NAME_WEIGHT);
    lines.push({ name, terms });
  };
  for (const line of text.split("\n")) {
    const entry = /^- ([^:]+): (.*)$/.exec(line);
    if (entry) add(entry[1]!, entry[2]!);
    const byName = /^Also available \(load by name\): (.*)$/.exec(line);
    if (byName) for (const name of byName[1]!.split(", ")) add(name, "");
  }
  return lines;
}

const NAME_WEIGHT = 1.5;

const sharedStem = (a: string, b: string) =>
  a.length >= 5 && b.length >= 5 && (a.startsWith(b) || b.startsWith(a));

export function keywordSkillNavigator(options: { minScore?: number } = {}): SkillNavigator {
  const minScore = options.minScore ?? 0.7;
  return {
    name: "keyword",
    async choose(task, index) {
      const lines = indexLines(index.text);
      const df = new Map<string, number>();
      for (const line of lines) for (const term of line.terms.keys()) df.set(term, (df.get(term) ?? 0) + 1);
      // Normalised so that a word found on one line only weighs 1, however many lines the index has.
      const idf = (term: string) =>
        Math.log((lines.length + 1) / ((df.get(term) ?? 0) + 0.5)) / Math.log((lines.length + 1) / 1.5);
      const taskWords = [...new Set(words(task))];
      let best: { name: string; score: number } | undefined;
      for (const line of lines) {
        let score = 0;
        for (const w of taskWords) {
          let gain = 0;
          for (const [term, weight] of line.terms) {
            const match = term === w ? 1 : sharedStem(term, w) ? 0.6 : 0;
            gain = Math.max(gain, match * weight * idf(term) * (GENERIC.has(w) ? 0.25 : 1));
          }
          score += gain;
        }
        if (!best || score > best.score) best = { name: line.name, score };
      }
      return best && best.score >= minScore ? best.name : undefined;
    },
  };
}
