/**
 * The session's goal: an objective, the condition that makes it done, and where it stands —
 * `active`, `done` (with the evidence) or `blocked` (with what blocks it and what would unblock
 * it). Set by `goal_set` or by a surface (`picasso -p … --goal`); goal rounds re-enter the same
 * objective until it is done, blocked or out of rounds (goal-rounds.ts in @picasso/surface). The policy
 * (the spec's goal-blocker policy): a goal is never marked done while a blocker stands — a
 * blocked goal must be set again (`goal_set`) once the blocker is resolved.
 */

export type GoalStatus = "active" | "done" | "blocked";

export interface Goal {
  objective: string;
  doneWhen: string;
  status: GoalStatus;
  evidence?: string;
  blocker?: { reason: string; needs: string };
  /** Rounds started for this goal (a surface counts them). */
  rounds: number;
  setAt: number;
}

export class GoalBoard {
  private current: Goal | undefined;

  get goal(): Goal | undefined {
    return this.current;
  }

  set(objective: string, doneWhen: string): Goal {
    this.current = { objective, doneWhen, status: "active", rounds: 0, setAt: Date.now() };
    return this.current;
  }

  /** A string is why it cannot be marked done. */
  done(evidence: string): Goal | string {
    const goal = this.current;
    if (!goal) return "no goal is set; set one with goal_set first";
    if (goal.status === "blocked")
      return `a blocker stands (${goal.blocker?.reason}); a blocked goal is never marked done — once the blocker is resolved, set the goal again with goal_set`;
    if (goal.status === "done") return "the goal is already done";
    goal.status = "done";
    goal.evidence = evidence;
    return goal;
  }

  blocked(reason: string, needs: string): Goal | string {
    const goal = this.current;
    if (!goal) return "no goal is set";
    if (goal.status === "done") return "the goal is already done";
    goal.status = "blocked";
    goal.blocker = { reason, needs };
    return goal;
  }

  /** A surface starts a round. */
  nextRound(): number {
    if (!this.current) return 0;
    this.current.rounds += 1;
    return this.current.rounds;
  }

  /** Take up a goal as `describe()` wrote it (a resumed session's protected context); false if it is not one. */
  restore(description: readonly string[]): boolean {
    const head = /^Goal \((active|done|blocked), round (\d+)\): (.*)$/.exec(description[0] ?? "");
    const doneWhen = /^Done when: (.*)$/.exec(description[1] ?? "");
    if (!head || !doneWhen) return false;
    const field = (prefix: string) =>
      description.find((line) => line.startsWith(prefix))?.slice(prefix.length);
    const evidence = field("Evidence: ");
    const reason = field("Blocked: ");
    this.current = {
      objective: head[3]!,
      doneWhen: doneWhen[1]!,
      status: head[1] as GoalStatus,
      rounds: Number(head[2]),
      setAt: Date.now(),
      ...(evidence !== undefined ? { evidence } : {}),
      ...(reason !== undefined ? { blocker: { reason, needs: field("Would unblock it: ") ?? "" } } : {}),
    };
    return true;
  }

  describe(): string {
    const goal = this.current;
    if (!goal) return "No goal is set.";
    const lines = [
      `Goal (${goal.status}, round ${goal.rounds}): ${goal.objective}`,
      `Done when: ${goal.doneWhen}`,
    ];
    if (goal.status === "done") lines.push(`Evidence: ${goal.evidence}`);
    if (goal.blocker)
      lines.push(`Blocked: ${goal.blocker.reason}`, `Would unblock it: ${goal.blocker.needs}`);
    return lines.join("\n");
  }
}
