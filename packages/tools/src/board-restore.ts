/**
 * A resumed session's todo lists and goal, taken up from its log so that what it protects across
 * compaction (protected-state.ts) goes on where the last run left it. The log's events, in order:
 * - an assistant `message`'s `todo_write` call sets its lane's list (as the tool would);
 * - a goal call — `goal_set`, `goal_done`, `goal_blocked`, directly or through the `tool_call`
 *   gateway — acts on the goal board as the tool would (a refused call changes nothing there too);
 * - a `compaction`'s protected block (the state at that compaction) sets its lane's list (none
 *   kept: empty) and, on the main lane, the goal it kept — its status and round included.
 * Goal rounds a surface started and no compaction kept are not in the log; the round then counts
 * from the last kept one.
 */
import { type LogEvent, protectedContextIn, protectedTodos, type TodoItem } from "@picasso/protocol";
import type { GoalBoard } from "./goal/goal-board.js";
import { GOAL_LABEL } from "./protected-state.js";
import type { TodoBoard } from "./todo-board.js";

function todoItems(value: unknown): TodoItem[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.filter(
    (item): item is TodoItem =>
      item !== null &&
      typeof item === "object" &&
      typeof item.content === "string" &&
      ["pending", "in_progress", "done"].includes(item.status),
  );
  return items.length === value.length
    ? items.map((i) => ({ content: i.content.trim(), status: i.status }))
    : undefined;
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

function goalCall(goal: GoalBoard, name: string, input: Record<string, unknown>): void {
  if (name === "goal_set" && str(input.objective) && str(input.done_when))
    goal.set(str(input.objective), str(input.done_when));
  else if (name === "goal_done") goal.done(str(input.evidence));
  else if (name === "goal_blocked") goal.blocked(str(input.reason), str(input.needs));
}

export function restoreBoards(
  events: Iterable<LogEvent>,
  boards: { todos: TodoBoard; goal: GoalBoard },
): void {
  for (const event of events) {
    if (event.type === "message" && event.message.role === "assistant") {
      for (const block of event.message.content) {
        if (block.type !== "tool_use") continue;
        if (block.name === "todo_write") {
          const items = todoItems(block.input.todos);
          if (items) boards.todos.set(event.lane, items);
        } else if (block.name === "tool_call") {
          const args = block.input.arguments;
          goalCall(
            boards.goal,
            str(block.input.name),
            args && typeof args === "object" ? (args as Record<string, unknown>) : {},
          );
        } else goalCall(boards.goal, block.name, block.input);
      }
    } else if (event.type === "compaction") {
      const sections = protectedContextIn(event.summary);
      if (!sections) continue;
      boards.todos.set(event.lane, protectedTodos(sections) ?? []);
      const goal = sections.find((s) => s.label === GOAL_LABEL);
      if (event.lane === "main" && goal) boards.goal.restore(goal.lines);
    }
  }
}
