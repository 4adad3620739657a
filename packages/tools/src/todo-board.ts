/**
 * The session's current todo lists, one per lane (a subagent keeps its own list).
 *
 * `todo_write` replaces a lane's list wholesale; the engine or a plugin (e.g. the stale-todos
 * nudge) reads it back with `get`. Lists are copied in and out, so callers cannot mutate them.
 */
import type { TodoItem } from "@picasso/protocol";

export interface TodoBoard {
  get(lane: string): TodoItem[];
  set(lane: string, items: TodoItem[]): void;
}

export function createTodoBoard(): TodoBoard {
  const lists = new Map<string, TodoItem[]>();
  return {
    get: (lane) => (lists.get(lane) ?? []).map((item) => ({ ...item })),
    set: (lane, items) =>
      void lists.set(
        lane,
        items.map((item) => ({ ...item })),
      ),
  };
}
