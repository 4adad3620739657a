/**
 * A large, realistic memory corpus for the `memory-100k` scenario, built by code from a seed (the
 * same memories, in the same order, on every run): what a user accumulates over a year of work on
 * the shop and other projects — preferences, facts about modules, services and people, procedures,
 * incidents and decisions — from 14 templates over the shop's areas, its tools, 40 people, months
 * and environments.
 *
 * Scopes: 10 % the user's, 45 % this workspace's project, 45 % spread over 9 other projects (never
 * shown to this workspace). About 1 in 1,000 is a preference and 1 in 2,000 pinned: users pin
 * little, so most of them are facts, procedures and episodes. Two memories sit at fixed positions so a scenario can ask for them: `LEDGER_MEMORY`, the
 * only memory of this project about ledger reconciliation (no template uses those words), and its
 * namesake in another project, which recall must never return here.
 */
import type { ScenarioMemory } from "./scenario.js";

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
  "coupons",
  "returns",
  "inventory",
  "emails",
  "payments",
  "wishlist",
];
const TOOLS = [
  "Postgres",
  "Redis",
  "Kafka",
  "Meilisearch",
  "Grafana",
  "Sentry",
  "Playwright",
  "Vitest",
  "Docker",
  "Terraform",
  "Stripe",
  "BullMQ",
];
const PEOPLE = ["Priya", "Marco", "Aiko", "Tom", "Lena", "Sam", "Ines", "Raj"].flatMap((first) =>
  ["Rao", "Bianchi", "Tanaka", "Okafor", "Novak"].map((last) => `${first} ${last}`),
);
const ROLES = ["tech lead", "DBA", "designer", "product manager", "SRE", "support lead"];
const ENVS = ["production", "staging", "preview", "local"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August"];
const MONTHS_LATE = ["September", "October", "November", "December"];
const CAUSES = [
  "a connection pool ran out",
  "a cache key expired under load",
  "a migration locked a table",
  "a certificate expired",
  "a queue backed up",
  "a retry storm hit the API",
];
const FIXES = ["raising the pool size", "a background refresh", "rolling back", "an index", "a rate limit"];

/** Other projects' scope keys (`project:<key>`). */
export const OTHER_PROJECTS = Array.from({ length: 9 }, (_, i) => `other-project-${i + 1}`);

/** mulberry32: a small deterministic generator, so the corpus is the same on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Entry = Pick<ScenarioMemory, "class" | "title" | "body">;

function templates(random: () => number): () => Entry {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  return () => {
    const area = pick(AREAS);
    const tool = pick(TOOLS);
    const person = pick(PEOPLE);
    switch (int(0, 13)) {
      case 0:
        return {
          class: "fact",
          title: `${area} keeps its state in ${tool}`,
          body: `src/shop/${area}.ts reads and writes ${tool}; the connection comes from ${area.toUpperCase()}_${tool.toUpperCase()}_URL.`,
        };
      case 1:
        return {
          class: "procedure",
          title: `Deploying ${area} to ${pick(ENVS)}`,
          body: `Merge to main, wait for the image build, approve the rollout, then watch ${pick(["Grafana", "Sentry"])} for 15 minutes before closing the ticket.`,
        };
      case 2:
        return {
          class: "procedure",
          title: `Running the ${area} tests`,
          body: `npx vitest run test/${area}.test.ts; the integration tests need ${tool} from docker compose up -d.`,
        };
      case 3:
        return {
          class: "fact",
          title: `${person} owns ${area}`,
          body: `${person} is the ${pick(ROLES)} for ${area}; changes to its ${pick(["schema", "API", "alerts", "UI"])} need their review.`,
        };
      case 4:
        return {
          class: "episode",
          title: `${pick(MONTHS)} incident in ${area}`,
          body: `${area} failed in ${pick(ENVS)} because ${pick(CAUSES)}; fixed by ${pick(FIXES)}; the postmortem is in docs/incidents.`,
        };
      case 5:
        return {
          class: "fact",
          title: `${area} alert thresholds`,
          body: `Alerts fire when ${area} p95 latency passes ${int(200, 2000)} ms or errors exceed ${int(1, 5)}% for 5 minutes; they page the on-call.`,
        };
      case 6:
        return {
          class: "fact",
          title: `${area} uses ${tool}`,
          body: `Decided in ${pick(MONTHS)}: ${tool} for ${area} because ${pick(["the team knows it", "it is cheaper to run", "it keeps queries visible", "it scales with load"])}.`,
        };
      case 7:
        return {
          class: "procedure",
          title: `Rolling back ${area}`,
          body: `Revert the merge commit on main and redeploy; ${area} migrations are forward-only, so write a new migration instead of reverting one.`,
        };
      case 8:
        return {
          class: "fact",
          title: `${area} listens on port ${int(3000, 9999)}`,
          body: `${area} serves on that port locally; in ${pick(ENVS)} it sits behind the gateway with TLS.`,
        };
      case 9:
        return {
          class: "episode",
          title: `${person} on ${area}`,
          body: `${person} paired on ${area} in ${pick(MONTHS)}: ${pick(["fixed a flaky test", "sped up a query", "removed a dependency", "wrote the runbook"])}.`,
        };
      case 10:
        return {
          class: "fact",
          title: `${tool} version in ${area}`,
          body: `${area} pins ${tool} ${int(1, 17)}.${int(0, 20)}; upgrades go through ${person}.`,
        };
      case 11:
        return {
          class: "procedure",
          title: `Adding a field to ${area}`,
          body: `Add the column in a migration, the type in src/shop/${area}.ts, a fixture in test/${area}.test.ts, then document it in docs/${area}.md.`,
        };
      case 12:
        return {
          class: "episode",
          title: `${pick(MONTHS_LATE)} review of ${area}`,
          body: `The ${area} review found ${int(2, 9)} slow queries and a missing index; ${person} took the follow-ups.`,
        };
      default:
        return {
          class: random() < 0.5 ? "fact" : "procedure",
          title: `${area} feature flag`,
          body: `New ${area} behaviour ships behind a flag in config/flags.json; remove the flag two releases after it is on everywhere.`,
        };
    }
  };
}

/** The rarer kinds: a pinned rule, a preference. */
function userRules(random: () => number): { pinned: () => Entry; preference: () => Entry } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  return {
    pinned: () => {
      const area = pick(AREAS);
      return {
        class: "pinned",
        title: `Never edit ${area} migrations`,
        body: `Migrations of ${area} already ran in production; add a new one instead.`,
      };
    },
    preference: () =>
      pick<Entry>([
        {
          class: "preference",
          title: `Indentation in ${pick(AREAS)}`,
          body: `Indent with ${pick(["two spaces", "four spaces", "tabs"])}; keep lines under ${pick([80, 100, 120])} characters.`,
        },
        {
          class: "preference",
          title: `Reviews of ${pick(AREAS)} changes`,
          body: `Ask ${pick(PEOPLE)} for review; small pull requests, one concern each.`,
        },
        {
          class: "preference",
          title: "Answer length",
          body: `Keep answers ${pick(["short", "to one screen", "to the point"])}; show the diff before explaining it.`,
        },
      ]),
  };
}

