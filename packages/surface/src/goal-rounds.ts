/**
 * Goal rounds, for every surface (`picasso -p … --goal`, the TUI's `/goal`): the objective becomes
 * the session's goal and is re-entered, round after round, until the model calls `goal_done` or
 * `goal_blocked` (deferred tools, through `tool_call`), a round ends in an error or an interrupt,
 * or the rounds run out (`--max-rounds`, default 5). Each round after the first is a user turn
 * whose text is a `<system-reminder source="goal-round">` — appended history, never Tier 1 —
 * naming the objective, the round, and (the stale-todos trigger) the open todo items when they did
 * not change during the last round. The reminders are built with @picasso/protocol's
 * `formatReminder`, the one builder lean context's stale-todos rule and the timelines read back.
 *
 * `GoalRounds` holds the loop's state; the surface runs each turn its own way:
 *   `let input = rounds.begin(objective);`
 *   `while (true) { stop = await runTurn(input); const next = rounds.after(stop); if ("outcome" in next) break; input = next.input; }`
 */
import type { TodoItem, TurnStopReason } from "@picasso/protocol";
import { formatReminder, UserError } from "@picasso/protocol";
import type { Goal, GoalBoard, TodoBoard } from "@picasso/tools";

export const DEFAULT_MAX_ROUNDS = 5;

/** `--max-rounds` / `/goal --max-rounds`: a whole number from 1 to 100, default 5. */
export function parseMaxRounds(value: string | undefined, flag = "--max-rounds"): number {
  if (value === undefined) return DEFAULT_MAX_ROUNDS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100)
    throw new UserError(`${flag}: expected a whole number from 1 to 100, got "${value}"`);
  return n;
}

const HOW =
  'When the done-when condition holds, call tool_call({name: "goal_done", arguments: {evidence}}); if something you cannot resolve blocks it, call goal_blocked with {reason, needs} instead of repeating a failing step.';

/** The default done-when condition of a goal given only as an objective. */
export const DEFAULT_DONE_WHEN = "the objective above is fully met and checked";

export function firstRoundInput(prompt: string, maxRounds: number): string {
  return `${prompt}\n\n${formatReminder("goal", `Goal mode: this objective is re-entered each round (at most ${maxRounds}) until it is done or blocked. ${HOW}`)}`;
}

export function roundInput(goal: Goal, round: number, maxRounds: number, staleTodos: TodoItem[]): string {
  const todos = staleTodos.length
    ? ` Your todo list did not change last round and still has ${staleTodos.length} open item${staleTodos.length === 1 ? "" : "s"}: ${staleTodos.map((t) => t.content).join("; ")} — work on them or update the list.`
    : "";
  return formatReminder(
    "goal-round",
    `Goal round ${round} of ${maxRounds}. Objective: ${goal.objective} Done when: ${goal.doneWhen}.${todos} State your progress and the next step, then continue. ${HOW}`,
  );
}

/** How goal rounds ended. */
export type GoalOutcome =
  | { kind: "done"; goal: Goal }
  | { kind: "blocked"; goal: Goal }
  | { kind: "out_of_rounds"; goal: Goal; maxRounds: number }
  | { kind: "stopped"; stopReason: TurnStopReason | undefined; goal: Goal | undefined };

export class GoalRounds {
  private round = 0;
  private todosBefore = "";

  constructor(
    private readonly board: GoalBoard,
    private readonly todos: TodoBoard,
    readonly maxRounds: number = DEFAULT_MAX_ROUNDS,
  ) {}

  /** The round running now (1-based; 0 before `begin`). */
  get current(): number {
    return this.round;
  }

  /** Make `objective` the goal and start round 1; returns its input. */
  begin(objective: string, doneWhen = DEFAULT_DONE_WHEN): string {
    this.board.set(objective, doneWhen);
    this.startRound();
    return firstRoundInput(objective, this.maxRounds);
  }

  /** After a round's turn ended with `stopReason`: the next round's input, or how the rounds ended. */
  after(
    stopReason: TurnStopReason | undefined,
    interrupted = false,
  ): { input: string } | { outcome: GoalOutcome } {
    const goal = this.board.goal;
    if (goal?.status === "done") return { outcome: { kind: "done", goal } };
    if (goal?.status === "blocked") return { outcome: { kind: "blocked", goal } };
    if (
      !goal ||
      interrupted ||
      stopReason === "error" ||
      stopReason === "interrupted" ||
      stopReason === undefined
    )
      return { outcome: { kind: "stopped", stopReason, goal } };
    if (this.round >= this.maxRounds)
      return { outcome: { kind: "out_of_rounds", goal, maxRounds: this.maxRounds } };
    const todos = this.todos.get("main");
    const stale = JSON.stringify(todos) === this.todosBefore ? todos.filter((t) => t.status !== "done") : [];
    this.startRound();
    return { input: roundInput(goal, this.round, this.maxRounds, stale) };
  }

  private startRound(): void {
    this.round += 1;
    this.board.nextRound();
    this.todosBefore = JSON.stringify(this.todos.get("main"));
  }
}

/** One line for people: how the rounds ended. */
export function goalOutcomeLine(outcome: GoalOutcome): string {
  switch (outcome.kind) {
    case "done":
      return `goal done after ${outcome.goal.rounds} round${outcome.goal.rounds === 1 ? "" : "s"}: ${outcome.goal.evidence ?? ""}`.trimEnd();
    case "blocked":
      return `goal blocked: ${outcome.goal.blocker?.reason ?? "?"} — would unblock it: ${outcome.goal.blocker?.needs ?? "?"}`;
    case "out_of_rounds":
      return `goal not reached after ${outcome.maxRounds} rounds (the most allowed); /goal again to go on`;
    case "stopped":
      return `goal rounds stopped: the round ended ${outcome.stopReason === "interrupted" ? "by an interrupt" : `with ${outcome.stopReason ?? "no answer"}`}`;
  }
}
