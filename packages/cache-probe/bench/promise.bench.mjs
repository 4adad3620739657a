/**
 * The promise in figures (`node scripts/bench.mjs packages/cache-probe/bench/promise.bench.mjs`):
 * - probe.hello-*: the realistic setup's first turn (3 MCP servers, 30 skills, 100 memories, every
 *   deferred family): lean Tier 1 and eager bytes, the reduction, Picasso's own part of Tier 1.
 * - probe.*-read-share: cache-read tokens / input tokens from turn 2 on, Anthropic rules at a
 *   1024-token minimum, for the 30-turn coding session, the next-day session and the mode switches;
 *   probe.*-drops: unexpected drops in the same runs (the tests fail on any).
 * These are deterministic (mock provider, fixed scripts), not timings; `npm test` asserts the floors.
 */
import { baselines, tier1Split } from "../dist/baseline-markdown.js";
import { readShareFromTurn2 } from "../dist/probe-report.js";
import { runScenario } from "../dist/run-scenario.js";
import { findScenario } from "../dist/scenarios/index.js";
import { bench, round } from "./bench-kit.mjs";

const { hello } = await baselines();
const split = tier1Split(hello);
bench("probe.hello-tier1-bytes", split.total, "bytes", "lean Tier 1 of the realistic setup (tools + system)");
bench(
  "probe.hello-tier1-own-bytes",
  split.own,
  "bytes",
  `Picasso's own part (core schemas, gateways, sections); the rest: AGENTS.md index ${split.instructions}, skill index ${split.skills}`,
);
bench("probe.hello-eager-bytes", hello.eager.bytes.total, "bytes", "the same inputs loaded up front");
bench("probe.hello-first-turn-reduction", round(hello.reduction * 100, 1), "%", "1 − lean / eager bytes");

for (const name of ["coding", "next-day", "modes"]) {
  const run = await runScenario(findScenario(name), { rules: "anthropic", minCacheable: 1024 });
  const note = `${run.steps.length} requests, Anthropic rules, 1024-token minimum`;
  bench(`probe.${name}-read-share`, round(readShareFromTurn2(run.steps) * 100, 1), "%", note);
  bench(`probe.${name}-drops`, run.findings.filter((f) => !f.expected).length, "drops", note);
}
