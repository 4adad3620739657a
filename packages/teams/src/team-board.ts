/**
 * A team's shared task board: tasks with an id (`t1`, `t2`…), a title, a status (`open`,
 * `claimed`, `blocked`, `done`), an owner and a note. Claiming is atomic — a task another member
 * holds cannot be claimed — and only a task's owner or the lead may update it or mark it done.
 * Each method either returns the change as a `team_task` event body (the caller records it; the
 * roster folds it back through `apply`, so a live board and a resumed one are built the same way)
 * or a refusal: one line for the model naming what to do instead.
 */
import type { SessionEventBodyOf } from "@picasso/protocol";

export type TaskStatus = "open" | "claimed" | "blocked" | "done";
export type TaskEvent = SessionEventBodyOf<"team_task">;

export interface BoardTask {
  id: string;
  title: string;
  status: TaskStatus;
  owner?: string;
  note?: string;
}

/** A refused board action: why, for the model. */
export class BoardRefusal {
  constructor(readonly reason: string) {}
}

/** Most tasks one board holds. */
export const MAX_BOARD_TASKS = 100;

export class TaskBoard {
  private readonly tasks = new Map<string, BoardTask>();

  constructor(private readonly team: string) {}

  list(): BoardTask[] {
    return [...this.tasks.values()].map((t) => ({ ...t }));
  }

  get(id: string): BoardTask | undefined {
    const task = this.tasks.get(id);
    return task ? { ...task } : undefined;
  }

  add(title: string, by: string): TaskEvent | BoardRefusal {
    if (this.tasks.size >= MAX_BOARD_TASKS)
      return new BoardRefusal(`the board holds ${MAX_BOARD_TASKS} tasks already; mark some done first`);
    const id = `t${this.tasks.size + 1}`;
    return { type: "team_task", team: this.team, action: "add", id, by, title, status: "open" };
  }

  claim(id: string, by: string): TaskEvent | BoardRefusal {
    const task = this.find(id);
    if (task instanceof BoardRefusal) return task;
    if (task.owner === by && task.status === "claimed") return new BoardRefusal(`${by} already holds ${id}`);
    if (task.status === "done") return new BoardRefusal(`${id} is done already; claim an open task`);
    if (task.owner !== undefined)
      return new BoardRefusal(
        `${id} is already claimed by ${task.owner}; claim another open task (team_board {"action": "list"})`,
      );
    return this.change("claim", task, by, { status: "claimed", owner: by });
  }

  update(
    id: string,
    by: string,
    status: TaskStatus | undefined,
    note: string | undefined,
  ): TaskEvent | BoardRefusal {
    const task = this.find(id);
    if (task instanceof BoardRefusal) return task;
    const refused = this.mayChange(task, by);
    if (refused) return refused;
    if (status === "done") return new BoardRefusal('mark a task done with action "done"');
    if (status === "claimed" && task.owner === undefined)
      return new BoardRefusal('take an open task with action "claim"');
    // Back to `open` frees the task for another member.
    const owner = status === "open" ? undefined : task.owner;
    return this.change("update", task, by, {
      status: status ?? task.status,
      ...(owner !== undefined ? { owner } : {}),
      ...(note !== undefined ? { note } : task.note !== undefined ? { note: task.note } : {}),
    });
  }

  done(id: string, by: string, note: string | undefined): TaskEvent | BoardRefusal {
    const task = this.find(id);
    if (task instanceof BoardRefusal) return task;
    if (task.status === "done") return new BoardRefusal(`${id} is done already`);
    const refused = this.mayChange(task, by);
    if (refused) return refused;
    return this.change("done", task, by, {
      status: "done",
      owner: task.owner ?? by,
      ...(note !== undefined ? { note } : task.note !== undefined ? { note: task.note } : {}),
    });
  }

  /** Fold a recorded `team_task` event: the task takes the state the event gives. */
  apply(event: TaskEvent): void {
    const before = this.tasks.get(event.id);
    this.tasks.set(event.id, {
      id: event.id,
      title: event.title ?? before?.title ?? "",
      status: event.status,
      ...(event.owner !== undefined ? { owner: event.owner } : {}),
      ...(event.note !== undefined ? { note: event.note } : {}),
    });
  }

  /** `3 tasks: 1 open, 1 claimed, 1 done`. */
  summary(): string {
    const tasks = [...this.tasks.values()];
    if (tasks.length === 0) return "no tasks";
    const counts = (["open", "claimed", "blocked", "done"] as const)
      .map((s) => [s, tasks.filter((t) => t.status === s).length] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${s}`);
    return `${tasks.length} task${tasks.length === 1 ? "" : "s"}: ${counts.join(", ")}`;
  }

  private find(id: string): BoardTask | BoardRefusal {
    const task = this.tasks.get(id);
    if (task) return task;
    const ids = [...this.tasks.keys()];
    return new BoardRefusal(
      `no task "${id}" on the board${ids.length ? ` (tasks: ${ids.join(", ")})` : " (it is empty)"}`,
    );
  }

  private mayChange(task: BoardTask, by: string): BoardRefusal | undefined {
    if (by === "lead" || task.owner === by) return undefined;
    return new BoardRefusal(
      task.owner
        ? `${task.id} belongs to ${task.owner}; only its owner or the lead may change it`
        : `${task.id} is not claimed; claim it first`,
    );
  }

  private change(
    action: TaskEvent["action"],
    task: BoardTask,
    by: string,
    state: { status: TaskStatus; owner?: string; note?: string },
  ): TaskEvent {
    return { type: "team_task", team: this.team, action, id: task.id, by, title: task.title, ...state };
  }
}
