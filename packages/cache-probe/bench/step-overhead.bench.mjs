/**
 * Per-step harness overhead (`node scripts/bench.mjs packages/cache-probe`): what the engine does
 * around every model call, at 10, 1,000 and 10,000 history messages —
 *   the agent/pre-step hook (lean context's normaliser over the history) and its `pre_step` log
 *   event, building the request (Tier 1 + history + breakpoints), its fingerprint (canonical JSON
 *   and SHA-256 of every segment, logged with `model_request`), appending `model_request` and one
 *   `message` event to the session log;
 * median of 9 batches; at 10,000 the pre-step hook and the build + fingerprint are also timed
 * alone. `…-fsync` adds the fsync the engine does at the step boundary. The ratio
 * 10,000 / 10 is measured in the same run.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRequest, fingerprintRequest, PluginHost, SessionLog } from "@picasso/engine";
import { createLeanContextPlugin } from "@picasso/lean-context";
import { builtinTools } from "@picasso/tools";
import { bench, round, syntheticHistory, timeMs } from "./bench-kit.mjs";
import { harnessStepper } from "./harness-step.mjs";

const root = mkdtempSync(join(tmpdir(), "picasso-bench-step-"));
mkdirSync(join(root, ".picasso"), { recursive: true });
const lean = createLeanContextPlugin({ stats: false });
const host = new PluginHost([{ name: "core-tools", registerTools: () => builtinTools() }, lean]);
const tier1 = await host.assemble({
  surface: "cli",
  workspaceRoot: root,
  cwd: root,
  picassoHome: root,
  mcpServers: [],
  skills: [],
});
const results = {};
try {
  for (const size of [10, 1_000, 10_000]) {
    const messages = syntheticHistory(size);
    const log = new SessionLog({ path: join(root, `session-${size}.jsonl`), sessionId: `bench-${size}` });
    const once = harnessStepper({ host, tier1, messages, log, turn: 1 });
    const batch = size >= 10_000 ? 3 : size >= 1_000 ? 10 : 50;
    for (let i = 0; i < batch; i++) await once(false); // warm-up
    results[size] = await timeMs(() => once(false), { runs: 9, batch });
    const synced = await timeMs(() => once(true), { runs: 9, batch });
    if (size === 10_000) {
      const ctx = {
        sessionId: "bench",
        lane: "main",
        turn: 1,
        step: 0,
        mode: "default",
        messages,
        compactions: 0,
      };
      const pre = await timeMs(() => host.preStep(ctx, () => {}), { runs: 9, batch });
      const build = await timeMs(
        () =>
          fingerprintRequest(
            buildRequest({ tier1, messages, model: "m", maxTokens: 8192, previousEnd: size - 2 }),
          ),
        { runs: 9, batch },
      );
      bench(
        "probe.step-overhead-10000-msgs-pre-step-ms",
        round(pre),
        "ms",
        "of which: the pre-step hook alone",
      );
      bench(
        "probe.step-overhead-10000-msgs-build-ms",
        round(build),
        "ms",
        "of which: request build + fingerprint alone",
      );
    }
    log.close();
    bench(
      `probe.step-overhead-${size}-msgs-ms`,
      round(results[size]),
      "ms",
      `pre-step + request build + fingerprint + log append; median of 9 batches of ${batch}`,
    );
    bench(
      `probe.step-overhead-${size}-msgs-fsync-ms`,
      round(synced),
      "ms",
      `the same plus the step-boundary fsync; median of 9 batches of ${batch}`,
    );
  }
  bench(
    "probe.step-overhead-ratio-10000-vs-10",
    round(results[10_000] / results[10], 1),
    "x",
    "same run; per-message JSON is memoised and the history hash runs incrementally, so a step pays for its new messages, not the whole history",
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
