/**
 * `bash`: run a shell command in the workspace, or manage background jobs.
 *
 * `action: "run"` (the default) runs `command` with `bash -c` in the working folder, in its own
 * process group, spawned as the session's background jobs are (background-jobs.ts: kill grace,
 * group record, sandbox; see process-group.ts). It waits up to `timeout_ms` (default 2 min, max 10 min);
 * on timeout or interrupt the whole group is killed (SIGTERM, then SIGKILL) and the result says
 * so. The model gets the exit code, then stdout and stderr as separate sections; each stream keeps
 * its first 64 KiB and last 192 KiB. Invalid UTF-8 is shown as U+FFFD. A non-zero exit code is
 * reported, not an error; a timeout, interrupt or failure to start is an error result.
 * With `run_in_background` the command starts as a job and the call returns its id at once;
 * `action: "output"` reads what the job printed since the last read (optionally waiting up to
 * `timeout_ms` for it to finish), `"kill"` ends its process group, `"list"` shows all jobs.
 */
import { stat } from "node:fs/promises";
import type { ToolContext, ToolDefinition, ToolOutput } from "@picasso/protocol";
import type { BackgroundJob, BackgroundJobs } from "./background-jobs.js";
import { MAX_RUNNING_JOBS } from "./background-jobs.js";
import { defineTool, toolError } from "./define-tool.js";
import { HeadTailCapture } from "./output-capture.js";
import { sandboxBlockNote } from "./sandbox/sandbox-blocked.js";
import {
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
  ToolInputError,
} from "./tool-input.js";
import { resolveWorkspacePath } from "./workspace-path.js";

export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
export const BASH_MAX_TIMEOUT_MS = 600_000;
const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 192 * 1024;

function section(name: string, text: string): string {
  return text === "" ? "" : `\n${name}:\n${text.replace(/\n$/, "")}`;
}

/** A command to run as `bash` runs one in the foreground (`runShellCommand`). */
export interface ShellCommandRun {
  command: string;
  /** Absolute working folder. */
  cwd: string;
  timeoutMs: number;
  /** Aborting it kills the command's whole process group (`ended: "interrupt"`). */
  signal: AbortSignal;
}

