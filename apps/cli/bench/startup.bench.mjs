/**
 * Start-up benchmarks (`node scripts/bench.mjs apps/cli`), every figure measured in the same run
 * so ratios hold on a shared, noisy machine:
 * - startup.node-e-ms: `node -e ''` — the floor any Node program pays;
 * - startup.version-ms and startup.version-ratio: `picasso --version` (dist/main.js), and its
 *   ratio to `node -e ''` (goal ≤ 1.2);
 * - startup.first-frame-ms: launch of the binary in a detached 100×30 tmux session until the prompt
 *   box is on screen (mock provider, no key), polled every 5 ms — the plain frame main.ts draws
 *   before Ink loads (first-frame.ts);
 * - startup.ink-frame-ms: the same launch until Ink's own first frame is on screen (its status
 *   line, which the plain frame does not draw): from then on keys are echoed;
 * - startup.gemini-first-frame-ms and startup.first-frame-vs-gemini: the same for Gemini CLI when
 *   its binary is given in GEMINI_CLI_BIN (skipped, and said so, otherwise) — its first frame is its
 *   first drawn box. Goal ≤ 0.15×;
 * - startup.import-<chunk>-ms: import time of each chunk on the way to Ink's first frame (cli, the
 *   interactive command, and inside it the layout engine yoga, loaded without `fetch` as the
 *   bundle loads it), each in a fresh process, so what remains is visible by part.
 * - with STARTUP_BENCH_BASELINE=<another build's dist folder> (e.g. a copy of dist from before a
 *   change), startup.baseline-*: its --version and first frame, measured interleaved in the same
 *   run, so a before/after holds on a noisy machine.
 * Medians of STARTUP_BENCH_RUNS (default 7) runs, interleaved.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openTmuxPane } from "./tmux-pane.mjs";

const dist = resolve(dirname(fileURLToPath(import.meta.url)), "../dist");
const binary = join(dist, "main.js");
const RUNS = Number(process.env.STARTUP_BENCH_RUNS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const bench = (name, value, unit, note) =>
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);

function timeCommand(args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: "ignore" });
  if (run.status !== 0) throw new Error(`${args.join(" ")} exited ${run.status}`);
  return performance.now() - started;
}

/** Launch `command` in tmux; ms until `ready(screen)` holds. */
async function firstFrame(command, ready) {
  const root = mkdtempSync(join(tmpdir(), "picasso-startup-bench-"));
  const work = join(root, "work");
  mkdirSync(join(work, ".picasso"), { recursive: true });
  const pane = openTmuxPane({
    cwd: work,
    env: { HOME: root, PICASSO_HOME: join(root, "home") },
    command: `${command}; sleep 60`,
  });
  try {
    for (;;) {
      if (ready(pane.screen())) return performance.now() - pane.started;
      if (performance.now() - pane.started > 60_000)
        throw new Error(`no first frame within 60 s: ${command}`);
      await sleep(5);
    }
  } finally {
    pane.close();
    rmSync(root, { recursive: true, force: true });
  }
}

function chunk(prefix) {
  const file = readdirSync(dist).find((f) => f.startsWith(prefix) && f.endsWith(".js"));
  if (!file) throw new Error(`no chunk ${prefix}* in ${dist}`);
  return join(dist, file);
}

/** Import `targets` in order in a fresh process; ms for each. */
function importTimes(targets) {
  const script = `
    const out = [];
    for (const target of JSON.parse(process.argv[1])) {
      const t = performance.now();
      await import(target);
      out.push(performance.now() - t);
    }
    process.stdout.write(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(targets)], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const gemini = process.env.GEMINI_CLI_BIN;
const baseline = process.env.STARTUP_BENCH_BASELINE ? resolve(process.env.STARTUP_BENCH_BASELINE) : undefined;
const times = {
  node: [],
  version: [],
  frame: [],
  inkFrame: [],
  gemini: [],
  imports: [],
  baseVersion: [],
  baseFrame: [],
};
const promptBox = (screen) => screen.includes("│ ›");
const inkStatusLine = (screen) => screen.includes("│ default │");
const chain = [chunk("cli-"), chunk("interactive-loader-"), chunk("interactive-")];
const yoga = resolve(dist, "../../../node_modules/yoga-layout/dist/src/index.js");
// The bundle's Yoga never sees `fetch` (build.mjs); neither does this import of it.
const withoutFetch = `data:text/javascript,delete globalThis.fetch`;
for (let i = 0; i < RUNS; i++) {
  times.node.push(timeCommand(["-e", ""]));
  times.version.push(timeCommand([binary, "--version"]));
  times.frame.push(await firstFrame(`node '${binary}'`, promptBox));
  times.inkFrame.push(await firstFrame(`node '${binary}'`, inkStatusLine));
  if (baseline) {
    times.baseVersion.push(timeCommand([join(baseline, "main.js"), "--version"]));
    times.baseFrame.push(await firstFrame(`node '${join(baseline, "main.js")}'`, promptBox));
  }
  if (gemini) times.gemini.push(await firstFrame(`'${gemini}'`, (screen) => screen.includes("╭")));
  times.imports.push([...importTimes(chain), ...importTimes([withoutFetch, yoga]).slice(1)]);
}

const node = median(times.node);
const version = median(times.version);
bench("startup.node-e-ms", Math.round(node), "ms", `median of ${RUNS} runs of node -e ''`);
bench("startup.version-ms", Math.round(version), "ms", `median of ${RUNS} runs of picasso --version`);
bench(
  "startup.version-ratio",
  Number((version / node).toFixed(2)),
  "×",
  "picasso --version ÷ node -e '' (goal ≤ 1.2)",
);
const frame = median(times.frame);
bench(
  "startup.first-frame-ms",
  Math.round(frame),
  "ms",
  `median of ${RUNS} launches in tmux (mock provider); the plain frame, before Ink (goal ≤ 500)`,
);
bench(
  "startup.ink-frame-ms",
  Math.round(median(times.inkFrame)),
  "ms",
  `median of ${RUNS} launches in tmux (mock provider); Ink's first frame, keys echoed from here`,
);
if (baseline) {
  const baseVersion = median(times.baseVersion);
  bench(
    "startup.baseline-version-ratio",
    Number((baseVersion / node).toFixed(2)),
    "×",
    `${baseline}/main.js --version ÷ node -e '', same run`,
  );
  bench(
    "startup.baseline-first-frame-ms",
    Math.round(median(times.baseFrame)),
    "ms",
    `median of ${RUNS} launches of ${baseline}/main.js in tmux, same run`,
  );
}
if (gemini) {
  const peer = median(times.gemini);
  bench("startup.gemini-first-frame-ms", Math.round(peer), "ms", `median of ${RUNS} launches of ${gemini}`);
  bench(
    "startup.first-frame-vs-gemini",
    Number((frame / peer).toFixed(2)),
    "×",
    "Picasso ÷ Gemini CLI (goal ≤ 0.15)",
  );
} else
  console.log("startup.gemini-first-frame-ms skipped: set GEMINI_CLI_BIN to a Gemini CLI binary to compare");
const parts = ["cli", "interactive-loader", "interactive", "yoga (inside interactive)"];
for (const [k, part] of parts.entries())
  bench(
    `startup.import-${part.split(" ")[0]}-ms`,
    Number(median(times.imports.map((row) => row[k])).toFixed(1)),
    "ms",
    `import of the ${part} chunk in a fresh process, after the ones before it; median of ${RUNS}`,
  );
