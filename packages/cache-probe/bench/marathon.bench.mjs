/**
 * The 300-turn marathon (`node scripts/bench.mjs packages/cache-probe/bench/marathon.bench.mjs`;
 * `npm test` runs its 60-turn cut): the realistic setup, compacted automatically again and again,
 * under Anthropic and then OpenAI rules (1024-token minimum) —
 * - probe.marathon-<rules>-{requests,compactions,drops,read-share,run-s}: the run as a whole (its
 *   wall time included: the mock, three real MCP servers, the real tools);
 * - probe.marathon-<rules>-tier2-open-max: the most Tier-2 bytes open in one request (lean
 *   context's ledger), against the scenario's budget, and how many collapse notices kept it there;
 * - probe.marathon-<rules>-tokens-turn-N, N = 1, 50, 100, …, 300: input tokens sent in turn N (all
 *   its requests, a compaction's summary request included), and how many of them were read from
 *   cache — the session does not grow without bound;
 * - probe.marathon-step-overhead-turn-300-ms: the harness's per-step work on the history as it
 *   stands at turn 300 (the last request's messages and Tier 1): the pre-step hook, building the
 *   request and its fingerprint, appending `pre_step`, `model_request` and one `message` to a
 *   session log; median of 9 batches of 20.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PluginHost, SessionLog } from "@picasso/engine";
import { createLeanContextPlugin } from "@picasso/lean-context";
import { tier2OpenPerRequest } from "../dist/marathon-facts.js";
import { readShareFromTurn2 } from "../dist/probe-report.js";
import { inputTokens } from "../dist/probe-step.js";
import { runScenario } from "../dist/run-scenario.js";
import { marathonScenario } from "../dist/scenarios/index.js";
import { MARATHON_TIER2_BUDGET } from "../dist/scenarios/marathon.js";
import { bench, round, timeMs } from "./bench-kit.mjs";
import { harnessStepper } from "./harness-step.mjs";

const TURNS = [1, 50, 100, 150, 200, 250, 300];
let last;
for (const rules of ["anthropic", "openai"]) {
  const started = performance.now();
  let events = [];
  let logLines = [];
  const run = await runScenario(marathonScenario, {
    rules,
    minCacheable: 1024,
    inspectLogs: (lines) => {
      logLines = lines;
      events = lines.map((line) => JSON.parse(line));
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const note = `300 turns, ${run.steps.length} requests, ${rules} rules, 1024-token minimum`;
  bench(`probe.marathon-${rules}-requests`, run.steps.length, "requests", note);
  bench(
    `probe.marathon-${rules}-compactions`,
    run.steps.filter((s) => s.purpose === "compaction").length,
    "compactions",
    note,
  );
  bench(`probe.marathon-${rules}-drops`, run.findings.filter((f) => !f.expected).length, "drops", note);
  bench(`probe.marathon-${rules}-read-share`, round(readShareFromTurn2(run.steps) * 100, 1), "%", note);
  const open = tier2OpenPerRequest(run.steps, logLines).map((r) => r.open);
  const collapses = events.filter((e) => e.type === "message" && e.reminder === "tier2-budget").length;
  bench(
    `probe.marathon-${rules}-tier2-open-max`,
    Math.max(...open),
    "bytes",
    `largest Tier-2 bytes open in a request; budget ${MARATHON_TIER2_BUDGET}; ${collapses} collapse notices`,
  );
  bench(`probe.marathon-${rules}-run-s`, round(seconds, 1), "s", `${note}; wall time of the whole run`);
  for (const turn of TURNS) {
    const steps = run.steps.filter((s) => s.turn === turn);
    const sent = steps.reduce((n, s) => n + inputTokens(s.usage), 0);
    const read = steps.reduce((n, s) => n + s.usage.read, 0);
    bench(
      `probe.marathon-${rules}-tokens-turn-${turn}`,
      sent,
      "tokens",
      `${steps.length} requests, ${read} read from cache`,
    );
  }
  if (rules === "anthropic") last = run.steps.filter((s) => s.lane === "main").at(-1);
}

// Per-step overhead on the turn-300 history.
const root = mkdtempSync(join(tmpdir(), "picasso-bench-marathon-"));
mkdirSync(join(root, ".picasso"), { recursive: true });
try {
  const host = new PluginHost([createLeanContextPlugin({ stats: false })]);
  const tier1 = { tools: last.request.tools, system: last.request.system };
  const messages = last.request.messages;
  const log = new SessionLog({ path: join(root, "session.jsonl"), sessionId: "bench-marathon" });
  const once = harnessStepper({ host, tier1, messages, log, turn: 300 });
  for (let i = 0; i < 20; i++) await once(); // warm-up
  const ms = await timeMs(() => once(), { runs: 9, batch: 20 });
  log.close();
  bench(
    "probe.marathon-step-overhead-turn-300-ms",
    round(ms),
    "ms",
    `pre-step + request build + fingerprint + log append on the turn-300 history (${messages.length} messages, ${last.fingerprint.bytes.total} bytes); median of 9 batches of 20`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
