/**
 * Start-up benchmarks (`node scripts/bench.mjs apps/cli/bench/startup.bench.mjs`), every figure
 * measured in the same run, launches interleaved, so ratios hold on a shared, noisy machine:
 * - startup.node-e-ms: `node -e ''` — the floor any Node program pays;
 * - startup.node-pane-ms: the same floor through the harness the TUI figures go through: `node -e`
 *   printing one line, launched in the same tmux pane and polled the same way until that line is
 *   on screen (tmux starting its server and shell, the screen polls); startup.ready-pane-ratio is
 *   ready ÷ this — both sides measured alike;
 * - startup.version-ms / -ratio: `picasso --version` (dist/main.js), and its ratio to `node -e ''`;
 * - startup.first-frame-ms / -ratio: launch of the binary in a detached 100×30 tmux pane until the
 *   prompt box is on screen (mock provider, no key), polled every 5 ms — the plain frame main.ts
 *   draws before Ink loads (first-frame.ts); type-ahead is kept from here;
 * - startup.ink-frame-ms: the same launch until Ink's own first frame is on screen (its status line);
 * - startup.ready-ms / -ratio: the same launch until the session is READY: its opening line
 *   (`new session …`) and status are on screen and a prompt typed now runs at once (the start-up
 *   trace, PICASSO_STARTUP_TRACE, is written at that moment; both must hold). Goal ≤ 500 ms idle,
 *   ≤ 5 × `node -e ''` loaded; startup.ready-traced-ms is the process's own figure (the trace's
 *   `ready`, ms since it started), without the harness;
 * - startup.stage-<stage>-ms and -cpu-ms: each stage of the trace (packages/protocol
 *   startup-trace.ts) — wall and process CPU from the stage before it; medians;
 * - the stage budget: each stage's CPU median is compared with startup-budget.json beside this
 *   file; a stage over its budget is printed as `STAGE OVER BUDGET` and the bench exits 1 (the
 *   figures are still written) — a figure that fails loudly, not a timed test;
 * - peers' first frames beside Picasso's, when installed (else one line saying so): Codex
 *   (CODEX_BIN or `codex` on PATH), Claude Code (CLAUDE_BIN or `claude`), Gemini CLI (GEMINI_CLI_BIN
 *   or `gemini`) — a peer's first frame is the first screen with three or more lines drawn;
 * - startup.ready-no-compile-cache-ms: ready in the warm place with PICASSO_COMPILE_CACHE=off (every
 *   chunk compiled by V8, as on a first run; src/compile-cache.ts), interleaved;
 * - startup.import-<chunk>-ms: import time of the chunks on the way to Ink's first frame, without
 *   the compile cache (a plain `import()` of each).
 * The workspace is a git repository with a commit and a dirty file (what a session usually opens
 * on); launches reuse one workspace and PICASSO_HOME after a first, unmeasured one, left open for
 * 4 s (its catalog, parse and compile caches written, as for anyone who has run Picasso before), and
 * startup.ready-fresh-home-ms is the first launch on a fresh PICASSO_HOME, measured apart. With STARTUP_BENCH_BASELINE=<another build's dist
 * folder>, startup.baseline-*: its first frames and ready (from the screen: an older build may
 * write no trace), interleaved. Medians of STARTUP_BENCH_RUNS
 * (default 7) runs.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openTmuxPane } from "./tmux-pane.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../dist");
const binary = join(dist, "main.js");
const RUNS = Number(process.env.STARTUP_BENCH_RUNS ?? 7);
const TIMEOUT_MS = 60_000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const bench = (name, value, unit, note) =>
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);
const round1 = (x) => Number(x.toFixed(1));

function timeCommand(args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: "ignore" });
  if (run.status !== 0) throw new Error(`${args.join(" ")} exited ${run.status}`);
  return performance.now() - started;
}

/** A small git repository with one commit and one modified file. */
function gitWorkspace(work) {
  mkdirSync(join(work, "src"), { recursive: true });
  writeFileSync(join(work, "README.md"), "# demo\n\nA small project.\n");
  writeFileSync(join(work, "src", "index.js"), "export const answer = 42;\n");
  const git = (...args) =>
    spawnSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@localhost", ...args], {
      cwd: work,
      stdio: "ignore",
    });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "first");
  writeFileSync(join(work, "src", "index.js"), "export const answer = 43;\n");
}

