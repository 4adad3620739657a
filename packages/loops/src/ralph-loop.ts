/**
 * One ralph loop, run in the background: round after round, a fresh background lane (label
 * `round N`, group `ralph:<id>`) gets the same prompt and, from round 2 on, the previous round's
 * carry (ralph-brief.ts). After each round's lane stops:
 * 1. the round's goal claim, if its lane called `goal_done` / `goal_blocked` (the extension's
 *    `tool/before` gate records it: `claim`);
 * 2. the check, when there is one and the round did not call goal_blocked (ralph-check.ts), with
 *    what is left of the time budget as its longest run;
 * 3. `ralph_round_end` is recorded, then the first that holds ends the loop: goal_blocked →
 *    `blocked`; `until: check` and the check passed → `check_passed`; `until: goal_done`, the
 *    round called goal_done and the check (if any) passed → `goal_done`; time is up →
 *    `max_seconds`; that was the last round → `max_rounds`.
 * `stop()` cancels the running round and ends the loop `stopped`, as does a round whose lane was
 * interrupted from outside (the session closing cancels its lanes first); a lane that cannot be forked
 * (the session is ending) ends it `error`. Every end is recorded (`ralph_loop_end`) and reported
 * once through `onEnd` (the extension wakes the session with it).
 */
import type { ForkedSubagent, ForkedSubagents, SessionEventBody, SubagentStatus } from "@picasso/protocol";
import { type RoundCarry, roundBrief } from "./ralph-brief.js";
import type { CheckResult, CheckRunner } from "./ralph-check.js";
import type { RalphSpec } from "./ralph-spec.js";

export type RalphEndReason =
  | "check_passed"
  | "goal_done"
  | "blocked"
  | "max_rounds"
  | "max_seconds"
  | "stopped"
  | "error";

export interface GoalClaim {
  kind: "done" | "blocked";
  text: string;
}

export interface RalphRound {
  round: number;
  lane: string;
  status: "running" | SubagentStatus;
  goal?: GoalClaim;
  check?: CheckResult;
  report?: string;
  tokens: number;
}

export interface RalphEnd {
  reason: RalphEndReason;
  message?: string;
}

export interface RalphLoopDeps {
  lanes: ForkedSubagents;
  record(event: SessionEventBody): void;
  runCheck?: CheckRunner;
  onEnd(loop: RalphLoop): void;
}

/** How long one wait on a round's lane lasts before the loop looks again (stop, deadline). */
const WAIT_SLICE_MS = 60_000;

export class RalphLoop {
  readonly rounds: RalphRound[] = [];
  readonly startedAt = Date.now();
  end: RalphEnd | undefined;
  /** Settles when the loop has ended (never rejects). */
  readonly ended: Promise<void>;
  private readonly stopping = new AbortController();
  private readonly claims = new Map<string, GoalClaim>();

  constructor(
    readonly id: string,
    readonly spec: RalphSpec,
    private readonly deps: RalphLoopDeps,
  ) {
    deps.record({
      type: "ralph_loop_start",
      loop: id,
      prompt: spec.prompt,
      until: spec.until,
      ...(spec.checkCommand !== undefined ? { checkCommand: spec.checkCommand } : {}),
      maxRounds: spec.maxRounds,
      ...(spec.maxSteps !== undefined ? { maxSteps: spec.maxSteps } : {}),
      ...(spec.maxSeconds !== undefined ? { maxSeconds: spec.maxSeconds } : {}),
    });
    // Round 1 starts now, so that a caller that may not fork (a subagent: depth 1) fails at once.
    let first: RalphRound;
    try {
      first = this.startRound(1, undefined);
    } catch (error) {
      this.finish({ reason: "error", message: (error as Error)?.message ?? String(error) }, false);
      throw error;
    }
    this.ended = this.run(first).then(
      (end) => this.finish(end),
      (error: unknown) =>
        this.finish({ reason: "error", message: (error as Error)?.message ?? String(error) }),
    );
  }

  get running(): boolean {
    return this.end === undefined;
  }

  /** The lane of the round running now. */
  get currentLane(): string | undefined {
    const last = this.rounds.at(-1);
    return last?.status === "running" ? last.lane : undefined;
  }

  /** A round's lane called goal_done or goal_blocked (the first claim of a lane counts). */
  claim(lane: string, claim: GoalClaim): void {
    if (!this.claims.has(lane)) this.claims.set(lane, claim);
  }

  stop(): void {
    this.stopping.abort();
  }

  private get deadline(): number | undefined {
    return this.spec.maxSeconds !== undefined ? this.startedAt + this.spec.maxSeconds * 1000 : undefined;
  }

  private remainingMs(): number {
    const deadline = this.deadline;
    return deadline === undefined ? Number.POSITIVE_INFINITY : deadline - Date.now();
  }

