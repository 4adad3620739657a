/**
 * The `goal` family (deferred): `goal_set`, `goal_status`, `goal_done`, `goal_blocked` on the
 * session's `GoalBoard` (goal-board.ts). Effect `read`: they change only the session's own state,
 * like `todo_write`, so they work in plan mode. `goal_status` also shows the lane's open todos.
 */
import type { ToolContext, ToolDefinition, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import type { TodoBoard } from "../todo-board.js";
import { requiredString } from "../tool-input.js";
import type { GoalBoard } from "./goal-board.js";

export function goalTools(board: GoalBoard, todos?: TodoBoard): ToolDefinition[] {
  const set = defineTool({
    name: "goal_set",
    description:
      "Set the goal to keep working toward, round after round, until it is done: the objective and the condition that proves it is done (e.g. the whole test suite passes). Replaces any earlier goal.",
    properties: {
      objective: { type: "string" },
      done_when: { type: "string", description: "A checkable condition." },
    },
    required: ["objective", "done_when"],
    effect: "read",
    family: "goal",
    what: "Sets the objective and the done-when condition to work toward round after round.",
    when: "A task takes many rounds and has a checkable end (the suite passes, the build is green).",
    async run(input: Record<string, unknown>): Promise<ToolOutput> {
      const goal = board.set(requiredString(input, "objective"), requiredString(input, "done_when"));
      return {
        content: `Goal set: ${goal.objective}\nDone when: ${goal.doneWhen}\nWork toward it; call goal_done with evidence when the condition holds, or goal_blocked with what blocks it and what would unblock it.`,
      };
    },
  });
  const status = defineTool({
    name: "goal_status",
    description:
      "How far along is the current goal: objective, done-when condition, status, rounds, blocker, open todos.",
    properties: {},
    required: [],
    effect: "read",
    family: "goal",
    what: "Shows the current goal: objective, condition, status, rounds, blocker.",
    when: "Check how far along the goal is before the next step.",
    async run(_input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const open = (todos?.get(ctx.lane) ?? []).filter((t) => t.status !== "done");
      const todoLine = open.length
        ? `\nOpen todos (${open.length}): ${open.map((t) => t.content).join("; ")}`
        : "";
      return { content: board.describe() + todoLine };
    },
  });
  const done = defineTool({
    name: "goal_done",
    description:
      "Mark the goal done, with the evidence that its done-when condition holds (a command's result, a file, a check).",
    properties: { evidence: { type: "string" } },
    required: ["evidence"],
    effect: "read",
    family: "goal",
    what: "Marks the goal done, with evidence that its condition holds.",
    when: "The done-when condition is met and you can show it.",
    async run(input: Record<string, unknown>): Promise<ToolOutput> {
      const result = board.done(requiredString(input, "evidence"));
      if (typeof result === "string") return toolError(`Not marked done: ${result}.`);
      return { content: `Goal done: ${result.objective}\nEvidence: ${result.evidence}` };
    },
  });
  const blocked = defineTool({
    name: "goal_blocked",
    description:
      "Report that the goal is blocked by something you cannot resolve yourself: what blocks it exactly and what would unblock it. Stops the goal rounds; do not repeat a failing step instead.",
    properties: {
      reason: { type: "string" },
      needs: { type: "string", description: "What would unblock it." },
    },
    required: ["reason", "needs"],
    effect: "read",
    family: "goal",
    what: "Stops the goal rounds, naming what blocks them and what would unblock them.",
    when: "Progress needs something only the user can do: a restart, a credential, a decision.",
    async run(input: Record<string, unknown>): Promise<ToolOutput> {
      const result = board.blocked(requiredString(input, "reason"), requiredString(input, "needs"));
      if (typeof result === "string") return toolError(`Not marked blocked: ${result}.`);
      return {
        content: `Goal blocked: ${result.blocker?.reason}\nWould unblock it: ${result.blocker?.needs}`,
      };
    },
  });
  return [set, status, done, blocked];
}