/** How a foreground command ended: its exit, why it was stopped, and its output (head and tail kept). */
export interface ShellCommandResult {
  exitCode: number | null;
  signal: string | null;
  /** It was stopped: it ran out of time, or `signal` aborted. */
  ended: "timeout" | "interrupt" | undefined;
  /** The sandbox refuses commands (it is required and unavailable): what it says. */
  refused?: string;
  /** It could not be started: why. */
  spawnError?: string;
  /** It started processes that outlived it (their later output is not captured). */
  leftovers: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Run one command exactly as the `bash` tool's foreground run does: `bash -c` in its own process
 * group through the session's jobs (sandbox, scrubbed environment, group record, kill grace), the
 * whole group killed on timeout or abort, each stream's head and tail kept. For extensions that
 * run a command the model gave (a ralph loop's check); the caller's tool asked permission (`exec`).
 */
export async function runShellCommand(
  jobs: BackgroundJobs,
  run: ShellCommandRun,
): Promise<ShellCommandResult> {
  const empty = { exitCode: null, signal: null, ended: undefined, leftovers: false, stdout: "", stderr: "" };
  // Whether bwrap works is probed at mount without blocking; no command starts before it is known.
  await jobs.sandbox?.settled();
  if (jobs.sandbox?.refusesCommands) return { ...empty, refused: jobs.sandbox.describe() };
  const stdout = new HeadTailCapture(HEAD_BYTES, TAIL_BYTES);
  const stderr = new HeadTailCapture(HEAD_BYTES, TAIL_BYTES);
  const group = jobs.spawn(run.command, run.cwd, {
    onStdout: (chunk) => stdout.push(chunk),
    onStderr: (chunk) => stderr.push(chunk),
  });
  let ended: "timeout" | "interrupt" | undefined;
  const stop = (why: "timeout" | "interrupt") => {
    ended ??= why;
    void group.kill();
  };
  const timer = setTimeout(() => stop("timeout"), run.timeoutMs);
  const onAbort = () => stop("interrupt");
  if (run.signal.aborted) onAbort();
  else run.signal.addEventListener("abort", onAbort, { once: true });
  const exit = await group.exited;
  clearTimeout(timer);
  run.signal.removeEventListener("abort", onAbort);
  return {
    exitCode: exit.exitCode,
    signal: exit.signal ?? null,
    ended,
    ...(exit.spawnError !== undefined ? { spawnError: exit.spawnError } : {}),
    leftovers: exit.leftovers === true,
    stdout: stdout.text(),
    stderr: stderr.text(),
  };
}

async function runCommand(input: Record<string, unknown>, ctx: ToolContext, jobs: BackgroundJobs) {
  const command = requiredString(input, "command");
  if (command.trim() === "") throw new ToolInputError('"command" must not be blank.');
  const timeoutMs = optionalInteger(input, "timeout_ms", 1, BASH_MAX_TIMEOUT_MS) ?? BASH_DEFAULT_TIMEOUT_MS;
  const background = optionalBoolean(input, "run_in_background") ?? false;
  const where = resolveWorkspacePath(ctx, ctx.cwd);
  if (!where.ok) return toolError(`The working folder is not usable: ${where.error}`);
  if (!(await stat(where.abs).catch(() => undefined))?.isDirectory()) {
    return toolError(`The working folder ${ctx.cwd} does not exist.`);
  }
  if (background) {
    if (jobs.running() >= MAX_RUNNING_JOBS) {
      return toolError(
        `${MAX_RUNNING_JOBS} background jobs are already running; kill one first (action "kill").`,
      );
    }
    await jobs.sandbox?.settled();
    if (jobs.sandbox?.refusesCommands) return toolError(jobs.sandbox.describe());
    const job = jobs.start(command, where.abs);
    return {
      content:
        `Started background job ${job.id} (pid ${job.pid ?? "unknown"}). ` +
        `Read its output with action "output" and job_id "${job.id}"; stop it with action "kill".`,
      display: { kind: "command", command, exitCode: null, output: `started ${job.id}` },
    } satisfies ToolOutput;
  }
  if (jobs.sandbox?.refusesCommands) return toolError(jobs.sandbox.describe());
  const exit = await runShellCommand(jobs, { command, cwd: where.abs, timeoutMs, signal: ctx.signal });
  const { ended, stdout, stderr } = exit;
  if (exit.spawnError !== undefined) return toolError(`The command could not be started: ${exit.spawnError}`);
  const lines: string[] = [];
  if (ended === "timeout") {
    lines.push(
      `Command timed out after ${timeoutMs} ms; its whole process group was killed (SIGTERM, then SIGKILL). ` +
        "For long-running commands use run_in_background, or raise timeout_ms (max 600000).",
    );
  } else if (ended === "interrupt") {
    lines.push("Command interrupted by the user; its whole process group was killed.");
  } else if (exit.signal) {
    lines.push(`Command was terminated by signal ${exit.signal}.`);
  } else {
    lines.push(`Exit code: ${exit.exitCode}`);
  }
  if (exit.leftovers && !ended) {
    lines.push(
      "Processes it started in the background are still running; their later output is not captured.",
    );
  }
  const streams = section("stdout", stdout) + section("stderr", stderr);
  const blocked = jobs.sandbox?.active && exit.exitCode !== 0 ? sandboxBlockNote(stdout + stderr) : undefined;
  const content =
    lines.join("\n") + (streams === "" ? "\n(no output)" : streams) + (blocked ? `\n${blocked}` : "");
  return {
    content,
    isError: ended !== undefined,
    display: { kind: "command", command, exitCode: exit.exitCode, output: streams.trimStart() },
  } satisfies ToolOutput;
}

function jobStatus(job: BackgroundJob): string {
  if (!job.exit) return "running";
  if (job.killed) return "killed";
  return job.exit.signal ? `ended by signal ${job.exit.signal}` : `exited with code ${job.exit.exitCode}`;
}

async function runJobAction(
  action: string,
  input: Record<string, unknown>,
  ctx: ToolContext,
  jobs: BackgroundJobs,
) {
  if (action === "list") {
    const all = jobs.list();
    if (all.length === 0) return { content: "No background jobs." } satisfies ToolOutput;
    return {
      content: all.map((j) => `${j.id}  ${jobStatus(j)}  ${j.command}`).join("\n"),
    } satisfies ToolOutput;
  }
  const id = optionalString(input, "job_id");
  if (!id) return toolError(`action "${action}" needs job_id (see action "list").`);
  const unknown = toolError(
    `No background job ${id}. Known jobs: ${
      jobs
        .list()
        .map((j) => j.id)
        .join(", ") || "none"
    }.`,
  );
  if (action === "kill") {
    const job = await jobs.kill(id);
    if (!job) return unknown;
    return { content: `Job ${id} is ${jobStatus(job)}; its process group is gone.` } satisfies ToolOutput;
  }
  const waitMs = optionalInteger(input, "timeout_ms", 0, BASH_MAX_TIMEOUT_MS) ?? 0;
  const out = await jobs.read(id, { waitMs, signal: ctx.signal });
  if (!out) return unknown;
  const notes: string[] = [`Job ${id}: ${jobStatus(out.job)}.`];
  if (out.dropped > 0)
    notes.push(`${out.dropped} bytes of earlier output were dropped (only the last 1 MiB is kept).`);
  if (out.remaining > 0) notes.push(`${out.remaining} more bytes are waiting; read again.`);
  const body = out.text === "" ? "(no new output)" : `output (stdout and stderr combined):\n${out.text}`;
  return {
    content: `${notes.join(" ")}\n${body}`,
    display: {
      kind: "command",
      command: out.job.command,
      exitCode: out.job.exit?.exitCode ?? null,
      output: out.text,
    },
  } satisfies ToolOutput;
}

export function createBashTool(jobs: BackgroundJobs): ToolDefinition {
  return defineTool({
    name: "bash",
    description:
      "Run a command with bash in the working folder. Each call is a fresh shell (`cd` does not persist) with " +
      "stdin closed. Returns the exit code, stdout and stderr. timeout_ms: default 120000, max 600000; on " +
      'timeout everything it started is killed. run_in_background returns a job_id; action "output" then ' +
      'reads its new output (waiting up to timeout_ms for it to end), "kill" stops it, "list" shows all jobs.',
    properties: {
      command: { type: "string", description: 'Required for action "run".' },
      action: { type: "string", enum: ["run", "output", "kill", "list"], description: 'Default "run".' },
      timeout_ms: { type: "integer", minimum: 0, maximum: BASH_MAX_TIMEOUT_MS },
      run_in_background: { type: "boolean" },
      job_id: { type: "string" },
    },
    required: [],
    effect: "exec",
    family: "shell",
    // Job actions only read what a job printed; a command runs sandboxed when the sandbox is on.
    callEffect: (input) =>
      (optionalString(input, "action") ?? "run") === "run"
        ? { effect: "exec", sandboxed: jobs.sandbox?.active === true }
        : { effect: "read" },
    async run(input, ctx) {
      const action = optionalString(input, "action") ?? "run";
      if (action === "run") return runCommand(input, ctx, jobs);
      if (action === "output" || action === "kill" || action === "list")
        return runJobAction(action, input, ctx, jobs);
      return toolError(`Unknown action "${action}"; use "run", "output", "kill" or "list".`);
    },
  });
}
