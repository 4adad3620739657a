/**
 * Running one hook command: `bash -c <command>` in the workspace (inside the command sandbox when
 * it is on: the same walls as the model's commands), the event's JSON on stdin, a minimal
 * environment (no provider key or other secret: only the variables a shell script needs, and the
 * project folder), a timeout after which the whole process group is killed, and at most
 * `MAX_OUTPUT_BYTES` of stdout and of stderr kept. It never throws: a failure to start is a run
 * with `spawnError`.
 * Stdin is a file (written, opened, then unlinked), never a socket: bash started with a socket on
 * stdin takes itself for a remote shell and runs the user's `~/.bashrc` first.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const MAX_OUTPUT_BYTES = 64 * 1024;

/** What wraps a command into the sandbox (packages/tools `CommandSandbox`), when there is one. */
export interface HookSandbox {
  readonly active: boolean;
  /** The sandbox is on but cannot run here: commands are refused, not run unconfined. */
  readonly refusesCommands: boolean;
  wrap(command: string, cwd: string): { file: string; args: string[] };
}

export interface HookRunOptions {
  cwd: string;
  /** The JSON written to stdin. */
  input: string;
  timeoutMs: number;
  /** Extra variables (`PICASSO_PROJECT_DIR`, `CLAUDE_PROJECT_DIR`…). */
  env: Record<string, string>;
  sandbox?: HookSandbox;
  /** Where the base variables come from (default process.env). */
  baseEnv?: NodeJS.ProcessEnv;
}

export interface HookRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: string;
  durationMs: number;
}

/** The only variables a hook inherits from Picasso's environment. */
const PASSED = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TERM",
  "TZ",
  "TMPDIR",
];

export function hookEnvironment(
  extra: Record<string, string>,
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED) {
    const value = base[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

export function runHookCommand(command: string, options: HookRunOptions): Promise<HookRun> {
  const started = Date.now();
  if (options.sandbox?.refusesCommands)
    return Promise.resolve({
      exitCode: null,
      stdout: "",
      stderr: "",
      timedOut: false,
      spawnError: "the sandbox is on but cannot run here, so hooks are not run",
      durationMs: 0,
    });
  const { file, args } = options.sandbox?.active
    ? options.sandbox.wrap(command, options.cwd)
    : { file: "bash", args: ["-c", command] };
  let stdin: number;
  try {
    stdin = inputFile(options.input);
  } catch (error) {
    return Promise.resolve({
      exitCode: null,
      stdout: "",
      stderr: "",
      timedOut: false,
      spawnError: `could not write its input: ${(error as Error).message}`,
      durationMs: Date.now() - started,
    });
  }
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const sizes = { out: 0, err: 0 };
    let timedOut = false;
    let settled = false;
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: hookEnvironment(options.env, options.baseEnv),
      stdio: [stdin, "pipe", "pipe"],
      detached: true,
    });
    closeSync(stdin);
    const finish = (run: Omit<HookRun, "durationMs" | "stdout" | "stderr" | "timedOut">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        ...run,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        timedOut,
        durationMs: Date.now() - started,
      });
    };
    const keep = (into: Buffer[], key: "out" | "err") => (chunk: Buffer) => {
      const room = MAX_OUTPUT_BYTES - sizes[key];
      if (room <= 0) return;
      const part = chunk.subarray(0, room);
      into.push(part);
      sizes[key] += part.length;
    };
    child.stdout?.on("data", keep(out, "out"));
    child.stderr?.on("data", keep(err, "err"));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs);
    child.on("error", (error) => finish({ exitCode: null, spawnError: error.message }));
    child.on("close", (code) => finish({ exitCode: code }));
  });
}

/** A read descriptor of a file holding `input`, already unlinked. */
function inputFile(input: string): number {
  const path = join(tmpdir(), `picasso-hook-${randomBytes(6).toString("hex")}.json`);
  writeFileSync(path, input, { flag: "wx", mode: 0o600 });
  try {
    return openSync(path, "r");
  } finally {
    rmSync(path, { force: true });
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
