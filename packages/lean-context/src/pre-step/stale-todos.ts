/**
 * The stale-todos nudge.
 *
 * Rule: find the last `todo_write` call in history — or, when a compaction removed it, the todo
 * list its summary's protected block kept (`<protected-context>`, protocol protected-context.ts;
 * that list was written before a compaction). If its list still has open items (pending
 * or in progress) and the model has moved on since — at least STALE_TODO_CALLS tool calls after
 * it, or a new goal round (a `goal-round` reminder) after it, or a compaction since it — append
 * one `stale-todos` reminder asking it to update or replace the list. Limits: at most
 * MAX_NUDGES_PER_WRITE nudges after one write (counted from the `stale-todos` reminders after
 * it), and at most one per STALE_TODO_CALLS tool calls (counted since the last `stale-todos`
 * reminder anywhere). The text depends only on the todo list, so identical history yields
 * identical bytes. Compactions are known from the caller (`compactionsSinceWrite`).
 */
import { type Message, protectedContextIn, protectedTodos, type TodoItem } from "@picasso/protocol";
import { lastReminderIndex, REMINDER_SOURCES, remindersIn } from "./reminders.js";

export const STALE_TODO_CALLS = 20;
export const MAX_NUDGES_PER_WRITE = 2;
export const TODO_WRITE = "todo_write";

export interface TodoWrite {
  /** tool_use id of the write. */
  id: string;
  messageIndex: number;
  blockIndex: number;
  todos: TodoItem[];
}

export function parseTodos(input: Record<string, unknown>): TodoItem[] {
  const list = Array.isArray(input.todos) ? input.todos : [];
  return list
    .filter((item): item is Record<string, unknown> => item !== null && typeof item === "object")
    .map((item) => ({
      content: String(item.content ?? ""),
      status: (item.status === "done" || item.status === "in_progress"
        ? item.status
        : "pending") as TodoItem["status"],
    }));
}

/** The id a todo list kept by a compaction's protected block goes by. */
export const PROTECTED_TODOS_ID = "protected-context";

export function lastTodoWrite(messages: readonly Message[]): TodoWrite | undefined {
  for (let m = messages.length - 1; m >= 0; m--) {
    const message = messages[m]!;
    if (message.role === "user") {
      // A compaction summary: its protected block holds the list as it stood (or none).
      const sections = protectedContextIn(message);
      if (!sections) continue;
      const todos = protectedTodos(sections);
      return todos ? { id: PROTECTED_TODOS_ID, messageIndex: m, blockIndex: -1, todos } : undefined;
    }
    for (let b = message.content.length - 1; b >= 0; b--) {
      const block = message.content[b]!;
      if (block.type === "tool_use" && block.name === TODO_WRITE)
        return { id: block.id, messageIndex: m, blockIndex: b, todos: parseTodos(block.input) };
    }
  }
  return undefined;
}

/** Tool calls in assistant messages after position (message, block); block -1 = whole message counts. */
export function toolCallsAfter(messages: readonly Message[], messageIndex: number, blockIndex = -1): number {
  let count = 0;
  for (let m = Math.max(0, messageIndex); m < messages.length; m++) {
    const message = messages[m]!;
    if (message.role !== "assistant") continue;
    message.content.forEach((block, b) => {
      if (block.type === "tool_use" && (m > messageIndex || b > blockIndex)) count++;
    });
  }
  return count;
}

export const openTodos = (todos: TodoItem[]) => todos.filter((t) => t.status !== "done");

export function staleTodosText(todos: TodoItem[]): string {
  return [
    "Your todo list still has open items:",
    ...openTodos(todos).map((t) => `- [${t.status}] ${t.content}`),
    "You have moved on since it was last written. Update it with todo_write (mark finished items done, replace items that no longer apply), or continue with the next open item.",
  ].join("\n");
}

export interface StaleTodosDecision {
  nudge: boolean;
  write?: TodoWrite;
  callsSinceWrite: number;
  nudgesForWrite: number;
  reason?: "tool_calls" | "goal_round" | "compaction";
  text?: string;
}

export function decideStaleTodos(
  messages: readonly Message[],
  compactionsSinceWrite: number,
): StaleTodosDecision {
  const write = lastTodoWrite(messages);
  if (!write || openTodos(write.todos).length === 0)
    return { nudge: false, ...(write ? { write } : {}), callsSinceWrite: 0, nudgesForWrite: 0 };
  const after = messages.slice(write.messageIndex + 1);
  const callsSinceWrite = toolCallsAfter(messages, write.messageIndex, write.blockIndex);
  const nudgesForWrite = after.reduce(
    (n, m) => n + remindersIn(m).filter((r) => r.source === REMINDER_SOURCES.staleTodos).length,
    0,
  );
  const base = { write, callsSinceWrite, nudgesForWrite };
  const goalRound = after.some((m) => remindersIn(m).some((r) => r.source === REMINDER_SOURCES.goalRound));
  const reason =
    callsSinceWrite >= STALE_TODO_CALLS
      ? "tool_calls"
      : goalRound
        ? "goal_round"
        : compactionsSinceWrite > 0 || write.id === PROTECTED_TODOS_ID
          ? "compaction"
          : undefined;
  if (!reason || nudgesForWrite >= MAX_NUDGES_PER_WRITE) return { nudge: false, ...base };
  const lastNudge = lastReminderIndex(messages, REMINDER_SOURCES.staleTodos);
  if (lastNudge >= 0 && toolCallsAfter(messages, lastNudge) < STALE_TODO_CALLS)
    return { nudge: false, ...base };
  return { nudge: true, ...base, reason, text: staleTodosText(write.todos) };
}
