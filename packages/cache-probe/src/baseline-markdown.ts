/**
 * `reports/lean-context/baseline.md`: the first-turn prefix of the `hello` scenario's realistic
 * setup, then of the bare shop and of the `skills`, `memory`, `memory-100k` and `mcp` workspaces
 * one feature at a time (MCP catalogs listed first, as `picasso mcp refresh` would), the eager baseline beside the
 * lean Tier 1, per category, with the command that regenerates it.
 * The text depends only on the product (composition, tools, sections) and the fixture workspace
 * — no dates, no machine paths — so a test can regenerate it in memory and fail when the
 * committed file is stale.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type FirstTurnBaseline, firstTurnBaseline, type SkillIndexFigures } from "./first-turn-baseline.js";
import { refreshMcpCatalogs } from "./refresh-mcp.js";
import { FIXED_NOW } from "./scenario-driver.js";
import { helloScenario } from "./scenarios/hello.js";
import { mcpScenario } from "./scenarios/mcp.js";
import { memoryScenario } from "./scenarios/memory.js";
import { MEMORY_100K_COUNT, memory100kScenario } from "./scenarios/memory-100k.js";
import type { Scenario, ScenarioFile } from "./scenarios/scenario.js";
import { shopWorkspace } from "./scenarios/shop-workspace.js";
import { skillsScenario } from "./scenarios/skills.js";
import { scenarioMemories, seedMemories } from "./seed-memories.js";

/** The repository's report file, two levels above this package (found through its package.json). */
export const BASELINE_REPORT_PATH = join(
  dirname(createRequire(import.meta.url).resolve("@picasso/cache-probe/package.json")),
  "../../reports/lean-context/baseline.md",
);
export const BASELINE_COMMAND = "npm run build && node apps/cli/dist/main.js probe --write-baseline";

const num = (x: number) => x.toLocaleString("en-US");
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

type Setup = Pick<Scenario, "files" | "homeFiles" | "memories" | "moreMemories" | "memorySpacingMinutes">;

/** A scenario workspace's first-turn baseline, computed in a temporary copy of its files. */
async function scenarioBaseline(scenario: Setup): Promise<FirstTurnBaseline> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-probe-baseline-")));
  const write = (base: string, files: Record<string, ScenarioFile>) => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(base, path)), { recursive: true });
      writeFileSync(join(base, path), content);
    }
  };
  try {
    write(root, scenario.files);
    const home = join(root, ".probe-home");
    mkdirSync(home);
    write(home, scenario.homeFiles ?? {});
    seedMemories(home, root, scenarioMemories(scenario), FIXED_NOW, {
      ...(scenario.memorySpacingMinutes ? { spacingMinutes: scenario.memorySpacingMinutes } : {}),
    });
    await refreshMcpCatalogs(root, home);
    return firstTurnBaseline(root, home);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The `hello` setup's first-turn baseline: 3 MCP servers, 30 skills, 100 memories. */
export const helloBaseline = (): Promise<FirstTurnBaseline> => scenarioBaseline(helloScenario);
/** The bare shop's: no skills, MCP servers or memories. */
export const shopBaseline = (): Promise<FirstTurnBaseline> => scenarioBaseline({ files: shopWorkspace() });
/** The `skills` workspace's: the shop with 10 project and 20 user skills. */
export const skillsBaseline = (): Promise<FirstTurnBaseline> => scenarioBaseline(skillsScenario);
/** The `mcp` workspace's: the shop with three real MCP servers configured. */
export const mcpBaseline = (): Promise<FirstTurnBaseline> => scenarioBaseline(mcpScenario);

/** The `memory` workspace's: the shop with 100 memories (90 of them this workspace's). */
export const memoryBaseline = (): Promise<FirstTurnBaseline> => scenarioBaseline(memoryScenario);
/** The `memory-100k` workspace's: the shop with 100,000 memories (about 55,000 of them this workspace's). */
export const memory100kBaseline = (): Promise<FirstTurnBaseline> => scenarioBaseline(memory100kScenario);

export interface Baselines {
  hello: FirstTurnBaseline;
  shop: FirstTurnBaseline;
  skills: FirstTurnBaseline;
  memory: FirstTurnBaseline;
  memory100k: FirstTurnBaseline;
  mcp: FirstTurnBaseline;
}

export const baselines = async (): Promise<Baselines> => ({
  hello: await helloBaseline(),
  shop: await shopBaseline(),
  skills: await skillsBaseline(),
  memory: await memoryBaseline(),
  memory100k: await memory100kBaseline(),
  mcp: await mcpBaseline(),
});

function table(baseline: FirstTurnBaseline): string[] {
  return [
    "| category | lean bytes | eager bytes | lean tokens | eager tokens |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...baseline.rows.map(
      (r) =>
        `| ${r.category} | ${num(r.leanBytes)} | ${num(r.eagerBytes)} | ${num(r.leanTokens)} | ${num(r.eagerTokens)} |`,
    ),
    `| **total** | **${num(baseline.lean.bytes.total)}** | **${num(baseline.eager.bytes.total)}** | **${num(baseline.rows.reduce((n, r) => n + r.leanTokens, 0))}** | **${num(baseline.rows.reduce((n, r) => n + r.eagerTokens, 0))}** |`,
    "",
    `Reduction: **${pct(baseline.reduction)}** (1 − lean / eager bytes). Lean Tier-1 hash \`${baseline.lean.hash.slice(0, 16)}\`.`,
  ];
}

