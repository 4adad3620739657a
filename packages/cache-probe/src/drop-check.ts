/**
 * Drop detection: for every request from the second on, the probe checks
 *
 * 1. **Tier 1 unchanged** — `tools` and `system` are byte-identical to the first request's.
 *    A change is a drop (`tier1-changed`); it is never expected.
 * 2. **Prefix kept** — against the previous request of the same lane (P): the request repeats P's
 *    prefix up to P's last cache breakpoint. A difference is a drop (`prefix-changed`) unless a
 *    compaction rewrote the lane's messages since P (or this is the compaction's own summary
 *    request): then it is an *expected miss*, reported with what changed, and Tier 1 must still
 *    be read from cache (`tier1-miss` when not).
 * 3. **Cache read** — when the prefix was kept, the cached prefix the provider reports is at least
 *    P's prefix up to its last breakpoint: Anthropic, P's read + write; OpenAI, the largest
 *    128-token boundary (from the minimum) within P's prompt. A shortfall is a drop
 *    (`cache-shortfall`), reported with the segment holding P's last breakpoint.
 *    The first request of a new lane (a subagent) must read Tier 1.
 * 4. **Lookback** (Anthropic rules) — the request has a breakpoint within 20 blocks past P's last
 *    breakpoint; growing 20+ blocks past a lone trailing breakpoint is a drop (`lookback`).
 * 5. **New session** — the first request of a new session (the next day: `after.newSession`)
 *    follows no request in the provider's cache, which expired overnight, so Tier 1 is written
 *    again: an *expected* finding (`new-session`), after check 1 — Tier 1 must still be
 *    byte-identical to request 1's, since nothing date- or day-dependent may enter it. The lanes
 *    of the closed session end there; later requests are checked against the new session's.
 * 6. **Another model** — the first request of a lane on a model no earlier request used (a
 *    subagent run as an agent definition with its own `model`) cannot read a cache kept per model:
 *    an *expected* finding (`other-model`); the same Tier 1 bytes are still required (check 1),
 *    and a later lane on that model must read them.
 * Tier-1 reads are only required when Tier 1 alone reaches the minimum cacheable length;
 * `tier1Tolerance` allows for a Tier-1 token figure that is an estimate. Pure.
 */
import { diffPrefix, type PrefixDifference } from "./prefix-diff.js";
import type { ProbeStep, ProviderRules } from "./probe-step.js";
import type { Segment } from "./request-fingerprint.js";

export type FindingKind =
  | "tier1-changed"
  | "prefix-changed"
  | "cache-shortfall"
  | "tier1-miss"
  | "lookback"
  | "wire-changed";

/** Findings that are expected: a compaction's rewrite, the first request of a new session, the
 *  first request on another model. */
export type ExpectedKind = "compaction" | "new-session" | "other-model";

export interface Finding {
  n: number;
  lane: string;
  turn: number;
  step: number;
  kind: FindingKind | ExpectedKind;
  expected: boolean;
  message: string;
  segment?: Segment;
  index?: number;
  byte?: number;
  name?: string;
  before?: string;
  after?: string;
  expectedRead?: number;
  read?: number;
}

export interface DropCheckOptions {
  rules: ProviderRules;
  minCacheable: number;
  /** Tokens of Tier 1 (tools + system) as the provider counts them. */
  tier1Tokens: number;
  /** Share by which a Tier-1 read may fall short of `tier1Tokens` (the count is an estimate). */
  tier1Tolerance?: number;
}

export const LOOKBACK_BLOCKS = 20;
const OPENAI_STEP = 128;

/** The cached prefix a provider must report when a prompt of `tokens` was cached before. */
export function cachedFloor(rules: ProviderRules, tokens: number, min: number): number {
  if (tokens < min) return 0;
  return rules === "openai" ? min + OPENAI_STEP * Math.floor((tokens - min) / OPENAI_STEP) : tokens;
}

function where(step: ProbeStep): Pick<Finding, "n" | "lane" | "turn" | "step"> {
  return { n: step.n, lane: step.lane, turn: step.turn, step: step.step };
}

function describe(d: PrefixDifference): string {
  const what =
    d.segment === "message"
      ? `message ${d.index}`
      : `${d.segment}[${d.index}]${d.name ? ` (${d.name})` : ""}`;
  return `${what} differs at byte ${d.byte}: ${JSON.stringify(d.before)} → ${JSON.stringify(d.after)}`;
}

function lastBreakpoint(step: ProbeStep): { segment: Segment; index: number } | undefined {
  const bps = step.request.cacheBreakpoints;
  let best: { segment: Segment; index: number } | undefined;
  let bestBlock = -1;
  bps.forEach((bp, i) => {
    const block = step.fingerprint.breakpointBlocks[i] ?? -1;
    if (block > bestBlock) {
      bestBlock = block;
      best = { segment: bp.segment, index: bp.index };
    }
  });
  return best;
}