/** The ledger memories' positions (0-based) in a corpus of `count`. */
export function ledgerPositions(count: number): { project: number; other: number } {
  return { project: Math.floor(count * 0.618), other: Math.floor(count * 0.382) };
}

export const LEDGER_MEMORY: Omit<ScenarioMemory, "scope"> = {
  class: "procedure",
  title: "Nightly ledger reconciliation",
  body: "The reconcile-ledger job compares payouts with the bank statement at 02:00 UTC; a mismatch opens an issue for the billing team and holds the next payout run.",
  importance: 4,
};

export const OTHER_LEDGER_MEMORY: Omit<ScenarioMemory, "scope"> = {
  class: "procedure",
  title: "Ledger reconciliation in the warehouse app",
  body: "Not this workspace: the warehouse app reconciles its stock ledger every hour.",
  importance: 5,
};

/** `count` memories, oldest first, from seed `seed`. */
export function memoryCorpus(count: number, seed = 33): ScenarioMemory[] {
  const random = generator(seed);
  const next = templates(random);
  const { pinned, preference } = userRules(random);
  const ledger = ledgerPositions(count);
  const out: ScenarioMemory[] = [];
  for (let i = 0; i < count; i++) {
    if (i === ledger.project) {
      out.push({ ...LEDGER_MEMORY, scope: "project" });
      continue;
    }
    if (i === ledger.other) {
      out.push({ ...OTHER_LEDGER_MEMORY, scope: "other", project: OTHER_PROJECTS[0] });
      continue;
    }
    const entry = next();
    const r = random();
    const where: Pick<ScenarioMemory, "scope" | "project"> =
      r < 0.1
        ? { scope: "user" }
        : r < 0.55
          ? { scope: "project" }
          : { scope: "other", project: OTHER_PROJECTS[Math.floor(random() * OTHER_PROJECTS.length)] };
    const c = random();
    out.push({
      ...(c < 0.0005 ? pinned() : c < 0.0015 ? preference() : entry),
      ...where,
      importance: 1 + Math.floor(random() * 5),
    });
  }
  return out;
}
