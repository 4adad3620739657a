/**
 * The session's background shell jobs: started by `bash` with `run_in_background`, read and
 * killed later by id, and all ended when the session ends.
 *
 * Each job keeps its combined stdout+stderr in a rolling 1 MiB window; reading returns what
 * arrived since the previous read (at most 64 KiB at a time) and says how many bytes were lost
 * if the reader fell behind. `killAll()` ends every job's process group, plus any group a
 * foreground command left running (every group is registered in the session's `ProcessGroups`);
 * the runtime calls it when the session ends. One registry per session: `createToolRuntime()`
 * makes it.
 */

import { waitUntil } from "@picasso/protocol";
import { RollingCapture } from "./output-capture.js";
import { type GroupExit, type RunningGroup, type SpawnOptions, spawnGroup } from "./process-group.js";
import { ProcessGroups } from "./process-groups.js";
import type { CommandSandbox } from "./sandbox/sandbox.js";

export const JOB_OUTPUT_BYTES = 1024 * 1024;
export const JOB_READ_BYTES = 64 * 1024;
export const MAX_RUNNING_JOBS = 16;

export interface BackgroundJob {
  id: string;
  command: string;
  pid: number | undefined;
  startedAt: number;
  /** Set once the job's process has exited. */
  exit?: GroupExit;
  killed: boolean;
}

interface JobRecord extends BackgroundJob {
  group: RunningGroup;
  output: RollingCapture;
  cursor: number;
}

export interface JobOutput {
  job: BackgroundJob;
  text: string;
  dropped: number;
  /** Bytes still unread after this read. */
  remaining: number;
}

/** Output read without moving a cursor: what `peek` returns. */
export interface PeekedOutput {
  text: string;
  next: number;
  dropped: number;
  /** Bytes that have arrived in all. */
  total: number;
  /** The process has exited (what `total` counts is all there will be). */
  ended: boolean;
}

export class BackgroundJobs {
  private readonly jobs = new Map<string, JobRecord>();
  private nextId = 1;

  constructor(
    readonly killGraceMs = 2000,
    readonly groups: ProcessGroups = new ProcessGroups(killGraceMs),
    /** Commands run inside it when it is active (sandbox/sandbox.ts). */
    readonly sandbox?: CommandSandbox,
  ) {}

  running(): number {
    return [...this.jobs.values()].filter((j) => !j.exit).length;
  }

  /** A command's process group as the session runs them: its kill grace, its group record, the sandbox. */
  spawn(command: string, cwd: string, output: Pick<SpawnOptions, "onStdout" | "onStderr">): RunningGroup {
    return spawnGroup(command, {
      cwd,
      killGraceMs: this.killGraceMs,
      groups: this.groups,
      ...(this.sandbox ? { sandbox: this.sandbox } : {}),
      ...output,
    });
  }

  start(command: string, cwd: string): BackgroundJob {
    const output = new RollingCapture(JOB_OUTPUT_BYTES);
    const group = this.spawn(command, cwd, {
      onStdout: (chunk) => output.push(chunk),
      onStderr: (chunk) => output.push(chunk),
    });
    const job: JobRecord = {
      id: `job-${this.nextId++}`,
      command,
      pid: group.pid,
      startedAt: Date.now(),
      killed: false,
      group,
      output,
      cursor: 0,
    };
    void group.exited.then((exit) => {
      job.exit = exit;
    });
    this.jobs.set(job.id, job);
    return this.describe(job);
  }

  get(id: string): BackgroundJob | undefined {
    const job = this.jobs.get(id);
    return job ? this.describe(job) : undefined;
  }

  /**
   * Output from absolute offset `from` (at most `limit` bytes), without moving the job's read
   * cursor: a watcher (the `monitor` tool) reads beside the model's own `output` reads.
   */
  peek(id: string, from: number, limit = JOB_READ_BYTES): PeekedOutput | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    return { ...job.output.readFrom(from, limit), total: job.output.total, ended: job.exit !== undefined };
  }

  list(): BackgroundJob[] {
    return [...this.jobs.values()].map((j) => this.describe(j));
  }

  /** New output since the last read; with `waitMs`, first wait up to that long for the job to exit. */
  async read(
    id: string,
    options: { waitMs?: number; signal?: AbortSignal } = {},
  ): Promise<JobOutput | undefined> {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (!job.exit && options.waitMs && options.waitMs > 0) {
      await waitUntil(job.group.exited, options.waitMs, options.signal);
      job.exit ??= await settledOrUndefined(job.group.exited);
    }
    const { text, next, dropped } = job.output.readFrom(job.cursor, JOB_READ_BYTES);
    job.cursor = next;
    return { job: this.describe(job), text, dropped, remaining: job.output.total - next };
  }

  async kill(id: string): Promise<BackgroundJob | undefined> {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (!job.exit) {
      job.killed = true;
      await job.group.kill();
      job.exit = await job.group.exited;
    }
    return this.describe(job);
  }

  /** End every job, then every other group still alive (what foreground commands left running). */
  async killAll(): Promise<void> {
    await Promise.all([...this.jobs.keys()].map((id) => this.kill(id)));
    await this.groups.killAll();
  }

  private describe(job: JobRecord): BackgroundJob {
    const { id, command, pid, startedAt, exit, killed } = job;
    return exit ? { id, command, pid, startedAt, exit, killed } : { id, command, pid, startedAt, killed };
  }
}

async function settledOrUndefined<T>(promise: Promise<T>): Promise<T | undefined> {
  return Promise.race([promise, Promise.resolve(undefined)]);
}