/** Tier 1 of a baseline split into Picasso's own bytes and the user's content it indexes. */
export interface Tier1Split {
  /** Core tool schemas, gateways and canonical sections: the same for every workspace of a surface. */
  own: number;
  /** The AGENTS.md instruction index (the user's file; target 4 KB, hard cap 8 KB). */
  instructions: number;
  /** The skill index (the user's skills, each with a trigger while they fit; `skills.indexBudgetBytes`). */
  skills: number;
  total: number;
}

export function tier1Split(baseline: FirstTurnBaseline): Tier1Split {
  const lean = (category: string) => baseline.rows.find((r) => r.category === category)?.leanBytes ?? 0;
  const instructions = lean("system: instructions");
  const skills = lean("system: skills");
  const total = baseline.lean.bytes.total;
  return { own: total - instructions - skills, instructions, skills, total };
}

/** How many skill bodies (and their average size) and memories the eager side of a baseline sends. */
function eagerCounts(b: FirstTurnBaseline) {
  const ids = b.eager.system.map((s) => s.id);
  const skillBytes = b.rows.find((r) => r.category === "system: skills")?.eagerBytes ?? 0;
  const skills = ids.filter((id) => id.startsWith("skill:")).length;
  return {
    skills,
    skillAverage: skills ? Math.round(skillBytes / skills) : 0,
    memories: ids.filter((id) => id.startsWith("memory:")).length,
  };
}

/** How many memory bodies the eager side of a baseline sends (those of the workspace's scopes). */
const memoryCount = (b: FirstTurnBaseline) => b.eager.system.filter((s) => s.id.startsWith("memory:")).length;

/** How the skill index lists its skills, for the Tier 1 budget table. */
function triggersSaid(si: SkillIndexFigures): string {
  if (si.withTrigger === si.skills && si.cut === 0) return "every one with its whole trigger";
  if (si.withTrigger === si.skills)
    return `every one with its trigger, ${si.cut} of them cut to ${si.triggerChars} characters`;
  return `${si.withTrigger} with a trigger (cut to ${si.triggerChars} characters), the rest by name`;
}

