/**
 * The marathon, in the 60-turn cut `npm test` runs (`marathon-short`; the 300-turn one runs in
 * `npm run bench`): on the realistic setup, under Anthropic and OpenAI rules — at least 3
 * automatic compactions, each checked by `checkCompaction` (the summary and its span id; the
 * protected block with the session facts, the memory pinned on turn 1, the open todo list as
 * written, the mode), the block's bytes the same for the same state; Tier-2 bytes open in
 * context never above the scenario's budget, with collapse notices; 0 unexpected drops (Tier 1 read after each compaction included);
 * ≥ 95% of input tokens from turn 2 on read from cache; Tier-2 loads of every kind before and after compactions; outputs needed
 * again after they were compacted away, with their original bytes from the log, and read back
 * byte-identical with `history_read` by the id the summary lists; and requests
 * after 16-call steps (33 blocks, past the 20-block lookback).
 *
 * The lookback proof: the same scenario with the breakpoint where the lane's previous request
 * ended removed from every request (request-builder.ts's breakpoint 2) — a request rewrite on its
 * way to the provider (`mutate`), the product untouched — goes through the official SDK to the
 * mock, whose simulated cache looks back 20 blocks from the remaining breakpoints: exactly the
 * requests after the wide steps read only Tier 1, and the probe reports them.
 */
