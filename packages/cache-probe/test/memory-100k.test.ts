/**
 * Tier 1 stays byte-identical with 100,000 memories (issue 33): the `memory-100k` scenario seeds a
 * real memory.db with 100,000 memories (the user's, this project's, 9 other projects') and runs its
 * turns through the real engine, the official SDK and the mock's simulated cache. Tier 1 — the
 * tools and the system prompt, as the engine built them and as the SDK sent them — is the same
 * bytes on every request, and the same as with no memories and with the `memory` scenario's 110
 * (its first turn, run here); no prefix drop from turn 2 on; the pinned and index lines stay within
 * their budgets, in the first user message, never in Tier 1; recall works at that size. The 100k
 * fixture is built once for the file (one run per provider's rules).
 */
import { canonicalJson, sha256 } from "@picasso/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { readShareFromTurn2 } from "../src/probe-report.js";
import { runScenario, type ScenarioRun } from "../src/run-scenario.js";
import {
  LEDGER_MEMORY,
  MEMORY_100K_COUNT,
  MEMORY_100K_IDS,
  memory100kScenario,
  memoryCorpus,
  memoryScenario,
  OTHER_LEDGER_MEMORY,
  OTHER_PROJECTS,
  type Scenario,
} from "../src/scenarios/index.js";
import { scenarioMemories } from "../src/seed-memories.js";

type Step = ScenarioRun["steps"][number];

/** The pinned lines' and the index lines' budgets (packages/memory/src/memory-facts.ts). */
const PINNED_BUDGET_BYTES = 2048;
const INDEX_BUDGET_BYTES = 1024;

const drops = (run: ScenarioRun) => run.findings.filter((f) => !f.expected);
const tier1 = (step: Step) => canonicalJson({ tools: step.request.tools, system: step.request.system });
/** Tier 1 as the official SDK put it on the wire (Anthropic: `tools` and `system` of the body). */
const wireTier1 = (step: Step) => {
  const body = step.wire as { tools?: unknown; system?: unknown };
  return JSON.stringify([body.tools, body.system]);
};
const firstUserText = (step: Step) =>
  step.request.messages[0]!.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
const toolResults = (run: ScenarioRun): string[] =>
  run.steps
    .at(-1)!
    .request.messages.flatMap((m) => m.content)
    .flatMap((b) => (b.type === "tool_result" ? [typeof b.content === "string" ? b.content : ""] : []));
/** The scenario's first turn only (enough for the first request's Tier 1), under another name. */
const firstTurnOf = (scenario: Scenario, name: string): Scenario => ({
  ...scenario,
  name,
  actions: scenario.actions.slice(0, 1),
});
/** The 100k scenario's workspace and settings with no memory at all. */
const { moreMemories: _, ...withoutCorpus } = memory100kScenario;

