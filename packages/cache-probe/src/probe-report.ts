/**
 * The probe's report: per-step rows, drops and expected misses, the cache read share, the cost
 * in input-token equivalents, and the first-turn prefix against the eager baseline.
 *
 * - `cacheReadShare`: tokens read from cache over all input tokens, for requests of turn 2 on
 *   (turn 1 can only write); `cacheReadShareAll` over every request.
 * - `costInputEquivalents`: input tokens weighted by price relative to an uncached input token.
 *   Anthropic: read 0.1, write 1.25 (5-minute entries), uncached 1. OpenAI: cached 0.1 (GPT-5
 *   family pricing; older models bill cached tokens at 0.5), uncached 1, writes free.
 *   `costWithoutCache` is the same input with no caching at all.
 * - `scenarios`: per scenario its requests, drops, read share, the memories seeded before it and
 *   its Tier-1 hash (the same hash across scenarios shows Tier 1 did not move with their setup).
 * - `firstTurn`: Tier-1 bytes of the first request (tools as canonical JSON + system texts)
 *   against the eager baseline's, and the reduction (1 − lean / eager).
 */
import { canonicalJson, sha256 } from "@picasso/protocol";
import type { Finding } from "./drop-check.js";
import { inputTokens, type ProbeStep } from "./probe-step.js";
import { prefixBytes } from "./request-fingerprint.js";
import type { ScenarioRun } from "./run-scenario.js";

export interface StepRow {
  scenario: string;
  n: number;
  lane: string;
  turn: number;
  step: number;
  purpose: "step" | "compaction";
  mode: string;
  label?: string;
  messages: number;
  blocks: number;
  bytesSent: number;
  read: number;
  write: number;
  uncached: number;
  readShare: number;
}

export interface ScenarioSummary {
  scenario: string;
  requests: number;
  drops: number;
  expectedMisses: number;
  cacheReadShare: number;
  /** Memories in memory.db when the session opened, and the ms writing them took. */
  memories: { count: number; seedMs: number };
  /** sha256 of the first request's Tier 1 (canonical tools + system): equal across scenarios of one setup. */
  tier1Hash: string;
}

export interface ProbeReport {
  rules: string;
  minCacheable: number;
  model: string;
  live: boolean;
  scenarios: ScenarioSummary[];
  steps: StepRow[];
  drops: (Finding & { scenario: string })[];
  expectedMisses: (Finding & { scenario: string })[];
  cacheReadShare: number;
  cacheReadShareAll: number;
  tokens: { read: number; write: number; uncached: number; input: number };
  costInputEquivalents: number;
  costWithoutCache: number;
  firstTurn: {
    scenario: string;
    bytes: number;
    baselineBytes: number;
    reduction: number;
    tier1Tokens: number;
    tier1Hash: string;
  };
}

const PRICES = {
  anthropic: { read: 0.1, write: 1.25, uncached: 1 },
  openai: { read: 0.1, write: 1, uncached: 1 },
} as const;

const share = (read: number, input: number) => (input > 0 ? read / input : 0);

function row(scenario: string, s: ProbeStep): StepRow {
  return {
    scenario,
    n: s.n,
    lane: s.lane,
    turn: s.turn,
    step: s.step,
    purpose: s.purpose,
    mode: s.mode,
    ...(s.label ? { label: s.label } : {}),
    messages: s.request.messages.length,
    blocks: s.fingerprint.blocks,
    bytesSent: s.fingerprint.bytes.total,
    read: s.usage.read,
    write: s.usage.write,
    uncached: s.usage.uncached,
    readShare: share(s.usage.read, inputTokens(s.usage)),
  };
}

function sum(steps: readonly ProbeStep[], pick: (s: ProbeStep) => number): number {
  return steps.reduce((n, s) => n + pick(s), 0);
}

export function readShareFromTurn2(steps: readonly ProbeStep[]): number {
  const later = steps.filter((s) => s.turn >= 2);
  return share(
    sum(later, (s) => s.usage.read),
    sum(later, (s) => inputTokens(s.usage)),
  );
}

function tier1Hash(request: ProbeStep["request"]): string {
  return sha256(canonicalJson({ tools: request.tools, system: request.system }));
}

export function buildReport(runs: readonly ScenarioRun[]): ProbeReport {
  const first = runs.find((r) => r.scenario === "hello") ?? runs[0];
  if (!first) throw new Error("no scenario was run");
  const all = runs.flatMap((r) => r.steps);
  const prices = PRICES[first.rules];
  const tokens = {
    read: sum(all, (s) => s.usage.read),
    write: sum(all, (s) => s.usage.write),
    uncached: sum(all, (s) => s.usage.uncached),
    input: sum(all, (s) => inputTokens(s.usage)),
  };
  const firstRequest = first.steps[0]!.request;
  const bytes = prefixBytes(firstRequest);
  const baselineBytes = first.baseline.eager.bytes.total;
  const tag = (scenario: string) => (f: Finding) => ({ ...f, scenario });
  return {
    rules: first.rules,
    minCacheable: first.minCacheable,
    model: first.model,
    live: first.live,
    scenarios: runs.map((r) => ({
      scenario: r.scenario,
      requests: r.steps.length,
      drops: r.findings.filter((f) => !f.expected).length,
      expectedMisses: r.findings.filter((f) => f.expected).length,
      cacheReadShare: readShareFromTurn2(r.steps),
      memories: { count: r.seeded.memories, seedMs: r.seeded.ms },
      tier1Hash: tier1Hash(r.steps[0]!.request),
    })),
    steps: runs.flatMap((r) => r.steps.map((s) => row(r.scenario, s))),
    drops: runs.flatMap((r) => r.findings.filter((f) => !f.expected).map(tag(r.scenario))),
    expectedMisses: runs.flatMap((r) => r.findings.filter((f) => f.expected).map(tag(r.scenario))),
    cacheReadShare: readShareFromTurn2(all),
    cacheReadShareAll: share(tokens.read, tokens.input),
    tokens,
    costInputEquivalents: Math.round(
      tokens.read * prices.read + tokens.write * prices.write + tokens.uncached * prices.uncached,
    ),
    costWithoutCache: tokens.input,
    firstTurn: {
      scenario: first.scenario,
      bytes,
      baselineBytes,
      reduction: baselineBytes > 0 ? 1 - bytes / baselineBytes : 0,
      tier1Tokens: first.tier1Tokens,
      tier1Hash: tier1Hash(firstRequest),
    },
  };
}
