/**
 * The start-up trace: where the time goes between `node` starting and the session being ready.
 *
 * Each stage on the way (the first frame, the TUI loaded, the provider open, the composition read,
 * the extensions mounted, the session open, ready) calls `markStartup(stage)`, which keeps the
 * milliseconds since the process started (`performance.now()`, from Node's time origin) and the
 * process's CPU time by then (steadier than the wall clock on a busy machine) — at no cost worth
 * measuring (not Node's performance timeline, whose first lookup costs ~20 ms) and with nothing
 * written. When `PICASSO_STARTUP_TRACE` names
 * a file, `writeStartupTrace` (called once the session is ready) writes every stage reached, in
 * order, as JSON: `{"stages":[{"stage","ms","cpuMs"}…]}`. The start-up bench reads it
 * (apps/cli/bench/startup.bench.mjs) and compares each stage with its budget (docs/benchmarks.md).
 */
import { writeFileSync } from "node:fs";

/** The stages, in the order a TUI launch reaches them. */
export const STARTUP_STAGES = [
  "main",
  "first-frame",
  "cli",
  "tui-loaded",
  "ink-frame",
  "wiring-loaded",
  "provider-open",
  "composition-loaded",
  "extensions-mounted",
  "session-open",
  "ready",
] as const;
export type StartupStage = (typeof STARTUP_STAGES)[number];

const reached = new Map<StartupStage, StartupStageTime>();

export function markStartup(stage: StartupStage): void {
  // Only the first time: a session reopened by /clear or /model is not start-up.
  if (reached.has(stage)) return;
  if (stage === "ready") releaseHeldLoop();
  const cpu = process.cpuUsage();
  reached.set(stage, { stage, ms: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000 });
}

/** A stage reached: when (ms since the process started) and the process's CPU time by then (ms). */
export interface StartupStageTime {
  stage: StartupStage;
  ms: number;
  cpuMs: number;
}

/** The stages reached so far, in the order they were reached. */
export function startupStages(): StartupStageTime[] {
  return [...reached.values()].sort((a, b) => a.ms - b.ms);
}

let heldLoop: NodeJS.Timeout | undefined;
function releaseHeldLoop(): void {
  clearInterval(heldLoop);
  heldLoop = undefined;
}

/**
 * Whenever Node's event loop has nothing pending — even for a moment, between two dynamic imports —
 * Node waits for V8's background work (optimising compiles, WebAssembly tier-up) to finish before it
 * goes on: 40–70 ms of doing nothing on the way to a ready session, each time (a CPU profile shows
 * it as idle; `--single-threaded` or any pending timer makes it go away). A timer that never fires
 * holds the loop from the start until the session is ready (`markStartup("ready")`) or the caller
 * releases it (the program has finished: a command that never opens a TUI), so that work runs on
 * another core while start-up goes on.
 */
export function holdEventLoopUntilReady(): () => void {
  heldLoop ??= setInterval(() => {}, 2 ** 30);
  return releaseHeldLoop;
}

/** Writes the trace to `PICASSO_STARTUP_TRACE`'s file, when it is set (once: later calls do nothing). */
export function writeStartupTrace(env: NodeJS.ProcessEnv = process.env): void {
  const file = env.PICASSO_STARTUP_TRACE;
  if (!file || written) return;
  written = true;
  try {
    writeFileSync(file, `${JSON.stringify({ stages: startupStages() })}\n`);
  } catch {
    // A trace is for the bench; a path it cannot write never stops the session.
  }
}
let written = false;
