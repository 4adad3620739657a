/**
 * The TUI's `/goal` on a wired session: `GoalRounds` (@picasso/surface, the loop `-p --goal` runs
 * too) on the session's goal board and todos, ended with one line for the transcript.
 */

import type { TurnStopReason } from "@picasso/protocol";
import { GoalRounds, goalOutcomeLine } from "@picasso/surface";
import type { ToolRuntime } from "@picasso/tools";
import type { GoalRoundsDriver } from "@picasso/tui";

export function goalDriver(
  runtime: Pick<ToolRuntime, "goal" | "todos">,
  maxRounds: number,
): GoalRoundsDriver {
  const rounds = new GoalRounds(runtime.goal, runtime.todos, maxRounds);
  return {
    maxRounds,
    get current() {
      return rounds.current;
    },
    begin: (objective) => rounds.begin(objective),
    after(stopReason, interrupted) {
      const next = rounds.after(stopReason as TurnStopReason | undefined, interrupted);
      if ("input" in next) return next;
      return { ended: goalOutcomeLine(next.outcome), reached: next.outcome.kind === "done" };
    },
  };
}
