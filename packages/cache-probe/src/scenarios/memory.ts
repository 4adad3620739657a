/**
 * `memory`: the shop workspace with 100 memories in the probe's `memory.db` — 2 pinned, 3
 * preferences, and 95 facts, procedures and episodes of the user's and this project's scopes
 * (with 10 more of another project, never shown). Tier 1 carries only the `remember`/`recall`
 * schemas, whatever the number of memories; the pinned memories and preferences are inline in the
 * session facts and the rest are index lines (≤ 1 KB) — the first user-role message, Tier 2. The
 * turns: remember a new preference; recall an indexed memory by id (its body is appended);
 * recall it again (a pointer); recall by query.
 */
import { calls, type Scenario, type ScenarioMemory, say, tool, turn } from "./scenario.js";
import { shopWorkspace } from "./shop-workspace.js";

const AREAS = [
  "cart",
  "checkout",
  "pricing",
  "invoices",
  "search",
  "accounts",
  "shipping",
  "catalog",
  "reviews",
  "admin",
];
const KINDS = ["fact", "procedure", "episode"] as const;

function memories(): ScenarioMemory[] {
  const out: ScenarioMemory[] = [
    {
      class: "pinned",
      title: "Never push to main",
      body: "Open a pull request; main is protected and deploys on merge.",
      scope: "project",
      importance: 5,
    },
    {
      class: "pinned",
      title: "Money in cents",
      body: "Amounts are integer cents everywhere; never floats.",
      scope: "project",
      importance: 5,
    },
    {
      class: "preference",
      title: "Answer style",
      body: "Short answers, then the diff; no apologies.",
      scope: "user",
      importance: 4,
    },
    {
      class: "preference",
      title: "Test runner",
      body: "Run one package's tests while iterating; the whole suite before a commit.",
      scope: "user",
      importance: 3,
    },
    {
      class: "preference",
      title: "Commit messages",
      body: "Imperative mood, one line under 72 characters, a body when the why is not obvious.",
      scope: "user",
      importance: 3,
    },
  ];
  for (let i = 0; i < 95; i++) {
    const area = AREAS[i % AREAS.length] ?? "cart";
    const kind = KINDS[i % KINDS.length] ?? "fact";
    out.push({
      class: kind,
      title: `${area} ${kind} ${i}: ${kind === "procedure" ? "how to change" : kind === "episode" ? "what happened in" : "how it works in"} src/shop/${area}.ts`,
      body:
        kind === "procedure"
          ? `To change ${area}: read src/shop/${area}.ts and its test, make the change, run npm test -- ${area}, update docs/${area}.md. Step ${i}.`
          : kind === "episode"
            ? `Session ${i}: a bug in ${area} came from rounding before summing; fixed by summing cents first, test added in test/${area}.test.ts.`
            : `The ${area} module keeps its state in src/shop/${area}.ts; ${area} totals are integer cents and rounding happens once, at display (note ${i}).`,
      scope: i % 4 === 0 ? "user" : "project",
      importance: (i % 5) + 1,
    });
  }
  for (let i = 0; i < 10; i++)
    out.push({
      class: "fact",
      title: `other project fact ${i}`,
      body: `Not this workspace (${i}).`,
      scope: "other",
      importance: 5,
    });
  return out;
}

export const memoryScenario: Scenario = {
  name: "memory",
  description:
    "100 memories: pinned and preferences inline and index lines in the session facts (Tier 2), remember, recall by id, the same recall again (a pointer), recall by query",
  files: shopWorkspace(),
  memories: memories(),
  actions: [
    turn(
      "remember a preference",
      "From now on show prices with the € sign after the amount.",
      calls(
        "Saving that as a project preference.",
        tool("remember", {
          title: "Price format",
          body: "Show prices with two decimals and the € sign after the amount, e.g. 12,50 €.",
          class: "preference",
          importance: 4,
        }),
      ),
      say("Noted: prices as 12,50 € from now on."),
    ),
    turn(
      "recall an indexed memory by id",
      "How do I change search?",
      calls("The memory index lists a search procedure; loading it.", tool("recall", { ids: ["m100"] })),
      say("Read src/shop/search.ts and its test, change it, run the search tests, update the docs."),
    ),
    turn(
      "the same recall again: a pointer",
      "Remind me of the search steps.",
      calls("Loading the search procedure again.", tool("recall", { ids: ["m100"] })),
      say("Unchanged: read, change, test, document."),
    ),
    turn(
      "recall by query",
      "Why do we round only at display?",
      calls("Searching memory.", tool("recall", { query: "rounding cents display", limit: 3 })),
      say(
        "Totals are summed in integer cents and rounded once, at display; a past bug came from rounding first.",
      ),
    ),
  ],
};
