/**
 * `team_board`: the team's shared task list (team-board.ts) — `list`, `add` a task, `claim` one
 * (atomic: a task another member holds is refused), `update` its status or note, mark it `done`.
 * Every change is one `team_task` event in the caller's lane; the board folds from them, so a
 * resumed session has it back. The lead and every member of the team use the same board.
 */
import { BoardRefusal, type BoardTask, type TaskStatus } from "./team-board.js";
import { TeamHub } from "./team-hub.js";
import { optionalText, requiredText, TeamInputError, teamTool } from "./team-tool.js";

const ACTIONS = ["list", "add", "claim", "update", "done"] as const;
const SETTABLE: readonly TaskStatus[] = ["open", "claimed", "blocked"];

export function teamBoardTool(hub: TeamHub) {
  return teamTool({
    name: "team_board",
    description:
      'The team\'s shared task board. action "list" shows every task with its status and owner; "add" puts a task on it (title); "claim" takes an open task (id) — one a teammate holds is refused; "update" sets a task\'s status (open frees it, blocked) or note; "done" marks it done (note: what came of it). Only a task\'s owner or the lead changes it.',
    properties: {
      action: { type: "string", enum: [...ACTIONS] },
      id: { type: "string", description: "The task's id (t1, t2…): claim, update, done." },
      title: { type: "string", description: "The new task (add)." },
      status: {
        type: "string",
        enum: [...SETTABLE],
        description: "update: open (free it), claimed, blocked.",
      },
      note: { type: "string", description: "update, done: a short note (what blocks it, what came of it)." },
      team: { type: "string", description: "The lead with several teams: which one (default the latest)." },
    },
    required: ["action"],
    effect: "read",
    what: "Lists, adds, claims, updates and completes tasks on a team's shared board.",
    when: "Split work among members so no two take the same task; see who owns what.",
    run(input, ctx) {
      const caller = hub.caller(ctx.lane);
      const team = hub.teamFor(caller, optionalText(input, "team", 32));
      const by = TeamHub.signature(caller);
      const action = requiredText(input, "action", 16) as (typeof ACTIONS)[number];
      if (!ACTIONS.includes(action))
        throw new TeamInputError(`"action" must be one of ${ACTIONS.join(", ")}.`);
      const board = team.board;
      if (action === "list")
        return { content: `Board of team ${team.name} (${board.summary()}):\n${boardLines(board.list())}` };
      if (action === "update" && input.status === undefined && input.note === undefined)
        throw new TeamInputError('"update" needs a "status" or a "note".');
      const change =
        action === "add"
          ? board.add(requiredText(input, "title", 500), by)
          : action === "claim"
            ? board.claim(requiredText(input, "id", 16), by)
            : action === "update"
              ? board.update(
                  requiredText(input, "id", 16),
                  by,
                  status(input),
                  optionalText(input, "note", 2000),
                )
              : board.done(requiredText(input, "id", 16), by, optionalText(input, "note", 2000));
      if (change instanceof BoardRefusal) throw new TeamInputError(`${by}: ${change.reason}.`);
      hub.record(change, ctx.lane);
      const task = board.get(change.id) as BoardTask;
      const verb = { add: "added", claim: "claimed", update: "updated", done: "finished" }[action];
      return { content: `${by} ${verb} ${task.id}: ${taskLine(task)}` };
    },
  });
}

function status(input: Record<string, unknown>): TaskStatus | undefined {
  const value = optionalText(input, "status", 16);
  if (value === undefined) return undefined;
  if (!SETTABLE.includes(value as TaskStatus))
    throw new TeamInputError(
      `"status" must be one of ${SETTABLE.join(", ")} (mark a task done with action "done").`,
    );
  return value as TaskStatus;
}

export function taskLine(task: BoardTask): string {
  return `[${task.status}${task.owner ? ` · ${task.owner}` : ""}] ${task.title}${task.note ? ` — ${task.note}` : ""}`;
}

export function boardLines(tasks: readonly BoardTask[]): string {
  if (tasks.length === 0) return '(no tasks: team_board {"action": "add", "title": …} adds one)';
  return tasks.map((t) => `- ${t.id} ${taskLine(t)}`).join("\n");
}
