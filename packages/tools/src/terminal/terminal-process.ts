/**
 * One long-running interactive process: a pseudo-terminal through `@lydell/node-pty` (prebuilt
 * binaries), or plain pipes where that binding cannot load (or `PICASSO_TERMINAL=pipes`).
 *
 * Either way the process leads its own process group (a PTY child is a session leader; a piped
 * one is spawned detached), registered with the session's `ProcessGroups` so it is ended with
 * the session, by the supervisor if Picasso dies, or from the record on the next start. The
 * command runs as `bash -c <command>`, through the command sandbox when it is active. Output is
 * kept in a rolling 1 MiB window with absolute offsets, and every byte is also appended to a spill
 * file (up to 64 MiB) so nothing the window dropped is lost.
 */

import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { dirname } from "node:path";
import { bashArgs } from "../bash-args.js";
import { commandEnvironment } from "../command-env.js";
import { RollingCapture } from "../output-capture.js";
import { type GroupRegistry, groupAlive, killGroup } from "../process-group.js";
import type { CommandSandbox } from "../sandbox/sandbox.js";

export const TERMINAL_WINDOW_BYTES = 1024 * 1024;
const SPILL_MAX_BYTES = 64 * 1024 * 1024;
const PTY_DRAIN_QUIET_MS = 50;
const PTY_DRAIN_MAX_MS = 2000;

export type TerminalMode = "pty" | "pipes";

interface PtyLike {
  pid: number;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  onData(listener: (data: string) => void): unknown;
  onExit(listener: (e: { exitCode: number; signal?: number }) => void): unknown;
}
type PtySpawn = (
  file: string,
  args: string[],
  options: { name: string; cols: number; rows: number; cwd: string; env: Record<string, string> },
) => PtyLike;

let ptyBinding: Promise<PtySpawn | undefined> | undefined;

/** The PTY binding, or undefined where it cannot load (then terminals use pipes). */
export function loadPty(): Promise<PtySpawn | undefined> {
  if (process.env.PICASSO_TERMINAL === "pipes") return Promise.resolve(undefined);
  ptyBinding ??= import("@lydell/node-pty").then(
    (mod) => mod.spawn as PtySpawn,
    () => undefined,
  );
  return ptyBinding;
}

export interface TerminalExit {
  exitCode: number | null;
  signal: string | null;
}

export interface StartOptions {
  command: string;
  cwd: string;
  cols: number;
  rows: number;
  spillPath: string;
  sandbox?: CommandSandbox;
  groups: GroupRegistry;
  killGraceMs: number;
}

export class TerminalProcess {
  readonly output = new RollingCapture(TERMINAL_WINDOW_BYTES);
  exit: TerminalExit | undefined;
  readonly exited: Promise<TerminalExit>;
  private readonly listeners = new Set<() => void>();
  private spill: WriteStream | undefined;
  private spilled = 0;
  private resolveExit!: (exit: TerminalExit) => void;
  private writeInput: (data: string) => void = () => undefined;
  private closeInput: () => void = () => undefined;
  pid: number | undefined;

  private constructor(
    readonly mode: TerminalMode,
    readonly spillPath: string,
    private readonly options: StartOptions,
  ) {
    this.exited = new Promise((resolve) => {
      this.resolveExit = resolve;
    });
    try {
      mkdirSync(dirname(spillPath), { recursive: true });
      this.spill = createWriteStream(spillPath, { flags: "a" });
      this.spill.on("error", () => {
        this.spill = undefined;
      });
    } catch {
      this.spill = undefined;
    }
  }