  /** Fork round `n`'s lane (throws when no lane can be forked) and record its start. */
  private startRound(n: number, carry: RoundCarry | undefined): RalphRound {
    const left = this.remainingMs();
    const forked = this.deps.lanes.fork({
      task: this.spec.prompt,
      label: `round ${n}`,
      group: `ralph:${this.id}`,
      brief: roundBrief(this.spec, n, carry),
      ...(this.spec.maxSteps !== undefined ? { maxSteps: this.spec.maxSteps } : {}),
      ...(Number.isFinite(left) ? { maxSeconds: Math.max(1, Math.ceil(left / 1000)) } : {}),
    });
    const round: RalphRound = { round: n, lane: forked.id, status: "running", tokens: 0 };
    this.rounds.push(round);
    this.deps.record({ type: "ralph_round_start", loop: this.id, round: n, subagent: forked.id });
    return round;
  }

  private async run(first: RalphRound): Promise<RalphEnd> {
    let carry: RoundCarry | undefined;
    for (let n = 1; n <= this.spec.maxRounds; n++) {
      let round = first;
      if (n > 1) {
        if (this.stopping.signal.aborted) return { reason: "stopped" };
        if (this.remainingMs() <= 0) return { reason: "max_seconds" };
        round = this.startRound(n, carry);
      }
      const stopped = await this.untilStopped(round.lane);
      round.status = stopped.status as SubagentStatus;
      round.report = stopped.report ?? "";
      round.tokens = stopped.tokens;
      const goal = this.claims.get(round.lane);
      if (goal) round.goal = goal;
      const checkLeft = Math.min(this.spec.checkTimeoutMs, this.remainingMs());
      // An interrupted round was cancelled (ralph_stop, or the session closing): no check follows.
      const interrupted = round.status === "interrupted";
      if (
        this.spec.checkCommand !== undefined &&
        this.deps.runCheck &&
        goal?.kind !== "blocked" &&
        !interrupted &&
        !this.stopping.signal.aborted &&
        checkLeft > 0
      )
        round.check = await this.deps.runCheck(
          this.spec.checkCommand,
          this.spec.cwd,
          checkLeft,
          this.stopping.signal,
        );
      this.recordRoundEnd(round);
      if (this.stopping.signal.aborted) return { reason: "stopped" };
      if (interrupted) return { reason: "stopped", message: `round ${n} was interrupted` };
      if (goal?.kind === "blocked") return { reason: "blocked", message: goal.text };
      if (this.spec.until === "check" && round.check?.passed) return { reason: "check_passed" };
      if (
        this.spec.until === "goal_done" &&
        goal?.kind === "done" &&
        (this.spec.checkCommand === undefined || round.check?.passed)
      )
        return { reason: "goal_done", message: goal.text };
      if (this.remainingMs() <= 0) return { reason: "max_seconds" };
      carry = {
        round: n,
        report: round.report,
        ...(round.check
          ? {
              check: {
                passed: round.check.passed,
                exitCode: round.check.exitCode,
                ...(round.check.ended ? { ended: round.check.ended } : {}),
                tail: round.check.tail,
              },
            }
          : {}),
      };
    }
    return { reason: "max_rounds" };
  }

  /** Wait for the round's lane to stop; a stop request cancels it and waits for its report. */
  private async untilStopped(lane: string): Promise<ForkedSubagent> {
    const never = new AbortController().signal;
    let state = this.deps.lanes.report(lane, 0, never);
    while ((await state).status === "running") {
      if (this.stopping.signal.aborted) {
        try {
          this.deps.lanes.cancel(lane);
        } catch {
          // it stopped meanwhile
        }
        state = this.deps.lanes.report(lane, WAIT_SLICE_MS, never);
        continue;
      }
      state = this.deps.lanes.report(lane, WAIT_SLICE_MS, this.stopping.signal);
    }
    return state;
  }

  private recordRoundEnd(round: RalphRound): void {
    this.deps.record({
      type: "ralph_round_end",
      loop: this.id,
      round: round.round,
      subagent: round.lane,
      status: round.status === "running" ? "error" : round.status,
      ...(round.goal ? { goal: round.goal.kind } : {}),
      ...(round.check
        ? {
            check: {
              passed: round.check.passed,
              exitCode: round.check.exitCode,
              ...(round.check.ended ? { ended: round.check.ended } : {}),
              tail: round.check.tail,
              durationMs: round.check.durationMs,
            },
          }
        : {}),
    });
  }

  /** Record how the loop ended, then tell `onEnd` (not for a loop that never started a round). */
  private finish(end: RalphEnd, tell = true): void {
    this.end = end;
    try {
      this.deps.record({
        type: "ralph_loop_end",
        loop: this.id,
        reason: end.reason,
        rounds: this.rounds.length,
        ...(end.message !== undefined ? { message: end.message } : {}),
      });
    } catch {
      // the session closed under it: nothing is left to record to
    }
    try {
      if (tell) this.deps.onEnd(this);
    } catch {
      // the same: nobody is left to tell
    }
  }
}
