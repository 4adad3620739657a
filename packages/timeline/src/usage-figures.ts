/**
 * Figures derived from one step's reported usage, and their sums.
 *
 * - `promptTokens` = uncached input + cache read + cache write (Anthropic meaning of
 *   `inputTokens`: tokens after the last breakpoint). It needs uncached input and cache read; an
 *   unreported cache write (OpenAI-compatible providers have none) adds nothing.
 * - `cacheReadShare` = cache read / promptTokens.
 * - Cost in input-token equivalents: uncached 1×, read 0.1×, 5-minute write 1.25×, 1-hour write 2×.
 *   Writes without the 5m/1h split are 5-minute writes when no breakpoint of the request asked
 *   for a 1-hour TTL (the API default, so this is read from the log, not guessed); otherwise the
 *   cost is not recorded.
 * Sums never turn "not reported" into 0: a field no step reported stays null (a sum over no
 * steps at all is 0), and each total counts the steps that lacked it in `stepsMissing`.
 */
import type { CacheBreakpoint, Usage } from "@picasso/protocol";
import type { StepUsage, TokenTotals, UsageField } from "./timeline-types.js";

export const USAGE_FIELDS: readonly UsageField[] = [
  "inputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "cacheWrite5mTokens",
  "cacheWrite1hTokens",
  "outputTokens",
];

export const COST_WEIGHTS = { uncached: 1, read: 0.1, write5m: 1.25, write1h: 2 } as const;

export interface StepFigures {
  usage: StepUsage;
  promptTokens: number | null;
  cacheReadShare: number | null;
  costInputEquivalent: number | null;
  notRecorded: readonly string[];
}

const NOTHING_MISSING: readonly string[] = Object.freeze([]);

export function emptyUsage(): StepUsage {
  return {
    inputTokens: null,
    cacheReadTokens: null,
    cacheWriteTokens: null,
    cacheWrite5mTokens: null,
    cacheWrite1hTokens: null,
    outputTokens: null,
  };
}

/** Round to 4 decimals so shares and costs print the same on every platform. */
export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function stepFigures(
  reported: Usage | undefined,
  breakpoints: readonly CacheBreakpoint[],
): StepFigures {
  const usage = emptyUsage();
  for (const field of USAGE_FIELDS) {
    const value = reported?.[field];
    if (typeof value === "number") usage[field] = value;
  }
  const { inputTokens: input, cacheReadTokens: read, cacheWriteTokens: write } = usage;
  const promptTokens = input !== null && read !== null ? input + read + (write ?? 0) : null;
  const cacheReadShare =
    promptTokens !== null && read !== null && promptTokens > 0 ? read / promptTokens : null;
  let costInputEquivalent: number | null = null;
  if (input !== null && read !== null) {
    const split = writeSplit(usage, breakpoints);
    if (split)
      costInputEquivalent =
        input * COST_WEIGHTS.uncached +
        read * COST_WEIGHTS.read +
        split.w5m * COST_WEIGHTS.write5m +
        split.w1h * COST_WEIGHTS.write1h;
  }
  // Most steps record everything: they share one empty list (never changed; snapshots copy it).
  let notRecorded = NOTHING_MISSING;
  const missing = (name: string) => {
    notRecorded = [...notRecorded, name];
  };
  for (const field of USAGE_FIELDS) if (usage[field] === null) missing(`usage.${field}`);
  if (promptTokens === null) missing("promptTokens");
  if (cacheReadShare === null) missing("cacheReadShare");
  if (costInputEquivalent === null) missing("costInputEquivalent");
  return {
    usage,
    promptTokens,
    cacheReadShare: cacheReadShare === null ? null : round4(cacheReadShare),
    costInputEquivalent: costInputEquivalent === null ? null : round4(costInputEquivalent),
    notRecorded,
  };
}

