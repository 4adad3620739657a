/**
 * The process groups a session's tools started and have not yet seen end — every foreground bash
 * call and background job leads one. Three guards keep them from outliving Picasso:
 * - a clean end: `killAll()` (the runtime's `dispose()`) ends every group still alive;
 * - Picasso dying without one: each group is watched by the session's supervisor process
 *   (group-supervisor.ts), which kills it when Picasso's end of a pipe closes. It is started
 *   just before the session's first tool process (`starting()`), not when the session opens: a
 *   session that runs no command never pays for the spawn, and none waits for it to be ready;
 * - both dying at once: once `recordIn(path)` is called, the set is mirrored to a file beside the
 *   session's log (group-record.ts), and `recordIn` first kills whatever groups an earlier run of
 *   the same session recorded and left alive.
 * A group is forgotten when it is seen gone: its leader exited and nothing is left in it, or it
 * was killed.
 */
import { randomBytes } from "node:crypto";
import { bootId, processStartTime } from "@picasso/workspace";
import { killRecordedGroups, writeGroupRecord } from "./group-record.js";
import { GroupSupervisor, TOOL_GROUP_TOKEN_VAR } from "./group-supervisor.js";
import { type GroupRegistry, killGroup } from "./process-group.js";

export class ProcessGroups implements GroupRegistry {
  private readonly live = new Map<number, string>();
  private readonly supervisor: GroupSupervisor;
  private readonly boot = bootId();
  private recordPath: string | undefined;

  constructor(readonly killGraceMs = 2000) {
    this.supervisor = new GroupSupervisor(killGraceMs, randomBytes(8).toString("hex"));
  }

  /** The environment every tool process of this session carries, so the supervisor can find it. */
  get processEnv(): Record<string, string> {
    return { [TOOL_GROUP_TOKEN_VAR]: this.supervisor.token };
  }

  /** The supervisor's pid, once a group was started (tests). */
  get supervisorPid(): number | undefined {
    return this.supervisor.pid;
  }

  /** Groups started and not seen to end. */
  list(): number[] {
    return [...this.live.keys()];
  }

  /** A tool process is about to start: its watcher runs first (once per session). */
  starting(): void {
    this.supervisor.start();
  }

  started(pgid: number): void {
    this.live.set(pgid, processStartTime(pgid));
    this.supervisor.watch(pgid);
    this.save();
  }

  ended(pgid: number): void {
    if (!this.live.delete(pgid)) return;
    this.supervisor.release(pgid);
    this.save();
  }

  /**
   * Kill the groups an earlier run of this session recorded in `path` and left alive, then keep
   * this run's record there. Returns the pgids it killed.
   */
  async recordIn(path: string): Promise<number[]> {
    const killed = await killRecordedGroups(path, this.killGraceMs);
    this.recordPath = path;
    this.save();
    return killed;
  }

  /** End every group still alive; then nothing is watched or recorded. */
  async killAll(): Promise<void> {
    await Promise.all(
      this.list().map(async (pgid) => {
        await killGroup(pgid, this.killGraceMs);
        this.ended(pgid);
      }),
    );
  }

  /** Stop the supervisor (after `killAll`). */
  close(): void {
    this.supervisor.close();
  }

  private save(): void {
    if (!this.recordPath) return;
    try {
      writeGroupRecord(
        this.recordPath,
        [...this.live].map(([pgid, start]) => ({ pgid, start, boot: this.boot })),
      );
    } catch {
      // The record is a safety net; a session whose folder is not writable still runs.
    }
  }
}