export function renderBaselineMarkdown(b: Baselines): string {
  const split = tier1Split(b.hello);
  const counts = eagerCounts(b.hello);
  const lines = [
    "# Lean context: first-turn prefix against the eager baseline",
    "",
    `Generated by \`${BASELINE_COMMAND}\` — do not edit by hand; a test in \`packages/cache-probe\` fails when this file is stale.`,
    "",
    "CLI composition (`patches/picasso-ecosystem.patch.yml`). **Lean** is the Tier 1 Picasso sends on every request;",
    "**eager** is the same inputs loaded up front, the way peers load them (every deferred and MCP tool schema in",
    "`tools`, the full instruction files, every skill body and memory body in the system prompt). Bytes: tools as",
    "canonical JSON, system blocks as text. Tokens: o200k estimates.",
    "",
    "## `hello`: a realistic user's setup",
    "",
    "The probe's shop (27 modules, a real-sized `AGENTS.md` with its docs routing table, a `CLAUDE.md` pointer) with",
    "three real MCP servers from npm in `.mcp.json` — `fs` (`@modelcontextprotocol/server-filesystem`), `everything`",
    "(`server-everything`) and `graph` (`server-memory`), their catalogs listed from the running servers —",
    `${counts.skills} skills (10 project, 20 user from \`catalog/eval/skills\`; their SKILL.md bodies average`,
    `${num(counts.skillAverage)} bytes), ${counts.memories} memories of this workspace in \`memory.db\` (5 pinned) and every deferred tool family.`,
    "",
    ...table(b.hello),
    "",
    "### Tier 1 budget",
    "",
    "| part | bytes |",
    "| --- | ---: |",
    `| Picasso's own: core tool schemas, gateways (\`tool_search\`, \`tool_call\`, one \`<server>_call\` per MCP server), canonical sections | ${num(split.own)} |`,
    `| the user's AGENTS.md, as the instruction index (target 4,096, hard cap 8,192) | ${num(split.instructions)} |`,
    `| the user's ${b.hello.skillIndex.skills} skills, as the skill index (budget ${num(b.hello.skillIndex.budgetBytes)}): ${triggersSaid(b.hello.skillIndex)} | ${num(split.skills)} |`,
    `| **Tier 1** | **${num(split.total)}** |`,
    "",
    `The skill index with a trigger for every skill costs ${num(b.hello.skillIndex.bytes)} bytes; the same ${b.hello.skillIndex.skills} skills`,
    `listed by name only, without triggers, would cost ${num(b.hello.skillIndex.namesOnlyBytes)} (+${num(b.hello.skillIndex.bytes - b.hello.skillIndex.namesOnlyBytes)} bytes for the model to know when to load each).`,
    "",
    "Picasso's own part is what the 12 KB target measures: it is the same for every workspace of the CLI except for",
    "one `<server>_call` schema and line per MCP server. The instruction and skill indexes are the user's own text,",
    "bounded by their budgets, written to the cache once and read from it on every later request. Every capability",
    "stays reachable: deferred tools and MCP tools through `tool_search` and `tool_call` or `<server>_call`, skills",
    "through `skill` and `skill_search`, memories through the session facts and `recall`.",
    "",
    "## Feature by feature",
    "",
    "### The bare shop",
    "",
    "The same shop with no skills, MCP servers or memories.",
    "",
    ...table(b.shop),
    "",
    b.shop.reduction < 0.5
      ? "With nothing installed there is little to defer: the saving is the deferred tools' schemas, less the gateways' cost."
      : "Here the saving comes from the deferred tools' schemas and the instruction files' size cap.",
    "",
    "### `skills`: the shop with 30 skills",
    "",
    "The same shop with 10 project skills (`.picasso/skills`, `.claude/skills`) and 20 user skills",
    "(`$PICASSO_HOME/skills`, the Claude folder's `skills/`; 20 of the skill activation eval's collection,",
    "`catalog/eval/skills`). Lean: the skill index (every skill with its trigger, project skills first; over its",
    "budget the rest by name, then behind `skill_search`); eager: every SKILL.md body.",
    "",
    ...table(b.skills),
    "",
    "### `memory`: the shop with 100 memories",
    "",
    `The same shop with ${memoryScenario.memories?.length ?? 0} memories in \`memory.db\`, ${memoryCount(b.memory)} of them this workspace's (its project's and the user's). Lean: no`,
    "memory in Tier 1 — the pinned memories, preferences and index lines are session facts (Tier 2, the first user",
    "message); only the `remember` and `recall` schemas are, whatever the number of memories. Eager: every memory body.",
    "",
    ...table(b.memory),
    "",
    "### `memory-100k`: the shop with 100,000 memories",
    "",
    `The \`memory\` workspace's memories and ${num(MEMORY_100K_COUNT - (memoryScenario.memories?.length ?? 0))} more from a realistic corpus (\`src/scenarios/memory-corpus.ts\`): ${num(MEMORY_100K_COUNT)} in`,
    `\`memory.db\`, ${num(memoryCount(b.memory100k))} of them this workspace's, the rest of 10 other projects. Lean: Tier 1 ${b.memory100k.lean.hash === b.memory.lean.hash && b.memory.lean.hash === b.shop.lean.hash ? "is the same bytes as the bare shop's and the `memory` workspace's" : "**differs** from the bare shop's or the `memory` workspace's"}`,
    "(its hash under the table) — the number of memories never reaches it; `picasso probe --scenario memory-100k` runs a session on it",
    "(`test/memory-100k.test.ts`: every request's Tier 1 identical, the index lines within 1 KB, recall by id and by query).",
    "Eager: every memory body this workspace reads.",
    "",
    ...table(b.memory100k),
    "",
    "### `mcp`: the shop with three MCP servers",
    "",
    "The shop with three real MCP servers in `.mcp.json`: `@modelcontextprotocol/server-filesystem`,",
    "`@modelcontextprotocol/server-everything` and the probe's `notes` server, their catalogs listed from the running",
    "servers. Lean: one `<server>_call` gateway each (the schemas stay in `$PICASSO_HOME/mcp-catalog/`, reached through",
    "`__list__`/`__describe__` and `tool_search`); eager: every tool of every server, as peers send them.",
    "",
    ...table(b.mcp),
    "",
  ];
  return lines.join("\n");
}

export async function writeBaselineReport(path = BASELINE_REPORT_PATH): Promise<string> {
  const text = renderBaselineMarkdown(await baselines());
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}
