/**
 * `runProbe`: what `picasso probe` runs — one named scenario (a long one, such as `marathon`, only
 * by name) or all standard ones (each on a fresh mock server and cache), or the `live` scenario
 * against the real Anthropic API — and the report built from them. Unknown scenario names and bad numbers are `UserError`s naming the flag.
 */
import { UserError } from "@picasso/protocol";
import { buildReport, type ProbeReport } from "./probe-report.js";
import type { ProviderRules } from "./probe-step.js";
import { runScenario } from "./run-scenario.js";
import { findScenario, LONG_SCENARIOS, SCENARIOS } from "./scenarios/index.js";
import { liveScenario } from "./scenarios/live.js";
import type { Scenario } from "./scenarios/scenario.js";

export interface ProbeOptions {
  /** A scenario name, or undefined / "all" for every standard scenario. */
  scenario?: string;
  rules?: string;
  minCacheable?: number;
  /** Run the `live` scenario against the real Anthropic API with this key and model. */
  live?: { apiKey: string; model: string; baseUrl?: string };
}

export function parseRules(value: string | undefined): ProviderRules {
  if (value === undefined || value === "anthropic") return "anthropic";
  if (value === "openai") return "openai";
  throw new UserError(`--provider-rules: expected anthropic or openai, got "${value}"`);
}

export function selectScenarios(name: string | undefined): Scenario[] {
  if (name === undefined || name === "all") return [...SCENARIOS];
  const found = findScenario(name);
  if (!found)
    throw new UserError(
      `--scenario: unknown scenario "${name}"; expected all, ${[...SCENARIOS, ...LONG_SCENARIOS].map((s) => s.name).join(", ")}`,
    );
  return [found];
}

export async function runProbe(options: ProbeOptions = {}): Promise<ProbeReport> {
  const rules = parseRules(options.rules);
  const minCacheable = options.minCacheable ?? 1024;
  if (!Number.isInteger(minCacheable) || minCacheable < 1)
    throw new UserError(`--min-cacheable: expected a positive whole number of tokens, got ${minCacheable}`);
  if (options.live) {
    const run = await runScenario(liveScenario, { live: options.live, minCacheable });
    return buildReport([run]);
  }
  const runs = [];
  for (const scenario of selectScenarios(options.scenario))
    runs.push(await runScenario(scenario, { rules, minCacheable }));
  return buildReport(runs);
}
