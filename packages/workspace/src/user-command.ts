/**
 * Running one command the user configured — a hook (packages/hooks), a custom command's shell line
 * (packages/commands): `bash -c <command>` in the workspace (inside the command sandbox when it is
 * on: the same walls as the model's commands), `input` on stdin, a minimal environment (no
 * provider key or other secret: only the variables a shell script needs, plus `env`), a timeout
 * after which the whole process group is killed, and at most `MAX_OUTPUT_BYTES` of stdout and of
 * stderr kept. It never throws: a failure to start is a run with `spawnError`.
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
export interface UserCommandSandbox {
  readonly active: boolean;
  /** The sandbox is on but cannot run here: commands are refused, not run unconfined. */
  readonly refusesCommands: boolean;
  wrap(command: string, cwd: string): { file: string; args: string[] };
  /** Resolves once the sandbox knows whether it can run (its probe); awaited before anything runs. */
  settled?(): Promise<void>;
}

export interface UserCommandOptions {
  cwd: string;
  /** The JSON written to stdin. */
  input: string;
  timeoutMs: number;
  /** Extra variables (`PICASSO_PROJECT_DIR`, `CLAUDE_PROJECT_DIR`…). */
  env: Record<string, string>;
  sandbox?: UserCommandSandbox;
  /** Where the base variables come from (default process.env). */
  baseEnv?: NodeJS.ProcessEnv;
}

export interface UserCommandRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: string;
  durationMs: number;
}

/** The only variables a user command inherits from Picasso's environment. */
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

export function userCommandEnvironment(
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

export async function runUserCommand(command: string, options: UserCommandOptions): Promise<UserCommandRun> {
  const started = Date.now();
  await options.sandbox?.settled?.();
  if (options.sandbox?.refusesCommands)
    return Promise.resolve({
      exitCode: null,
      stdout: "",
      stderr: "",
      timedOut: false,
      spawnError: "the sandbox is on but cannot run here, so it is not run",
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
      env: userCommandEnvironment(options.env, options.baseEnv),
      stdio: [stdin, "pipe", "pipe"],
      detached: true,
    });
    closeSync(stdin);
    const finish = (run: Omit<UserCommandRun, "durationMs" | "stdout" | "stderr" | "timedOut">) => {
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
  const path = join(tmpdir(), `picasso-input-${randomBytes(6).toString("hex")}.json`);
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
