/**
 * What the tools protect across compaction (`PicassoExtension.protect`, docs/lean-context.md
 * "Protected context"): the lane's todo list while it has an open item (every item, in order, in
 * the one format of protocol's `todoSection`), and — on the main lane — the goal while it is not
 * done: `GoalBoard.describe()`, its status and round included. Pure given the boards.
 */
import { type ProtectedSection, todoSection } from "@picasso/protocol";
import type { GoalBoard } from "./goal/goal-board.js";
import type { TodoBoard } from "./todo-board.js";

export const GOAL_LABEL = "Goal";

export function protectedToolState(
  source: string,
  boards: { todos: TodoBoard; goal: GoalBoard },
  lane: string,
): ProtectedSection[] {
  const todos = todoSection(source, boards.todos.get(lane));
  const goal = boards.goal.goal;
  return [
    ...(todos ? [todos] : []),
    ...(lane === "main" && goal && goal.status !== "done"
      ? [{ source, label: GOAL_LABEL, lines: boards.goal.describe().split("\n") }]
      : []),
  ];
}
