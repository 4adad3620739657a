/**
 * Goal rounds for `picasso -p … --goal`: the prompt becomes the session's goal and is re-entered,
 * round after round, until the model calls `goal_done` or `goal_blocked` (deferred tools, through
 * `tool_call`) or `--max-rounds` (default 5) run out. Each round after the first is a user turn
 * whose text is a `<system-reminder source="goal-round">` — appended history, never Tier 1 —
 * naming the objective, the round, and (the stale-todos trigger) the open todo items when they did
 * not change during the last round.
 */
import type { TodoItem } from "@picasso/protocol";
import { UserError } from "@picasso/protocol";
import type { Goal } from "@picasso/tools";

export const DEFAULT_MAX_ROUNDS = 5;

export function parseMaxRounds(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_ROUNDS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100)
    throw new UserError(`--max-rounds: expected a whole number from 1 to 100, got "${value}"`);
  return n;
}

const HOW =
  'When the done-when condition holds, call tool_call({name: "goal_done", arguments: {evidence}}); if something you cannot resolve blocks it, call goal_blocked with {reason, needs} instead of repeating a failing step.';

export function firstRoundInput(prompt: string, maxRounds: number): string {
  return `${prompt}\n\n<system-reminder source="goal">Goal mode: this objective is re-entered each round (at most ${maxRounds}) until it is done or blocked. ${HOW}</system-reminder>`;
}

export function roundInput(goal: Goal, round: number, maxRounds: number, staleTodos: TodoItem[]): string {
  const todos = staleTodos.length
    ? ` Your todo list did not change last round and still has ${staleTodos.length} open item${staleTodos.length === 1 ? "" : "s"}: ${staleTodos.map((t) => t.content).join("; ")} — work on them or update the list.`
    : "";
  return `<system-reminder source="goal-round">Goal round ${round} of ${maxRounds}. Objective: ${goal.objective} Done when: ${goal.doneWhen}.${todos} State your progress and the next step, then continue. ${HOW}</system-reminder>`;
}
