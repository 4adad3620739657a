/**
 * The session's terminals: started by `terminal_start`, addressed by id (`term-1`, `term-2`…),
 * all killed with their process groups when the session ends (`killAll`, from the runtime's
 * `dispose()`). At most 8 run at once. Each keeps a read cursor, so `terminal_read` without
 * `since` returns what arrived since the previous read.
 */
import type { ProcessGroups } from "../process-groups.js";
import type { CommandSandbox } from "../sandbox/sandbox.js";
import { TerminalProcess } from "./terminal-process.js";
import { terminalText } from "./terminal-text.js";

export const MAX_RUNNING_TERMINALS = 8;
export const TERMINAL_READ_BYTES = 64 * 1024;
const CHECK_EVERY_MS = 25;

export interface TerminalRecord {
  id: string;
  command: string;
  cwd: string;
  startedAt: number;
  process: TerminalProcess;
  cursor: number;
}

export interface TerminalChunk {
  text: string;
  from: number;
  next: number;
  dropped: number;
  /** Bytes that arrived after `next` and were not returned (the read limit). */
  more: number;
}

export class Terminals {
  private readonly records = new Map<string, TerminalRecord>();
  private nextId = 1;

  constructor(
    readonly groups: ProcessGroups,
    readonly killGraceMs: number,
    readonly sandbox?: CommandSandbox,
  ) {}

  running(): number {
    return [...this.records.values()].filter((r) => !r.process.exit).length;
  }

  async start(
    command: string,
    cwd: string,
    spillDir: string,
    size: { cols: number; rows: number },
  ): Promise<TerminalRecord> {
    const id = `term-${this.nextId++}`;
    await this.sandbox?.settled();
    const proc = await TerminalProcess.start({
      command,
      cwd,
      ...size,
      spillPath: `${spillDir}/terminal-${id}.log`,
      groups: this.groups,
      killGraceMs: this.killGraceMs,
      ...(this.sandbox ? { sandbox: this.sandbox } : {}),
    });
    const record: TerminalRecord = { id, command, cwd, startedAt: Date.now(), process: proc, cursor: 0 };
    this.records.set(id, record);
    return record;
  }

  get(id: string): TerminalRecord | undefined {
    return this.records.get(id);
  }

  list(): TerminalRecord[] {
    return [...this.records.values()];
  }

  /** Output from `from` (default the read cursor) as model text; moves the cursor. */
  read(record: TerminalRecord, from = record.cursor): TerminalChunk {
    const { text, next, dropped } = record.process.output.readFrom(from, TERMINAL_READ_BYTES);
    record.cursor = Math.max(record.cursor, next);
    return { text: terminalText(text), from, next, dropped, more: record.process.output.total - next };
  }

  /**
   * Wait until the output after `from` matches `pattern` (or, without one, until output stops
   * for `quietMs` after some arrived), the process exits, `timeoutMs` passes or `signal` aborts.
   * Returns whether the pattern matched.
   */
  waitFor(
    record: TerminalRecord,
    from: number,
    options: { pattern?: RegExp; quietMs?: number; timeoutMs: number; signal: AbortSignal },
  ): Promise<boolean> {
    const proc = record.process;
    const matched = () => {
      if (!options.pattern) return false;
      // The latest 256 KiB after `from`: a ready line is near the end of what arrived.
      const start = Math.max(from, proc.output.total - 4 * TERMINAL_READ_BYTES);
      const { text } = proc.output.readFrom(start, 4 * TERMINAL_READ_BYTES);
      return options.pattern.test(terminalText(text));
    };
    return new Promise((resolve) => {
      let quietTimer: NodeJS.Timeout | undefined;
      const finish = (value: boolean) => {
        clearTimeout(deadline);
        clearTimeout(quietTimer);
        clearTimeout(pending);
        unsubscribe();
        options.signal.removeEventListener("abort", onAbort);
        resolve(value);
      };
      const check = () => {
        if (matched()) return finish(true);
        if (proc.exit) return finish(false);
        if (!options.pattern && options.quietMs !== undefined && proc.output.total > from) {
          clearTimeout(quietTimer);
          quietTimer = setTimeout(() => finish(false), options.quietMs);
        }
      };
      const onAbort = () => finish(false);
      const deadline = setTimeout(() => finish(matched()), options.timeoutMs);
      // Output can arrive in hundreds of chunks a second: look at most every 25 ms.
      let pending: NodeJS.Timeout | undefined;
      const unsubscribe = proc.onChange(() => {
        pending ??= setTimeout(() => {
          pending = undefined;
          check();
        }, CHECK_EVERY_MS);
      });
      options.signal.addEventListener("abort", onAbort, { once: true });
      check();
    });
  }

  async kill(record: TerminalRecord): Promise<void> {
    await record.process.kill();
  }

  /** End every terminal's process group (session end). */
  async killAll(): Promise<void> {
    await Promise.all(this.list().map((r) => r.process.kill()));
  }
}
