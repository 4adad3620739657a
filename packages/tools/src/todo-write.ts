/**
 * `todo_write`: the model's working plan as a list of items, each pending, in progress or done.
 *
 * Every call replaces the whole list (send the full list each time). The model gets a count
 * summary and the item in progress; the user sees the list (display kind `todos`). With a
 * `TodoBoard` the list is also kept per lane for the engine to read.
 */
import type { TodoItem, ToolContext, ToolDefinition, ToolOutput } from "@picasso/protocol";
import { defineTool } from "./define-tool.js";
import type { TodoBoard } from "./todo-board.js";
import { ToolInputError } from "./tool-input.js";

export const TODO_MAX_ITEMS = 100;
const STATUSES: ReadonlySet<string> = new Set(["pending", "in_progress", "done"]);

function readTodos(input: Record<string, unknown>): TodoItem[] {
  const value = input["todos"];
  if (!Array.isArray(value)) throw new ToolInputError('"todos" is required and must be an array of items.');
  if (value.length > TODO_MAX_ITEMS)
    throw new ToolInputError(`"todos" holds at most ${TODO_MAX_ITEMS} items.`);
  return value.map((item, i) => {
    const at = `todos[${i}]`;
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      throw new ToolInputError(`${at} must be an object with "content" and "status".`);
    }
    const { content, status } = item as Record<string, unknown>;
    if (typeof content !== "string" || content.trim() === "") {
      throw new ToolInputError(`${at}.content must be a non-empty string.`);
    }
    if (typeof status !== "string" || !STATUSES.has(status)) {
      throw new ToolInputError(`${at}.status must be "pending", "in_progress" or "done".`);
    }
    return { content: content.trim(), status: status as TodoItem["status"] };
  });
}

function summarise(items: TodoItem[]): string {
  if (items.length === 0) return "Todo list cleared.";
  const count = (s: TodoItem["status"]) => items.filter((i) => i.status === s).length;
  const active = items.filter((i) => i.status === "in_progress");
  let text =
    `Todo list updated: ${items.length} item${items.length === 1 ? "" : "s"} — ` +
    `${count("done")} done, ${active.length} in progress, ${count("pending")} pending.`;
  if (active.length === 1) text += ` Now: ${active[0]!.content}`;
  if (active.length > 1) text += " Keep one item in progress at a time.";
  return text;
}

export function createTodoWriteTool(board?: TodoBoard): ToolDefinition {
  return defineTool({
    name: "todo_write",
    description:
      "Set the todo list for multi-step work. Each call replaces the whole list, so send every item, in order, " +
      "each a short imperative with its status.",
    properties: {
      todos: {
        type: "array",
        maxItems: TODO_MAX_ITEMS,
        items: {
          type: "object",
          properties: {
            content: { type: "string" },
            status: { type: "string", enum: ["pending", "in_progress", "done"] },
          },
          required: ["content", "status"],
          additionalProperties: false,
        },
      },
    },
    required: ["todos"],
    effect: "read",
    family: "core",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const items = readTodos(input);
      board?.set(ctx.lane, items);
      return { content: summarise(items), display: { kind: "todos", items } };
    },
  });
}

/** A `todo_write` that keeps no list of its own (the list lives in the conversation). */
export const todoWriteTool = createTodoWriteTool();
