/**
 * A ralph loop's completion check: the model's command, run exactly as the `bash` tool runs a
 * foreground command (`runShellCommand` from @picasso/tools: the session's jobs, so the command
 * sandbox, the scrubbed environment, the process-group record and kill grace). `ralph_start` asked
 * permission for it as an `exec` call. Exit code 0 passes; a timeout, an interrupt, a sandbox that
 * refuses commands or a failed start fails. The result keeps the output's last 2,000 characters
 * (stdout, then stderr), which the next round's carry quotes.
 */
import { type BackgroundJobs, runShellCommand } from "@picasso/tools";
import { tail } from "./ralph-brief.js";

export const CHECK_TAIL_CHARS = 2_000;

export interface CheckResult {
  passed: boolean;
  exitCode: number | null;
  ended?: "timeout" | "interrupt" | "refused" | "not_started";
  tail: string;
  durationMs: number;
}

export type CheckRunner = (
  command: string,
  cwd: string,
  timeoutMs: number,
  signal: AbortSignal,
) => Promise<CheckResult>;

export function checkRunner(jobs: BackgroundJobs): CheckRunner {
  return async (command, cwd, timeoutMs, signal) => {
    const started = Date.now();
    const run = await runShellCommand(jobs, { command, cwd, timeoutMs, signal });
    const durationMs = Date.now() - started;
    if (run.refused !== undefined)
      return {
        passed: false,
        exitCode: null,
        ended: "refused",
        tail: tail(run.refused, CHECK_TAIL_CHARS),
        durationMs,
      };
    if (run.spawnError !== undefined)
      return {
        passed: false,
        exitCode: null,
        ended: "not_started",
        tail: tail(run.spawnError, CHECK_TAIL_CHARS),
        durationMs,
      };
    const output = [run.stdout.replace(/\n$/, ""), run.stderr.replace(/\n$/, "")]
      .filter((s) => s !== "")
      .join("\n");
    return {
      passed: run.ended === undefined && run.exitCode === 0,
      exitCode: run.exitCode,
      ...(run.ended !== undefined ? { ended: run.ended } : {}),
      tail: tail(output, CHECK_TAIL_CHARS),
      durationMs,
    };
  };
}
