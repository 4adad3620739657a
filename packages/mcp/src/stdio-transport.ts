/**
 * The stdio transport for a server process, on the SDK's own framing (`ReadBuffer`,
 * `serializeMessage`), written here rather than taken from the SDK so that Picasso knows what
 * the SDK's transport keeps to itself: the pid, the exit code or signal, the last lines the
 * server wrote to stderr (for a crash report) — and so that closing kills the server's whole
 * process group (a server started through a wrapper leaves no grandchild behind).
 *
 * Lines on stdout that are not JSON-RPC are counted and dropped (`garbageLines`), never fatal.
 * The child inherits only a few safe variables (PATH, HOME…) plus the configured `env`, and runs
 * behind the process walls the caller gives (`isolate`), so it never sees Picasso's `/proc`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

const INHERITED = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "TMPDIR", "LANG", "SystemRoot"];
const STDERR_TAIL_BYTES = 2048;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * How a server's program is started: given its command and arguments, the program to spawn
 * instead (Picasso's process walls — a PID namespace, no capabilities — so the server cannot
 * read Picasso's memory or environment; tools' `CommandSandbox.isolate`).
 */
export type ProcessIsolation = (command: string, args: readonly string[]) => { file: string; args: string[] };

export interface StdioParams {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  isolate?: ProcessIsolation;
}

export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer();
  private stderrTail = "";
  /** Lines on stdout that were not JSON-RPC messages. */
  garbageLines = 0;
  exit: ProcessExit | undefined;
  /** Resolves when the process has exited (after `start`). */
  readonly exited: Promise<ProcessExit>;
  private resolveExit!: (exit: ProcessExit) => void;

  constructor(private readonly params: StdioParams) {
    this.exited = new Promise((resolve) => {
      this.resolveExit = resolve;
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the server wrote to stderr. */
  get stderr(): string {
    return this.stderrTail.trim();
  }

  start(): Promise<void> {
    const env: Record<string, string> = {};
    for (const key of INHERITED) if (process.env[key] !== undefined) env[key] = process.env[key]!;
    Object.assign(env, this.params.env);
    return new Promise((resolve, reject) => {
      const { file, args } = this.params.isolate?.(this.params.command, this.params.args) ?? {
        file: this.params.command,
        args: this.params.args,
      };
      const child = spawn(file, args, {
        cwd: this.params.cwd,
        env,
        stdio: ["pipe", "pipe", "pipe"],
        detached: process.platform !== "win32",
        windowsHide: true,
      });
      this.child = child;
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
        this.finish({ code: null, signal: null });
      });
      child.once("spawn", () => resolve());
      child.once("exit", (code, signal) => this.finish({ code, signal }));
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr?.on("data", (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_BYTES);
      });
    });
  }

  private read(chunk: Buffer): void {
    this.buffer.append(chunk);
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch {
        this.garbageLines += 1;
        continue;
      }
      if (message === null) break;
      this.onmessage?.(message);
    }
  }

  private finish(exit: ProcessExit): void {
    if (this.exit) return;
    this.exit = exit;
    this.resolveExit(exit);
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exit) throw new Error("the server process is not running");
    await new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Ends the process: stdin closed, then SIGTERM to its group, then SIGKILL after `graceMs`. */
  async close(graceMs = 2000): Promise<void> {
    const child = this.child;
    if (!child || this.exit) return;
    child.stdin?.end();
    this.signal("SIGTERM");
    const timer = setTimeout(() => this.signal("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (!pid || this.exit) return;
    try {
      if (process.platform !== "win32") process.kill(-pid, signal);
      else this.child?.kill(signal);
    } catch {
      this.child?.kill(signal);
    }
  }
}