export function checkSteps(steps: readonly ProbeStep[], options: DropCheckOptions): Finding[] {
  const findings: Finding[] = [];
  const first = steps[0];
  if (!first) return findings;
  const tolerance = options.tier1Tolerance ?? 0;
  const tier1Floor = Math.floor(
    cachedFloor(options.rules, options.tier1Tokens, options.minCacheable) * (1 - tolerance),
  );
  const previous = new Map<string, ProbeStep>([[first.lane, first]]);
  const models = new Set([first.request.model]);
  const tier1Read = (step: ProbeStep, why: string) => {
    if (step.usage.read < tier1Floor)
      findings.push({
        ...where(step),
        kind: "tier1-miss",
        expected: false,
        message: `${why}, but only ${step.usage.read} tokens were read from cache; Tier 1 alone is ${options.tier1Tokens}`,
        expectedRead: tier1Floor,
        read: step.usage.read,
      });
  };

  for (const step of steps.slice(1)) {
    if (step.after.newSession) previous.clear();
    const p = previous.get(step.lane);
    previous.set(step.lane, step);
    const tier1 = diffPrefix(first.request, step.request, { segment: "system", index: 0 });
    if (tier1) {
      findings.push({
        ...where(step),
        kind: "tier1-changed",
        expected: false,
        message: `Tier 1 changed since request 1${step.after.newSession ? " in the next day's new session" : ""}: ${describe(tier1)}`,
        ...tier1,
      });
      continue;
    }
    if (step.after.newSession) {
      findings.push({
        ...where(step),
        kind: "new-session",
        expected: true,
        message:
          "first request of a new session the next day: the provider's cache expired overnight, so Tier 1 is written again (byte-identical to request 1's)",
        read: step.usage.read,
      });
      continue;
    }
    if (!p && !models.has(step.request.model)) {
      models.add(step.request.model);
      findings.push({
        ...where(step),
        kind: "other-model",
        expected: true,
        message: `first request on model ${step.request.model} (lane ${step.lane}): the provider keeps a cache per model, so Tier 1 is written for it (byte-identical to request 1's)`,
        read: step.usage.read,
      });
      continue;
    }
    if (!p) {
      tier1Read(step, `first request of lane ${step.lane}`);
      continue;
    }
    const through = lastBreakpoint(p);
    const diff = diffPrefix(p.request, step.request, through);
    if (diff) {
      const compaction = step.purpose === "compaction" || step.after.compaction;
      if (!compaction) {
        findings.push({
          ...where(step),
          kind: "prefix-changed",
          expected: false,
          message: `prefix of request ${p.n} changed${step.after.resume ? " across a resume" : ""}: ${describe(diff)}`,
          ...diff,
        });
        continue;
      }
      findings.push({
        ...where(step),
        kind: "compaction",
        expected: true,
        message: `${step.purpose === "compaction" ? "the compaction's summary request" : "compaction rewrote the history"}: ${describe(diff)}; Tier 1 must still be read`,
        ...diff,
        read: step.usage.read,
      });
      tier1Read(step, "expected miss after compaction");
      continue;
    }
    const prior =
      options.rules === "anthropic" ? p.usage.read + p.usage.write : p.usage.read + p.usage.uncached;
    const floor = options.rules === "anthropic" ? prior : cachedFloor("openai", prior, options.minCacheable);
    if (step.usage.read < floor)
      findings.push({
        ...where(step),
        kind: "cache-shortfall",
        expected: false,
        message: `read ${step.usage.read} cached tokens, expected at least ${floor} (request ${p.n}'s prefix up to its last breakpoint, ${through ? `${through.segment}[${through.index}]` : "none"}); the bytes were identical`,
        ...(through ? { segment: through.segment, index: through.index } : {}),
        expectedRead: floor,
        read: step.usage.read,
      });
    if (options.rules === "anthropic") {
      const from = Math.max(-1, ...p.fingerprint.breakpointBlocks);
      const reach = step.fingerprint.breakpointBlocks.filter((b) => b >= from && b < from + LOOKBACK_BLOCKS);
      if (from >= 0 && reach.length === 0)
        findings.push({
          ...where(step),
          kind: "lookback",
          expected: false,
          message: `the request adds ${step.fingerprint.blocks - 1 - from} blocks past request ${p.n}'s last breakpoint (block ${from}) with no breakpoint within ${LOOKBACK_BLOCKS} blocks of it`,
        });
    }
  }
  return findings;
}
