/**
 * Reopening a session that holds long unbroken text (`node scripts/bench.mjs apps/cli`):
 * - tui.reopen-1mb-unbroken-ms: `picasso --continue` of a session whose prompt is 1 MiB of base64
 *   (no space, no line break; made with `picasso -p - --provider mock`), launched in a detached
 *   100×30 tmux session, until its opening line (`resumed session …`) is on screen — polled every
 *   20 ms, the scrollback included (tmux keeps 2,000 rows: an old build that prints the whole text
 *   pushes its opening line out of them past ~150 KB);
 * - tui.reopen-new-session-ms: the same launch without `--continue`, until `new session …` shows:
 *   what opening costs with no history, measured interleaved in the same run;
 * - tui.reopen-sigterm-exit-ms: SIGTERM to the reopened TUI until it has exited (the lock released).
 * Medians of REOPEN_BENCH_RUNS (default 3) runs. REOPEN_BENCH_BYTES sets the prompt's size;
 * REOPEN_BENCH_DIST=<another build's dist folder> measures that build instead (e.g. a copy of dist
 * from before a change); a launch that shows nothing within REOPEN_BENCH_TIMEOUT_MS (default 60 s)
 * is reported as that bound and its process killed.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openTmuxPane } from "./tmux-pane.mjs";

const dist = resolve(
  process.env.REOPEN_BENCH_DIST ?? join(dirname(fileURLToPath(import.meta.url)), "../dist"),
);
const binary = join(dist, "main.js");
const RUNS = Number(process.env.REOPEN_BENCH_RUNS ?? 3);
const BYTES = Number(process.env.REOPEN_BENCH_BYTES ?? 1024 * 1024);
const TIMEOUT_MS = Number(process.env.REOPEN_BENCH_TIMEOUT_MS ?? 60_000);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const bench = (name, value, unit, note) =>
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);

const root = mkdtempSync(join(tmpdir(), "picasso-reopen-bench-"));
const work = join(root, "work");
const home = join(root, "home");
mkdirSync(join(work, ".picasso"), { recursive: true });
const env = { ...process.env, HOME: root, PICASSO_HOME: home };
for (const key of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "PICASSO_PROVIDER"]) delete env[key];

const prompt = randomBytes(Math.ceil((BYTES * 3) / 4))
  .toString("base64")
  .slice(0, BYTES);
const made = spawnSync(process.execPath, [binary, "-p", "-", "--provider", "mock"], {
  cwd: work,
  env,
  input: prompt,
  stdio: ["pipe", "ignore", "inherit"],
});
if (made.status !== 0) throw new Error(`making the session failed (exit ${made.status})`);

/** Launch the TUI with `args` in tmux: ms until `shown` is on screen (or the timeout), and the SIGTERM-to-exit time. */
async function launch(args, shown) {
  const pane = openTmuxPane({
    cwd: work,
    env: { HOME: root, PICASSO_HOME: home, TERM: "xterm-256color" },
    command: `node '${binary}' ${args}; echo "[exited $?]"; sleep 60`,
  });
  const { started } = pane;
  const screen = () => pane.screen(2000);
  let shownMs = TIMEOUT_MS;
  let exitMs;
  let node;
  try {
    for (;;) {
      if (screen().includes(shown)) {
        shownMs = performance.now() - started;
        break;
      }
      if (performance.now() - started > TIMEOUT_MS) break;
      await sleep(20);
    }
    node = childNode(pane.panePid());
    if (node !== undefined && shownMs < TIMEOUT_MS) {
      const signalled = performance.now();
      process.kill(node, "SIGTERM");
      while (!screen().includes("[exited") && performance.now() - signalled < 20_000) await sleep(20);
      if (screen().includes("[exited")) exitMs = performance.now() - signalled;
    }
  } finally {
    // An old build may still be busy and deaf to signals: do not leave it running.
    if (node !== undefined && existsSync(`/proc/${node}`)) {
      try {
        process.kill(node, "SIGKILL");
      } catch {}
    }
    pane.close();
  }
  return { shownMs, exitMs };
}

/** The pane shell's child `node` process (`env` execs node in the shell's child). */
function childNode(shellPid) {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === shellPid && stat.includes("(node)")) return Number(name);
    } catch {}
  }
  return undefined;
}

const reopen = [];
const fresh = [];
const exits = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const r = await launch("--continue", "resumed session ");
    reopen.push(r.shownMs);
    if (r.exitMs !== undefined) exits.push(r.exitMs);
    fresh.push((await launch("", "new session ")).shownMs);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
const size = BYTES === 1024 * 1024 ? "1 MiB" : `${BYTES} B`;
const build = process.env.REOPEN_BENCH_DIST ? `; build ${process.env.REOPEN_BENCH_DIST}` : "";
const reopenMs = Math.round(median(reopen));
bench(
  "tui.reopen-1mb-unbroken-ms",
  reopenMs >= TIMEOUT_MS ? `> ${TIMEOUT_MS}` : reopenMs,
  "ms",
  `picasso --continue of a session holding ${size} of base64 in one run, to its opening line on screen (100×30 tmux); median of ${RUNS}; runs: ${reopen.map(Math.round).join(", ")}${build}`,
);
bench(
  "tui.reopen-new-session-ms",
  Math.round(median(fresh)),
  "ms",
  `a new session in the same workspace, to its opening line; median of ${RUNS}, interleaved with the above`,
);
if (exits.length > 0)
  bench(
    "tui.reopen-sigterm-exit-ms",
    Math.round(median(exits)),
    "ms",
    `SIGTERM to the reopened TUI until it exited (log ended, lock released); median of ${exits.length}`,
  );
