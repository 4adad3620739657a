/**
 * How catalog text and queries become search terms (the same rules on both sides):
 *   1. lower-case; words of one letter and common English words are dropped;
 *   2. a light English stemmer strips plural and verb endings (`folders` → `folder`,
 *      `running` → `run`, `merged` → `merg`… close enough: both sides are stemmed alike);
 *   3. a word that belongs to one of the synonym groups below also yields the group's token, so
 *      "halt the helper" meets "stop a subagent" and "PR" meets "pull request";
 * and before splitting, a few phrasal verbs are rewritten ("get rid of" → delete, "look over" →
 * review). The groups and phrases are generic vocabulary of coding tasks (verbs, abbreviations),
 * not tied to any catalog entry. A word keeps its own stem too, so an exact word still scores
 * above a synonym.
 */

const STOP_WORDS = new Set(
  (
    "a about after again all also an and any are as at be been before but by can could did do does " +
    "for from get got has have here how i if in into is it its just let me my need no not now of on " +
    "or our out over please right should so some than that the their them then there these " +
    "this those to up us use using very want was we were what when where which while who why will " +
    "with would yet you your"
  ).split(" "),
);

/**
 * Synonym groups: words (stemmed) that mean the same in a task. Each group's terms also yield
 * the group's token (`~` + its first word), which no real word can be.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ["delete", "remove", "rid", "erase", "wipe", "purge", "clean", "cleanup", "discard", "drop"],
  ["move", "rename", "relocate"],
  ["stop", "halt", "kill", "terminate", "abort", "shut", "close"],
  ["start", "launch", "spawn", "boot"],
  ["run", "execute", "invoke"],
  ["search", "find", "look", "lookup", "locate", "grep"],
  ["fetch", "download", "retrieve", "scrape"],
  ["send", "tell", "notify", "post", "ping", "announce"],
  ["comment", "note", "remark", "annotate", "feedback"],
  ["show", "display", "present", "preview"],
  ["create", "add", "raise"],
  ["status", "progress", "state"],
  ["screenshot", "capture", "snapshot", "picture"],
  ["click", "press", "tap"],
  ["error", "exception", "failure", "crash"],
  ["slow", "fast", "speed", "performance", "perf", "latency", "cpu"],
  ["release", "ship", "publish"],
  ["upgrade", "bump", "update"],
  ["document", "doc", "documentation", "docs"],
  ["agent", "helper", "teammate", "assistant", "subagent", "worker"],
  ["presentation", "slide", "deck", "pptx"],
  ["spreadsheet", "excel", "xlsx", "sheet"],
  ["diagram", "draw", "chart"],
  ["table", "grid", "column"],
  ["terminal", "console", "repl", "tty", "shell"],
  ["pull", "pr"],
  ["repository", "repo"],
  ["database", "db", "sql"],
  ["environment", "env"],
  ["development", "dev"],
  ["configuration", "config", "setting"],
  ["internet", "web", "online"],
  ["url", "http", "https", "www", "address", "link", "website", "localhost"],
  ["transcript", "conversation", "history"],
  ["decision", "decide", "decid"],
  ["uncommitted", "unsaved", "dirty", "unstaged"],
  ["count", "many", "number"],
  ["dependency", "depend", "dependent"],
];

/**
 * Phrases whose words alone mislead (a phrasal verb means something else than its verb), each
 * rewritten to one word before the text is split into terms.
 */
const PHRASES: readonly [RegExp, string][] = [
  [/\bget(?:ting)? rid of\b/gi, "rid"],
  [/\bclean(?:ing)? up\b/gi, "cleanup"],
  [/\bthrow(?:ing|s)? away\b/gi, "discard"],
  [/\blook(?:ing)? (?:up|for)\b/gi, "lookup"],
  [/\b(?:look|go|read)(?:ing)? (?:over|through)\b/gi, "review"],
  [/\bshut(?:ting)? down\b/gi, "shut"],
  [/\broll(?:ing|ed|s)? out\b/gi, "rollout"],
  [/\broll(?:ing|ed|s)? back\b/gi, "rollback"],
  [/\bside by side\b/gi, "compare"],
  [/\bhow many\b/gi, "many"],
  [/\btakes? \d+ ?(?:ms|s|seconds?|minutes?)\b/gi, "slow"],
  [/\bopen(?:s|ing)? (?:an? )?(?:new )?([\w-]+ )?(ticket|issue|bug|pull request|pr)\b/gi, "create $1$2"],
  [/\b(?:can't|cannot|can not) go on\b/gi, "blocked"],
  [/\bwhere the time goes\b/gi, "slow"],
  [/\blet ((?:[\w-]+ ){1,3})know\b/gi, "tell $1"],
  [/\bask the (?:[\w-]+ )?(?:database|db)\b/gi, "query database"],
  [/\bwhy we (?:chose|picked|went with)\b/gi, "decision"],
  [
    /\bwhere (?:is|are) (?:it|this|that|they)? ?(?:written|explained|documented|described)\b/gi,
    "documentation",
  ],
];

/** The text with misleading phrases rewritten, then split into words. */
export function tokenize(text: string): string[] {
  let out = text;
  for (const [pattern, replacement] of PHRASES) out = out.replace(pattern, replacement);
  return out.split(/[\n\r\p{Z}\p{P}\p{S}]+/u).filter(Boolean);
}

/**
 * Plural and verb endings off, then a final silent `e` and a doubled last consonant, so a word
 * and its forms meet: `flags` → `flag`, `queries` → `query`, `merge`/`merged`/`merging` → `merg`,
 * `run`/`running` → `run`, `stop`/`stopped` → `stop`, `gradually` → `gradual`.
 */
export function stem(word: string): string {
  let t = word;
  if (t.length > 4 && t.endsWith("ies")) t = `${t.slice(0, -3)}y`;
  else if (t.length > 5 && t.endsWith("ing")) t = t.slice(0, -3);
  else if (t.length > 4 && t.endsWith("ed") && !t.endsWith("eed")) t = t.slice(0, -2);
  else if (t.length > 4 && /(ss|x|ch|sh)es$/.test(t)) t = t.slice(0, -2);
  else if (t.length > 3 && t.endsWith("s") && !t.endsWith("ss") && !t.endsWith("us")) t = t.slice(0, -1);
  else if (t.length > 6 && t.endsWith("ly")) t = t.slice(0, -2);
  if (t.length > 4 && t.endsWith("e") && !t.endsWith("ee")) t = t.slice(0, -1);
  if (t.length > 3 && /([b-df-hj-kmnp-rtv-z])\1$/.test(t)) t = t.slice(0, -1);
  return t;
}

/** A synonym group's token for each of its words, by the word and by its stem. */
const CONCEPT = new Map<string, string>();
for (const group of SYNONYMS)
  for (const word of group) {
    CONCEPT.set(word, `~${group[0]}`);
    CONCEPT.set(stem(word), `~${group[0]}`);
  }

/** The search terms of one word: its stem, and its synonym group's name when it has one. */
export function processTerm(term: string): string | string[] | null {
  const t = term.toLowerCase();
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  const stemmed = stem(t);
  const concept = CONCEPT.get(t) ?? CONCEPT.get(stemmed);
  return concept ? [stemmed, concept] : stemmed;
}
