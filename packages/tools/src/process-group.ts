/**
 * One shell command in its own process group, and a reliable way to end all of it.
 *
 * The command runs as `bash -c <command>` (Node's `spawn`), detached so that bash leads a new process
 * group and every process it starts belongs to that group. Stdin is closed (nothing can wait for
 * keyboard input); pagers are set to `cat`; git never prompts. Output is handed over as raw bytes.
 *
 * `exited` resolves when bash exits and its output pipes close; if processes it left behind keep
 * the pipes open, reading stops 250 ms after the exit and `leftovers` is true.
 *
 * `kill()` ends the whole group: SIGTERM to the group, then SIGKILL once `killGraceMs` passes
 * with any member still alive (zombies count as gone). It is safe to call more than once.
 *
 * With `groups`, the group is registered there as soon as it starts and forgotten once it is
 * seen gone — bash exited and nothing is left in the group, or `kill()` ended it — so processes
 * it leaves behind are still ended with the session, or by the supervisor if Picasso dies.
 */

import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { bashArgs } from "./bash-args.js";
import { commandEnvironment } from "./command-env.js";
import type { CommandSandbox } from "./sandbox/sandbox.js";

export interface GroupExit {
  exitCode: number | null;
  signal: string | null;
  /** Set when the command could not be started at all. */
  spawnError?: string;
  /** Processes left running in the group held the output open after bash exited. */
  leftovers: boolean;
}

export interface RunningGroup {
  pid: number | undefined;
  exited: Promise<GroupExit>;
  kill(): Promise<void>;
}

/** Where a spawned group is registered (`ProcessGroups`, process-groups.ts, implements it). */
export interface GroupRegistry {
  /** A tool process is about to start (its watcher must run first). */
  starting(): void;
  started(pgid: number): void;
  ended(pgid: number): void;
  /** Environment every tool process carries (the supervisor finds them by it). */
  readonly processEnv: Record<string, string>;
}

export interface SpawnOptions {
  /** Run it through the command sandbox (sandbox/sandbox.ts); without one, plain `bash -c`. */
  sandbox?: CommandSandbox;
  cwd: string;
  onStdout(chunk: Uint8Array): void;
  onStderr(chunk: Uint8Array): void;
  killGraceMs: number;
  /** The session's registry of live groups (see process-groups.ts). */
  groups?: GroupRegistry;
}

const STREAM_GRACE_MS = 250;
const POLL_MS = 25;

function sendToGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether any non-zombie process is still in group `pgid`. */
export function groupAlive(pgid: number): boolean {
  if (!sendToGroup(pgid, 0)) return false;
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return true; // no /proc: trust kill(0)
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") return true;
    } catch {
      // the process ended while we looked
    }
  }
  return false;
}

export async function killGroup(pgid: number, graceMs: number): Promise<void> {
  if (!groupAlive(pgid)) return;
  sendToGroup(pgid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (!groupAlive(pgid)) return;
  }
  sendToGroup(pgid, "SIGKILL");
}

export function spawnGroup(command: string, options: SpawnOptions): RunningGroup {
  const { file, args } = options.sandbox?.wrap(command, options.cwd) ?? {
    file: "bash",
    args: bashArgs(command),
  };
  options.groups?.starting();
  // Node's own spawn: the environment is exactly the command's (nothing of Picasso's), stdin closed.
  const child = spawn(file, args, {
    cwd: options.cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: commandEnvironment(options.groups?.processEnv),
  });
  const pgid = child.pid;
  if (pgid !== undefined) options.groups?.started(pgid);
  const forgetIfGone = () => {
    if (pgid !== undefined && !groupAlive(pgid)) options.groups?.ended(pgid);
  };
  child.stdout?.on("data", (chunk: Uint8Array) => options.onStdout(chunk));
  child.stderr?.on("data", (chunk: Uint8Array) => options.onStderr(chunk));

  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const exited = new Promise<GroupExit>((resolve) => {
    child.once("error", (error) => {
      resolve({ exitCode: null, signal: null, spawnError: error.message, leftovers: false });
    });
    child.once("exit", (code, signal) => {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<boolean>((done) => {
        timer = setTimeout(() => done(true), STREAM_GRACE_MS);
      });
      void Promise.race([closed.then(() => false), grace]).then((leftovers) => {
        clearTimeout(timer);
        if (leftovers) {
          child.stdout?.destroy();
          child.stderr?.destroy();
        }
        forgetIfGone();
        resolve({ exitCode: code, signal, leftovers });
      });
    });
  });

  return {
    pid: child.pid,
    exited,
    kill: async () => {
      if (pgid === undefined) return;
      await killGroup(pgid, options.killGraceMs);
      options.groups?.ended(pgid);
    },
  };
}