describe("memory-100k: Tier 1 with 100,000 memories", { timeout: 180_000 }, () => {
  let run: ScenarioRun;
  let none: ScenarioRun;
  let small: ScenarioRun;
  let logs: string[] = [];
  let ms = 0;

  beforeAll(async () => {
    const start = performance.now();
    run = await runScenario(memory100kScenario, {
      rules: "anthropic",
      inspectLogs: (lines) => {
        logs = lines;
      },
    });
    ms = performance.now() - start;
    // The same workspace and settings with no memory at all, and the `memory` scenario's 110.
    none = await runScenario(firstTurnOf({ ...withoutCorpus, memories: [] }, "memory-0"));
    small = await runScenario(firstTurnOf(memoryScenario, "memory-110"));
    console.log(
      `memory-100k: ${run.seeded.memories} memories seeded in ${run.seeded.ms} ms; the run took ${Math.round(ms)} ms; ` +
        `Tier 1 ${run.baseline.lean.bytes.total} bytes, ${run.tier1Tokens} tokens, hash ${sha256(tier1(run.steps[0]!)).slice(0, 16)}`,
    );
  }, 300_000);

  it("seeds 100,000 memories across the user's scope, this project and other projects", () => {
    const memories = scenarioMemories(memory100kScenario);
    expect(run.seeded.memories).toBe(MEMORY_100K_COUNT);
    expect(memories).toHaveLength(MEMORY_100K_COUNT);
    const count = (scope: string) => memories.filter((m) => m.scope === scope).length;
    expect(count("user")).toBeGreaterThan(9_000);
    expect(count("project")).toBeGreaterThan(40_000);
    expect(count("other")).toBeGreaterThan(40_000);
    expect(
      new Set(memories.flatMap((m) => (m.scope === "other" ? [m.project ?? "another-project-0000"] : []))),
    ).toEqual(new Set(["another-project-0000", ...OTHER_PROJECTS]));
    expect(new Set(memories.map((m) => m.class))).toEqual(
      new Set(["pinned", "preference", "fact", "procedure", "episode"]),
    );
    // Built from a seed: the same corpus on every run.
    expect(canonicalJson(memoryCorpus(500))).toBe(canonicalJson(memoryCorpus(500)));
    // The eager baseline loads every body this workspace reads (user + project), none of the others'.
    expect(run.baseline.eager.system.filter((b) => b.id.startsWith("memory:"))).toHaveLength(
      count("user") + count("project"),
    );
  });

  it("no unexpected drop; every request from turn 2 on reads the cache", () => {
    expect(drops(run)).toEqual([]);
    expect(run.findings).toEqual([]);
    expect(run.steps.length).toBe(10);
    const later = run.steps.filter((s) => s.turn >= 2);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((s) => s.usage.read > 0)).toBe(true);
    expect(readShareFromTurn2(run.steps)).toBeGreaterThan(0.9);
  });

  it("Tier 1 is byte-identical on every request, as built and as sent on the wire", () => {
    expect(new Set(run.steps.map(tier1)).size).toBe(1);
    expect(new Set(run.steps.map(wireTier1)).size).toBe(1);
    expect(wireTier1(run.steps[0]!)).toContain('"name":"recall"');
  });

  it("Tier 1 with 100,000 memories is the same bytes as with none and with 110", () => {
    const first = run.steps[0]!;
    for (const other of [none, small]) {
      expect(drops(other)).toEqual([]);
      expect(tier1(other.steps[0]!)).toBe(tier1(first));
      expect(wireTier1(other.steps[0]!)).toBe(wireTier1(first));
      expect(other.baseline.lean.hash).toBe(run.baseline.lean.hash);
      expect(other.tier1Tokens).toBe(run.tier1Tokens);
    }
    // The three runs really had 0, 110 and 100,000 memories.
    expect([none.seeded.memories, small.seeded.memories, run.seeded.memories]).toEqual([
      0,
      110,
      MEMORY_100K_COUNT,
    ]);
    expect(firstUserText(none.steps[0]!)).not.toContain("<memory-index>");
    expect(firstUserText(small.steps[0]!)).toContain("<memory-index>");
  });

  it("the pinned and index lines stay within their budgets, in the first user message, outside Tier 1", () => {
    const first = run.steps[0]!;
    const facts = firstUserText(first);
    const index = /<memory-index>\n[^\n]*\n([\s\S]*?)\n<\/memory-index>/.exec(facts)?.[1] ?? "";
    const lines = index.split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(Buffer.byteLength(`${index}\n`)).toBeLessThanOrEqual(INDEX_BUDGET_BYTES);
    expect(lines.every((l) => /^m\d+ · \w+ · .+ · (project|user)$/.test(l))).toBe(true);
    expect(lines[0]).toMatch(new RegExp(`^${MEMORY_100K_IDS.indexed} · `));
    const pinned = /Pinned memories:\n((?:- .*\n)*)/.exec(facts)?.[1] ?? "";
    expect(pinned.split("\n").filter(Boolean).length).toBeGreaterThanOrEqual(10);
    expect(Buffer.byteLength(pinned.replace(/^- /gm, ""))).toBeLessThanOrEqual(PINNED_BUDGET_BYTES);
    // Nothing of another project, and nothing of memory in Tier 1 but the two tool schemas.
    expect(facts).not.toContain(OTHER_LEDGER_MEMORY.title);
    expect(facts).not.toContain("other project fact");
    const system = JSON.stringify(first.request.system);
    for (const text of ["memory-index", "Pinned memories", "Never push to main", lines[0]!.split(" · ")[2]!])
      expect(system).not.toContain(text);
  });

  it("recall works at 100,000: by id from the index, a pointer, by query, another project's id not found", () => {
    const indexed = scenarioMemories(memory100kScenario)[Number(MEMORY_100K_IDS.indexed.slice(1)) - 1]!;
    const results = toolResults(run);
    expect(results).toHaveLength(5);
    expect(results[0]).toBe(
      `Remembered ${MEMORY_100K_IDS.remembered} (preference, project): No Friday deploys`,
    );
    expect(results[1]).toContain(`<memory id="${MEMORY_100K_IDS.indexed}" class="${indexed.class}"`);
    expect(results[1]).toContain(`${indexed.body}\n</memory>`);
    expect(results[2]).toContain(`<memory id="${MEMORY_100K_IDS.indexed}"`);
    expect(results[2]).toContain('loaded="earlier"/>');
    // One memory of this project among 100,000 is about the ledger; another project's never comes back.
    expect(results[3]).toBe(
      `<memory id="${MEMORY_100K_IDS.ledger}" class="procedure" scope="project" title="${LEDGER_MEMORY.title}">\n${LEDGER_MEMORY.body}\n</memory>`,
    );
    expect(results[4]).toBe(`No memory has the ids ${MEMORY_100K_IDS.otherProject}.`);
    const loads = logs
      .map((line) => JSON.parse(line))
      .filter((e) => e.type === "tier2_load")
      .map((e) => [e.kind, e.name, e.deduped === true]);
    expect(loads).toEqual([
      ["memory_body", MEMORY_100K_IDS.indexed, false],
      ["memory_body", MEMORY_100K_IDS.indexed, true],
      ["memory_body", MEMORY_100K_IDS.ledger, false],
    ]);
  });
});

describe("memory-100k under OpenAI rules", { timeout: 180_000 }, () => {
  it("no unexpected drop and Tier 1 byte-identical on every request", async () => {
    const result = await runScenario(memory100kScenario, { rules: "openai" });
    expect(result.seeded.memories).toBe(MEMORY_100K_COUNT);
    expect(drops(result)).toEqual([]);
    expect(new Set(result.steps.map(tier1)).size).toBe(1);
    expect(result.steps.slice(1).every((s) => s.usage.read > 0)).toBe(true);
  }, 180_000);
});