import { StrictLogEventSchema } from "@picasso/protocol/schemas";
import { beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../src/drop-check.js";
import {
  checkCompaction,
  historyReads,
  type LoggedEvent,
  marathonCompactions,
  protectedBlockAfter,
  recalledOutputs,
  tier2Loads,
  tier2OpenPerRequest,
  wideRequests,
} from "../src/marathon-facts.js";
import type { RequestMutation } from "../src/probe-recorder.js";
import { readShareFromTurn2 } from "../src/probe-report.js";
import type { ProviderRules } from "../src/probe-step.js";
import { runScenario, type ScenarioRun } from "../src/run-scenario.js";
import { MARATHON_PIN, MARATHON_TIER2_BUDGET, marathonPlan, WIDE_CALLS } from "../src/scenarios/marathon.js";
import { turns } from "../src/scenarios/scenario.js";

const plan = marathonPlan(60, "marathon-short");
const seededPinned = (plan.scenario.memories ?? []).filter((m) => m.class === "pinned").map((m) => m.title);
const drops = (run: ScenarioRun) => run.findings.filter((f) => !f.expected);

/** request-builder.ts's breakpoint 2 taken out: only the end of Tier 1 and the newest message keep one. */
const withoutPreviousEnd: RequestMutation = (request) => {
  const newest = request.messages.length - 1;
  request.cacheBreakpoints = request.cacheBreakpoints.filter(
    (b) => b.segment !== "message" || b.index === newest,
  );
  return request;
};

async function marathon(rules: ProviderRules, mutate?: RequestMutation) {
  let events: LoggedEvent[] = [];
  let logLines: readonly string[] = [];
  const run = await runScenario(plan.scenario, {
    rules,
    minCacheable: 1024,
    ...(mutate ? { mutate } : {}),
    inspectLogs: (lines) => {
      logLines = lines;
      events = lines.map((line) => JSON.parse(line) as LoggedEvent);
    },
  });
  return { run, events, logLines };
}

// 60 turns, ~140 requests, three real MCP servers: room for a loaded 2-core machine.
const TIMEOUT = 300_000;

describe.each(["anthropic", "openai"] as const)("marathon-short under %s rules", (rules) => {
  let result: Awaited<ReturnType<typeof marathon>>;
  beforeAll(async () => {
    result = await marathon(rules);
  }, TIMEOUT);

  it("60 turns with at least 3 automatic compactions, each keeping what the scenario needs", () => {
    const { run, events } = result;
    expect(turns(plan.scenario)).toBe(60);
    expect(Math.max(...run.steps.map((s) => s.turn))).toBe(60);
    const compactions = marathonCompactions(run, events, seededPinned);
    expect(compactions.length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.type === "compaction").every((e) => e.trigger === "auto")).toBe(true);
    for (const c of compactions) expect(checkCompaction(c, { pinnedTitle: MARATHON_PIN.title })).toEqual([]);
    // The todo list opened on turn 2 was open at every compaction (checkCompaction), as one of the
    // lists the scenario wrote, and it moved on between compactions.
    expect(plan.todoWrites[0]!.turn).toBe(2);
    const written = plan.todoWrites.map((w) => JSON.stringify(w.todos));
    for (const c of compactions) expect(written).toContain(JSON.stringify(c.state.todos));
    expect(new Set(compactions.map((c) => JSON.stringify(c.state.todos))).size).toBeGreaterThan(1);
  });

  it("the protected block after each compaction: the same bytes for the same state, other bytes for another", () => {
    const { run, events } = result;
    const compactions = marathonCompactions(run, events, seededPinned);
    const byState = new Map<string, Set<string>>();
    for (const c of compactions) {
      const key = JSON.stringify(c.state);
      const blocks = byState.get(key) ?? new Set<string>();
      blocks.add(protectedBlockAfter(c)!);
      byState.set(key, blocks);
    }
    for (const blocks of byState.values()) expect(blocks.size).toBe(1);
    // Some compactions share a state (the list is rewritten every 10 turns), some do not.
    expect(byState.size).toBeLessThan(compactions.length);
    const distinct = new Set(compactions.map((c) => protectedBlockAfter(c)));
    expect(distinct.size).toBe(byState.size);
  });

  it(`Tier-2 bytes open in context never above the budget (${MARATHON_TIER2_BUDGET} bytes), with collapses along the way`, () => {
    const { run, events, logLines } = result;
    const open = tier2OpenPerRequest(run.steps, logLines);
    expect(open.length).toBeGreaterThan(100);
    expect(open.filter((r) => r.open > MARATHON_TIER2_BUDGET)).toEqual([]);
    expect(Math.max(...open.map((r) => r.open))).toBeGreaterThan(0);
    const collapses = events.filter((e) => e.type === "message" && e.reminder === "tier2-budget");
    expect(collapses.length).toBeGreaterThanOrEqual(1);
  });

  it("0 unexpected drops and ≥ 95% of input tokens read from cache from turn 2 on", () => {
    const { run } = result;
    expect(drops(run)).toEqual([]);
    expect(run.findings.filter((f) => f.expected).every((f) => f.kind === "compaction")).toBe(true);
    const share = readShareFromTurn2(run.steps);
    console.log(
      `marathon-short, ${rules} rules, 1024 minimum: read share from turn 2 = ${(share * 100).toFixed(1)}%`,
    );
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it("Tier-2 loads of every kind, before the first compaction and after one", () => {
    const { run, events } = result;
    const loads = tier2Loads(events);
    const first = marathonCompactions(run, events, seededPinned)[0]!;
    for (const kind of ["deferred_schema", "mcp_catalog", "skill_body", "memory_body"]) {
      expect(loads.some((l) => l.kind === kind && l.seq < first.seq)).toBe(true);
      expect(loads.some((l) => l.kind === kind && l.seq > first.seq)).toBe(true);
    }
    // The three MCP servers were reached through their gateways.
    const gateways = new Set(events.filter((e) => e.type === "tool_call").map((e) => String(e.name)));
    for (const name of [
      "fs_call",
      "everything_call",
      "tool_search",
      "tool_call",
      "skill",
      "recall",
      "remember",
    ])
      expect(gateways).toContain(name);
  });

  it("outputs needed again after a compaction removed them: their original bytes are in the log", () => {
    const { run, events } = result;
    const recalled = recalledOutputs(plan, run, events);
    const afterCompaction = recalled.filter((r) => r.compactedBefore);
    expect(afterCompaction.length).toBeGreaterThanOrEqual(3);
    for (const r of afterCompaction) {
      expect(r.original.bytes).toBeGreaterThan(500);
      // Today the model gets it back by reading the unchanged file again: the same bytes.
      expect(r.again.content).toBe(r.original.content);
      expect(r.again.toolUseId).not.toBe(r.original.toolUseId);
    }
  });

  it("outputs a compaction removed, read back with history_read by the id its summary lists: byte-identical", () => {
    const { events } = result;
    const recalled = historyReads(events).filter((r) => r.page !== undefined);
    expect(recalled.length).toBeGreaterThanOrEqual(3);
    for (const r of recalled) {
      expect(r.id).toMatch(/^(toolu|call)_mock_\w+$/);
      expect(r.original).toBeDefined();
      expect(r.page).toBe(r.original);
    }
  });

  it(`requests after ${WIDE_CALLS}-call steps: past the lookback window, and read their predecessor's whole prefix`, () => {
    const { run } = result;
    const wide = wideRequests(plan, run.steps);
    expect(wide.length).toBeGreaterThanOrEqual(1);
    for (const step of wide) {
      const before = run.steps[step.n - 2]!;
      expect(step.fingerprint.blocks - before.fingerprint.blocks).toBeGreaterThanOrEqual(2 * WIDE_CALLS + 1);
      expect(step.usage.read).toBeGreaterThan(run.tier1Tokens);
    }
  });

  it("every logged line is schema v2 exactly as declared", () => {
    const { events } = result;
    expect(events.length).toBeGreaterThan(500);
    expect(events.filter((e) => !StrictLogEventSchema.safeParse(e).success)).toEqual([]);
  });
});

describe("the lookback proof: without the breakpoint where the previous request ended", () => {
  it(
    "the requests after the wide steps read only Tier 1 and are reported as drops; nothing else is",
    async () => {
      const { run } = await marathon("anthropic", withoutPreviousEnd);
      const wide = wideRequests(plan, run.steps);
      expect(wide.length).toBeGreaterThanOrEqual(1);
      const found = drops(run);
      const at = (kind: Finding["kind"]) => found.filter((f) => f.kind === kind).map((f) => f.n);
      for (const step of wide) {
        expect(at("lookback")).toContain(step.n);
        expect(at("cache-shortfall")).toContain(step.n);
        expect(step.usage.read).toBe(run.tier1Tokens);
      }
      // Every request that grew by fewer than 20 blocks still found its predecessor's entry.
      expect(new Set(found.map((f) => f.n))).toEqual(new Set(wide.map((s) => s.n)));
    },
    TIMEOUT,
  );
});