function writeSplit(
  usage: StepUsage,
  breakpoints: readonly CacheBreakpoint[],
): { w5m: number; w1h: number } | null {
  if (usage.cacheWrite5mTokens !== null || usage.cacheWrite1hTokens !== null)
    return { w5m: usage.cacheWrite5mTokens ?? 0, w1h: usage.cacheWrite1hTokens ?? 0 };
  if (usage.cacheWriteTokens === null || usage.cacheWriteTokens === 0) return { w5m: 0, w1h: 0 };
  if (breakpoints.some((b) => b.ttl === "1h")) return null;
  return { w5m: usage.cacheWriteTokens, w1h: 0 };
}

/** A running sum of step figures (per lane-turn, per turn, per session). */
export class TotalsAccumulator {
  private steps = 0;
  /** Per field, the sum over the steps that reported it; undefined while none did. */
  private readonly sums: Record<UsageField, number | undefined> = {
    inputTokens: undefined,
    cacheReadTokens: undefined,
    cacheWriteTokens: undefined,
    cacheWrite5mTokens: undefined,
    cacheWrite1hTokens: undefined,
    outputTokens: undefined,
  };
  private readonly missing = new Map<string, number>();
  private shareRead = 0;
  private sharePrompt = 0;
  private shareSteps = 0;
  private cost = 0;
  private costSteps = 0;
  private drops = 0;
  private lost = 0;

  add(figures: StepFigures): void {
    this.steps += 1;
    for (const field of USAGE_FIELDS) {
      const value = figures.usage[field];
      if (value === null) this.missing.set(field, (this.missing.get(field) ?? 0) + 1);
      else this.sums[field] = (this.sums[field] ?? 0) + value;
    }
    if (figures.promptTokens !== null && figures.usage.cacheReadTokens !== null) {
      this.shareRead += figures.usage.cacheReadTokens;
      this.sharePrompt += figures.promptTokens;
      this.shareSteps += 1;
    }
    if (figures.costInputEquivalent === null)
      this.missing.set("costInputEquivalent", (this.missing.get("costInputEquivalent") ?? 0) + 1);
    else {
      this.cost += figures.costInputEquivalent;
      this.costSteps += 1;
    }
  }

  addDrop(lostTokens: number): void {
    this.drops += 1;
    this.lost += lostTokens;
  }

  merge(other: TotalsAccumulator): void {
    this.steps += other.steps;
    for (const field of USAGE_FIELDS) {
      const value = other.sums[field];
      if (value !== undefined) this.sums[field] = (this.sums[field] ?? 0) + value;
    }
    for (const [k, v] of other.missing) this.missing.set(k, (this.missing.get(k) ?? 0) + v);
    this.shareRead += other.shareRead;
    this.sharePrompt += other.sharePrompt;
    this.shareSteps += other.shareSteps;
    this.cost += other.cost;
    this.costSteps += other.costSteps;
    this.drops += other.drops;
    this.lost += other.lost;
  }

  snapshot(): TokenTotals {
    // A sum over steps none of which lacked the field is a number (0 over no steps).
    const sum = (field: UsageField) => this.sums[field] ?? (this.missing.has(field) ? null : 0);
    const stepsMissing: TokenTotals["stepsMissing"] = {};
    for (const [k, v] of [...this.missing].sort(([a], [b]) => a.localeCompare(b)))
      stepsMissing[k as UsageField] = v;
    const totals: TokenTotals = {
      steps: this.steps,
      inputTokens: sum("inputTokens"),
      cacheReadTokens: sum("cacheReadTokens"),
      cacheWriteTokens: sum("cacheWriteTokens"),
      cacheWrite5mTokens: sum("cacheWrite5mTokens"),
      cacheWrite1hTokens: sum("cacheWrite1hTokens"),
      outputTokens: sum("outputTokens"),
      cacheReadShare:
        this.shareSteps > 0 && this.sharePrompt > 0 ? round4(this.shareRead / this.sharePrompt) : null,
      costInputEquivalent:
        this.costSteps > 0 ? round4(this.cost) : this.missing.has("costInputEquivalent") ? null : 0,
      cacheDrops: this.drops,
      lostTokens: this.lost,
      stepsMissing,
      notRecorded: [],
    };
    for (const key of [...USAGE_FIELDS, "cacheReadShare", "costInputEquivalent"] as const)
      if (totals[key] === null) totals.notRecorded.push(key);
    return totals;
  }
}
