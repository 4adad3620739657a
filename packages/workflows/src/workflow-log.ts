/**
 * What a session log says about workflow runs: each run's start (workflow, inputs, lanes) and the
 * latest end of each lane, folded from the `workflow_*` events. A resume reads it to keep the
 * lanes that finished (`done`, their report file still there) and run only the rest; status and
 * `picasso workflow run --resume` read it to find runs. Unreadable lines are skipped (the engine
 * reports torn lines itself).
 */
import { readFileSync } from "node:fs";

export interface LoggedLane {
  status: string;
  output?: string;
  bytes?: number;
  tokens?: number;
  message?: string;
}

export interface LoggedRun {
  run: string;
  workflow: string;
  file: string;
  inputs: Record<string, string | string[]>;
  steps: string[];
  lanes: Map<string, LoggedLane>;
  /** The run's last end, if it ended (a crash leaves none). */
  end?: { status: string; done: number; failed: number; skipped: number };
  /** Where its first start is in the log (for ordering). */
  seq: number;
}

export function readLoggedRuns(logPath: string): Map<string, LoggedRun> {
  const runs = new Map<string, LoggedRun>();
  let text: string;
  try {
    text = readFileSync(logPath, "utf8");
  } catch {
    return runs;
  }
  for (const line of text.split("\n")) {
    if (!line.includes('"type":"workflow_')) continue;
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    const run = typeof event.run === "string" ? event.run : undefined;
    if (!run) continue;
    if (event.type === "workflow_start") {
      const before = runs.get(run);
      runs.set(run, {
        run,
        workflow: String(event.workflow),
        file: String(event.file),
        inputs: (event.inputs ?? {}) as Record<string, string | string[]>,
        steps: Array.isArray(event.steps) ? (event.steps as string[]) : [],
        lanes: before?.lanes ?? new Map(),
        seq: before?.seq ?? Number(event.seq ?? 0),
      });
      continue;
    }
    const known = runs.get(run);
    if (!known) continue;
    if (event.type === "workflow_step_end" && typeof event.step === "string")
      known.lanes.set(event.step, {
        status: String(event.status),
        ...(typeof event.output === "string" ? { output: event.output } : {}),
        ...(typeof event.bytes === "number" ? { bytes: event.bytes } : {}),
        ...(typeof event.tokens === "number" ? { tokens: event.tokens } : {}),
        ...(typeof event.message === "string" ? { message: event.message } : {}),
      });
    if (event.type === "workflow_step_start" && typeof event.step === "string")
      known.lanes.set(event.step, { status: "running" });
    if (event.type === "workflow_end")
      known.end = {
        status: String(event.status),
        done: Number(event.done),
        failed: Number(event.failed),
        skipped: Number(event.skipped),
      };
  }
  return runs;
}