/** A workspace (a git repository) and a PICASSO_HOME; `warm` keeps them across launches. */
function place() {
  const root = mkdtempSync(join(tmpdir(), "picasso-startup-bench-"));
  gitWorkspace(join(root, "work"));
  return { root, work: join(root, "work"), home: join(root, "home") };
}

/**
 * Launch `command` in tmux in `where` (a fresh place unless given); ms from the pane's creation
 * until each of `marks` (name → (screen, trace file exists) → boolean) first holds, and the
 * trace's stages.
 */
async function launch(command, marks, { trace = false, where, env = {}, linger = 0 } = {}) {
  const at = where ?? place();
  const traceFile = join(at.root, "startup-trace.json");
  rmSync(traceFile, { force: true });
  const pane = openTmuxPane({
    cwd: at.work,
    env: {
      HOME: at.root,
      PICASSO_HOME: at.home,
      ...(trace ? { PICASSO_STARTUP_TRACE: traceFile } : {}),
      ...env,
    },
    command: `${command}; sleep 60`,
  });
  const seen = {};
  try {
    for (;;) {
      const screen = pane.screen();
      const traced = trace && existsSync(traceFile);
      const now = performance.now() - pane.started;
      for (const [name, holds] of Object.entries(marks))
        if (seen[name] === undefined && holds(screen, traced)) seen[name] = now;
      if (Object.keys(seen).length === Object.keys(marks).length) break;
      if (now > TIMEOUT_MS)
        throw new Error(`not all of ${Object.keys(marks)} within 60 s: ${command}\n${screen}`);
      await sleep(5);
    }
    const stages = trace ? JSON.parse(readFileSync(traceFile, "utf8")).stages : [];
    await sleep(linger);
    return { ...seen, stages };
  } finally {
    pane.close();
    // The session has saved its log; let its process go before the next launch or the cleanup.
    await sleep(200);
    if (!where) rmSync(at.root, { recursive: true, force: true });
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

/** A peer's binary: its variable, else its name on PATH. */
function peerBinary(variable, name) {
  if (process.env[variable]) return process.env[variable];
  for (const dir of (process.env.PATH ?? "").split(delimiter))
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

/** An older build (STARTUP_BENCH_BASELINE) may have no start-up trace: its ready is the screen's. */
const SCREEN_MARKS = {
  frame: (screen) => screen.includes("│ ›"),
  ink: (screen) => screen.includes("│ default │"),
  ready: (screen) => screen.includes("new session") && screen.includes("│ default │"),
};
const PICASSO_MARKS = {
  frame: (screen) => screen.includes("│ ›"),
  ink: (screen) => screen.includes("│ default │"),
  ready: (screen, traced) => traced && screen.includes("new session"),
};
const drawn = (screen) => screen.split("\n").filter((line) => line.trim()).length >= 3;
const peers = [
  { key: "codex", label: "Codex", bin: peerBinary("CODEX_BIN", "codex"), variable: "CODEX_BIN" },
  { key: "claude", label: "Claude Code", bin: peerBinary("CLAUDE_BIN", "claude"), variable: "CLAUDE_BIN" },
  {
    key: "gemini",
    label: "Gemini CLI",
    bin: peerBinary("GEMINI_CLI_BIN", "gemini"),
    variable: "GEMINI_CLI_BIN",
  },
];
const baseline = process.env.STARTUP_BENCH_BASELINE ? resolve(process.env.STARTUP_BENCH_BASELINE) : undefined;

const runs = {
  node: [],
  nodePane: [],
  version: [],
  picasso: [],
  uncached: [],
  fresh: [],
  baseline: [],
  imports: [],
};
const NODE_UP = "node is up";
const NODE_MARKS = { up: (screen) => screen.includes(NODE_UP) };
// Launches after the first in a place: the home holds the catalog and parse caches, as it does for
// anyone who has run Picasso before. The first launch of a fresh home is measured apart.
const warm = place();
const warmBaseline = baseline ? place() : undefined;
// The first session stays open long enough to save its compile cache (3 s after its start, main.ts).
const FIRST_SESSION_MS = 4000;
await launch(`node '${binary}'`, PICASSO_MARKS, { trace: true, where: warm, linger: FIRST_SESSION_MS });
if (baseline)
  await launch(`node '${join(baseline, "main.js")}'`, SCREEN_MARKS, {
    where: warmBaseline,
    linger: FIRST_SESSION_MS,
  });
for (const peer of peers) runs[peer.key] = [];
const chain = [chunk("cli-"), chunk("interactive-loader-"), chunk("interactive-")];
const yoga = resolve(dist, "../../../node_modules/yoga-layout/dist/src/index.js");
// The bundle's Yoga never sees `fetch` (build.mjs); neither does this import of it.
const withoutFetch = `data:text/javascript,delete globalThis.fetch`;
for (let i = 0; i < RUNS; i++) {
  runs.node.push(timeCommand(["-e", ""]));
  runs.nodePane.push((await launch(`node -e 'console.log("${NODE_UP}")'`, NODE_MARKS)).up);
  runs.version.push(timeCommand([binary, "--version"]));
  runs.picasso.push(await launch(`node '${binary}'`, PICASSO_MARKS, { trace: true, where: warm }));
  runs.uncached.push(
    await launch(`node '${binary}'`, PICASSO_MARKS, {
      trace: true,
      where: warm,
      env: { PICASSO_COMPILE_CACHE: "off" },
    }),
  );
  runs.fresh.push(await launch(`node '${binary}'`, PICASSO_MARKS, { trace: true }));
  if (baseline)
    runs.baseline.push(
      await launch(`node '${join(baseline, "main.js")}'`, SCREEN_MARKS, { where: warmBaseline }),
    );
  for (const peer of peers)
    if (peer.bin) runs[peer.key].push((await launch(`'${peer.bin}'`, { frame: drawn })).frame);
  runs.imports.push([...importTimes(chain), ...importTimes([withoutFetch, yoga]).slice(1)]);
}

const node = median(runs.node);
const ratio = (ms) => Number((ms / node).toFixed(2));
bench("startup.node-e-ms", Math.round(node), "ms", `median of ${RUNS} runs of node -e ''`);
const version = median(runs.version);
bench("startup.version-ms", Math.round(version), "ms", `median of ${RUNS} runs of picasso --version`);
bench("startup.version-ratio", ratio(version), "×", "picasso --version ÷ node -e '' (goal ≤ 1.2)");
const frame = median(runs.picasso.map((r) => r.frame));
bench(
  "startup.first-frame-ms",
  Math.round(frame),
  "ms",
  `median of ${RUNS} TUI launches in tmux (git workspace, mock provider); the plain frame`,
);
bench("startup.first-frame-ratio", ratio(frame), "×", "first frame ÷ node -e ''");
bench(
  "startup.ink-frame-ms",
  Math.round(median(runs.picasso.map((r) => r.ink))),
  "ms",
  "the same launches: Ink's first frame",
);
const ready = median(runs.picasso.map((r) => r.ready));
bench(
  "startup.ready-ms",
  Math.round(ready),
  "ms",
  "the same launches: the session ready — opening line and status on screen, a prompt runs (goal ≤ 500 idle)",
);
bench("startup.ready-ratio", ratio(ready), "×", "ready ÷ node -e '' (goal ≤ 5 loaded)");
const nodePane = median(runs.nodePane);
bench(
  "startup.node-pane-ms",
  Math.round(nodePane),
  "ms",
  `median of ${RUNS} launches of node -e printing a line, in the same tmux pane, until it is on screen`,
);
bench(
  "startup.ready-pane-ratio",
  Number((ready / nodePane).toFixed(2)),
  "×",
  "ready ÷ node -e in the same pane: both through the harness (goal ≤ 5 loaded)",
);
const readyTraced = median(runs.picasso.map((r) => r.stages.find((s) => s.stage === "ready").ms));
bench(
  "startup.ready-traced-ms",
  Math.round(readyTraced),
  "ms",
  "the same launches: ready as the process traced it (ms since it started), no harness",
);
const readyUncached = median(runs.uncached.map((r) => r.ready));
bench(
  "startup.ready-no-compile-cache-ms",
  Math.round(readyUncached),
  "ms",
  "the same, warm home, with PICASSO_COMPILE_CACHE=off: every chunk compiled, none from V8's cache",
);
const readyFresh = median(runs.fresh.map((r) => r.ready));
bench(
  "startup.ready-fresh-home-ms",
  Math.round(readyFresh),
  "ms",
  "the first launch on a fresh PICASSO_HOME (catalog, parse and compile caches built), same run",
);
bench("startup.ready-fresh-home-ratio", ratio(readyFresh), "×", "the same ÷ node -e ''");

/** Per stage: the median wall and CPU ms from the stage before it. */
function stageDeltas(launches) {
  const names = launches[0].stages.map((s) => s.stage);
  return names.map((stage) => {
    const delta = (key) =>
      median(
        launches.map((l) => {
          const at = l.stages.findIndex((s) => s.stage === stage);
          return l.stages[at][key] - (at > 0 ? l.stages[at - 1][key] : 0);
        }),
      );
    return { stage, ms: delta("ms"), cpuMs: delta("cpuMs") };
  });
}
const stages = stageDeltas(runs.picasso);
for (const { stage, ms, cpuMs } of stages) {
  bench(
    `startup.stage-${stage}-ms`,
    round1(ms),
    "ms",
    "wall from the stage before (from process start for the first), median",
  );
  bench(`startup.stage-${stage}-cpu-ms`, round1(cpuMs), "ms", "process CPU from the stage before, median");
}
console.log("\nstage                 wall ms   CPU ms   CPU budget");
const budget = JSON.parse(readFileSync(join(here, "startup-budget.json"), "utf8")).cpuMs;
const over = [];
for (const { stage, ms, cpuMs } of stages) {
  const limit = budget[stage];
  if (limit !== undefined && cpuMs > limit)
    over.push(`${stage}: ${cpuMs.toFixed(0)} ms CPU, budget ${limit} ms`);
  console.log(
    `${stage.padEnd(20)} ${ms.toFixed(0).padStart(8)} ${cpuMs.toFixed(0).padStart(8)} ${String(limit ?? "—").padStart(12)}`,
  );
}
for (const stage of Object.keys(budget))
  if (!stages.some((s) => s.stage === stage))
    over.push(`${stage}: never reached (the trace has no such stage)`);

if (baseline) {
  const base = median(runs.baseline.map((r) => r.ready));
  const note = `${baseline}/main.js, same run, interleaved; ready from the screen alone (opening line and status)`;
  bench("startup.baseline-ready-ms", Math.round(base), "ms", note);
  bench("startup.baseline-ready-ratio", ratio(base), "×", `${baseline}/main.js ready ÷ node -e ''`);
  bench("startup.baseline-first-frame-ms", Math.round(median(runs.baseline.map((r) => r.frame))), "ms", note);
  bench("startup.baseline-ink-frame-ms", Math.round(median(runs.baseline.map((r) => r.ink))), "ms", note);
}
for (const peer of peers) {
  if (!peer.bin) {
    console.log(
      `startup.${peer.key}-first-frame-ms skipped: ${peer.label} is not installed (set ${peer.variable} to its binary to compare)`,
    );
    continue;
  }
  const peerFrame = median(runs[peer.key]);
  bench(
    `startup.${peer.key}-first-frame-ms`,
    Math.round(peerFrame),
    "ms",
    `median of ${RUNS} launches of ${peer.bin}, same run`,
  );
  bench(
    `startup.${peer.key}-first-frame-ratio`,
    ratio(peerFrame),
    "×",
    `${peer.label}'s first frame ÷ node -e ''`,
  );
  bench(
    `startup.ready-vs-${peer.key}-first-frame`,
    Number((ready / peerFrame).toFixed(2)),
    "×",
    `Picasso ready ÷ ${peer.label}'s first frame`,
  );
}
const parts = ["cli", "interactive-loader", "interactive", "yoga (inside interactive)"];
for (const [k, part] of parts.entries())
  bench(
    `startup.import-${part.split(" ")[0]}-ms`,
    round1(median(runs.imports.map((row) => row[k]))),
    "ms",
    `import of the ${part} chunk in a fresh process, after the ones before it, no compile cache; median of ${RUNS}`,
  );
if (over.length > 0) {
  console.error(`\nSTAGE OVER BUDGET (apps/cli/bench/startup-budget.json):\n  ${over.join("\n  ")}`);
  console.error(
    'Find what grew with a CPU profile (docs/benchmarks.md, "Start-up"), or raise the budget with the reason.',
  );
  process.exitCode = 1;
}
rmSync(warm.root, { recursive: true, force: true });
if (warmBaseline) rmSync(warmBaseline.root, { recursive: true, force: true });
