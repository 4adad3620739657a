/**
 * The session's ralph loops: started by `ralph_start` (ids `r1`, `r2`… in start order), found by
 * id, each armed as something that will wake the session (`wake.arm`) while it runs; when one ends
 * the lead is told (`wake.notify`, source `ralph`) and it is disarmed. A round's lane calling
 * `goal_done` / `goal_blocked` is routed to its loop (`claimGoal`). Closing the session stops
 * every loop still running.
 */
import { type ExtensionStartContext, type ToolContext, waitUntil } from "@picasso/protocol";
import { type BackgroundJobs, ToolInputError } from "@picasso/tools";
import { type CheckRunner, checkRunner } from "./ralph-check.js";
import { type GoalClaim, RalphLoop } from "./ralph-loop.js";
import type { RalphSpec } from "./ralph-spec.js";
import { endNotice } from "./ralph-text.js";

export interface RalphLoopsOptions {
  /** The session's shell jobs (the tools runtime): checks run through them as `bash` runs commands. */
  jobs?: BackgroundJobs;
  /** Replaces the check runner (tests). */
  runCheck?: CheckRunner;
}

export class RalphLoops {
  private readonly loops: RalphLoop[] = [];
  private readonly disarms = new Map<string, () => void>();
  private session: ExtensionStartContext | undefined;
  private readonly runCheck: CheckRunner | undefined;
  private closing = false;
  private nextId = 1;

  constructor(private readonly options: RalphLoopsOptions = {}) {
    this.runCheck = options.runCheck ?? (options.jobs ? checkRunner(options.jobs) : undefined);
  }

  started(ctx: ExtensionStartContext): void {
    this.session = ctx;
  }

  /** A check would run inside the command sandbox (auto mode runs only those unasked). */
  checksSandboxed(): boolean {
    return this.options.jobs?.sandbox?.active === true;
  }

  /** Start a loop from the calling tool's lane; a string says why it cannot start. */
  start(spec: RalphSpec, ctx: ToolContext): RalphLoop | string {
    const session = this.session;
    if (!session) return "ralph loops need a live session; none is running here.";
    if (spec.checkCommand !== undefined && !this.runCheck)
      return "this session runs no commands (no tools runtime is mounted), so a check_command cannot run; use until: goal_done without one.";
    const id = `r${this.nextId++}`;
    let loop: RalphLoop;
    try {
      loop = new RalphLoop(id, spec, {
        lanes: ctx.subagents,
        record: (event) => session.record(event, ctx.lane),
        ...(this.runCheck ? { runCheck: this.runCheck } : {}),
        onEnd: (ended) => this.ended(ended),
      });
    } catch (error) {
      return `no round could start: ${(error as Error)?.message ?? String(error)}`;
    }
    this.loops.push(loop);
    if (loop.running) this.disarms.set(id, session.wake?.arm(`ralph loop ${id}`) ?? (() => {}));
    return loop;
  }

  list(): readonly RalphLoop[] {
    return this.loops;
  }

  find(id: string): RalphLoop {
    const loop = this.loops.find((l) => l.id === id);
    if (!loop)
      throw new ToolInputError(
        `no ralph loop "${id}" in this session${this.loops.length ? ` (loops: ${this.loops.map((l) => l.id).join(", ")})` : ""}.`,
      );
    return loop;
  }

  /** Wait up to `waitMs` for `loop` to end, or for `signal` to abort. */
  async waitFor(loop: RalphLoop, waitMs: number, signal: AbortSignal): Promise<void> {
    if (!loop.running || waitMs <= 0) return;
    await waitUntil(loop.ended, waitMs, signal);
  }

  /** A lane called goal_done / goal_blocked: the loop whose round it is takes it; else undefined. */
  claimGoal(lane: string, claim: GoalClaim): RalphLoop | undefined {
    const loop = this.loops.find((l) => l.currentLane === lane);
    loop?.claim(lane, claim);
    return loop;
  }

  /**
   * The session is closing (its lanes were cancelled first): stop what still runs and wait for each
   * loop's end to be recorded, so it is logged before `session_end`.
   */
  async close(): Promise<void> {
    this.closing = true;
    const running = this.loops.filter((l) => l.running);
    for (const loop of running) loop.stop();
    await Promise.all(running.map((l) => l.ended));
    for (const disarm of this.disarms.values()) disarm();
    this.disarms.clear();
  }

  private ended(loop: RalphLoop): void {
    try {
      // Closing: nobody is left to wake.
      if (!this.closing) this.session?.wake?.notify({ source: "ralph", text: endNotice(loop) });
    } finally {
      this.disarms.get(loop.id)?.();
      this.disarms.delete(loop.id);
    }
  }
}