  static async start(options: StartOptions): Promise<TerminalProcess> {
    const pty = await loadPty();
    // A pseudo-terminal stays the command's controlling terminal (no new session), so Ctrl-C and
    // job control work; a piped terminal has none to keep.
    const { file, args } = options.sandbox?.wrap(options.command, options.cwd, { newSession: !pty }) ?? {
      file: "bash",
      args: bashArgs(options.command),
    };
    const env = commandEnvironment(options.groups.processEnv);
    options.groups.starting();
    const term = new TerminalProcess(pty ? "pty" : "pipes", options.spillPath, options);
    if (pty) term.startPty(pty, file, args, { ...env, TERM: "xterm-256color" });
    else term.startPipes(file, args, { ...env, TERM: "dumb" });
    return term;
  }

  private startPty(pty: PtySpawn, file: string, args: string[], env: Record<string, string>): void {
    const child = pty(file, args, {
      name: "xterm-256color",
      cols: this.options.cols,
      rows: this.options.rows,
      cwd: this.options.cwd,
      env,
    });
    this.pid = child.pid;
    this.options.groups.started(child.pid);
    child.onData((data) => this.received(Buffer.from(data, "utf8")));
    // The PTY may report the exit before the last output is delivered: finish once it has been
    // quiet for a moment (bounded), so the window and the spill file hold everything.
    child.onExit(({ exitCode, signal }) => {
      const exit = { exitCode: signal ? null : exitCode, signal: signal ? `signal ${signal}` : null };
      const deadline = Date.now() + PTY_DRAIN_MAX_MS;
      let seen = this.output.total;
      const settle = () => {
        if (this.output.total === seen || Date.now() >= deadline) this.finished(exit);
        else {
          seen = this.output.total;
          setTimeout(settle, PTY_DRAIN_QUIET_MS);
        }
      };
      setTimeout(settle, PTY_DRAIN_QUIET_MS);
    });
    this.writeInput = (data) => child.write(data);
    this.closeInput = () => child.write("\x04");
  }

  private startPipes(file: string, args: string[], env: Record<string, string>): void {
    const child = spawn(file, args, {
      cwd: this.options.cwd,
      env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.pid = child.pid;
    if (child.pid !== undefined) this.options.groups.started(child.pid);
    child.stdout.on("data", (chunk: Buffer) => this.received(chunk));
    child.stderr.on("data", (chunk: Buffer) => this.received(chunk));
    child.stdin.on("error", () => undefined);
    child.once("error", (error) => {
      this.received(Buffer.from(`${error.message}\n`));
      this.finished({ exitCode: null, signal: null });
    });
    child.once("close", (code, signal) => this.finished({ exitCode: code, signal }));
    this.writeInput = (data) => {
      if (data === "\x03" && child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGINT");
        } catch {
          // already gone
        }
        return;
      }
      if (data === "\x04") {
        child.stdin.end();
        return;
      }
      child.stdin.write(data.replace(/\r/g, "\n"));
    };
    this.closeInput = () => child.stdin.end();
  }

  private received(chunk: Buffer): void {
    this.output.push(chunk);
    if (this.spill && this.spilled < SPILL_MAX_BYTES) {
      this.spill.write(chunk);
      this.spilled += chunk.length;
    }
    for (const listener of this.listeners) listener();
  }

  private finished(exit: TerminalExit): void {
    if (this.exit) return;
    this.exit = exit;
    this.spill?.end();
    if (this.pid !== undefined && !groupAlive(this.pid)) this.options.groups.ended(this.pid);
    this.resolveExit(exit);
    for (const listener of this.listeners) listener();
  }

  /** Call `listener` on every new output and on exit; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  write(data: string): void {
    if (!this.exit) this.writeInput(data);
  }

  endInput(): void {
    if (!this.exit) this.closeInput();
  }

  /** End the whole process group (SIGTERM, then SIGKILL after the grace period). */
  async kill(): Promise<void> {
    const pid = this.pid;
    if (pid !== undefined) {
      await killGroup(pid, this.options.killGraceMs);
      this.options.groups.ended(pid);
    }
    await Promise.race([
      this.exited,
      new Promise((resolve) => setTimeout(resolve, this.options.killGraceMs + 1000)),
    ]);
    this.spill?.end();
  }
}
