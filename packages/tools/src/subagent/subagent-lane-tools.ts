/**
 * The `subagent` family (deferred): subagents that run in the background while the agent that
 * started them goes on — `subagent_fork` starts one and returns its id at once,
 * `subagent_report` waits for (or lists) their reports, `subagent_control` cancels one or sends it
 * a message it reads before its next step. The engine runs them (`ctx.subagents`); a subagent
 * cannot use this family (depth 1). Effects: fork and control `agent` (plan mode refuses them like
 * the core `subagent`; inside a subagent they are refused), report `read`.
 */
import type { ForkedSubagent, ToolContext, ToolDefinition, ToolOutput } from "@picasso/protocol";
import { defineTool } from "../define-tool.js";
import { SUBAGENT_TASK_PROPERTIES, subagentOptions } from "../subagent.js";
import { optionalInteger, optionalString, requiredString, ToolInputError } from "../tool-input.js";

/** Longest `subagent_report` wait, in seconds. */
export const MAX_REPORT_WAIT_SECONDS = 600;

export function subagentLaneTools(): ToolDefinition[] {
  return [forkTool, reportTool, controlTool];
}

const forkTool = defineTool({
  name: "subagent_fork",
  description:
    "Start a subagent in the background on a self-contained task and get its id at once; keep working and collect its report later with subagent_report. " +
    "It cannot see this conversation, so state everything it needs and what to report. Give cwd (e.g. a worktree) so parallel subagents do not edit the same files. agent: run as a defined agent (see tool_search).",
  properties: {
    ...SUBAGENT_TASK_PROPERTIES,
    cwd: {
      type: "string",
      description: "Folder it works in, relative to the workspace root. Default: the current one.",
    },
  },
  required: ["task"],
  effect: "agent",
  family: "subagent",
  what: "Starts a background subagent on a self-contained task and returns its id at once.",
  when: "Work can run in parallel while you go on; a blocking one-off task: the core subagent tool.",
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
    const task = requiredString(input, "task").trim();
    if (task === "") throw new ToolInputError('"task" must not be blank.');
    const cwd = optionalString(input, "cwd");
    const forked = ctx.subagents.fork({
      task,
      ...subagentOptions(input),
      ...(cwd !== undefined ? { cwd } : {}),
    });
    return {
      content: `Started subagent ${forked.id} in the background${cwd ? ` in ${cwd}` : ""}. Collect its report with subagent_report {"id": "${forked.id}", "wait_seconds": …}; stop it with subagent_control.`,
      display: { kind: "text", text: `forked ${forked.id}: ${preview(task)}` },
    };
  },
});

const reportTool = defineTool({
  name: "subagent_report",
  description:
    "The state and, once it stopped, the report of a background subagent; wait_seconds waits for it to stop first. Without an id: every subagent you forked, with its state.",
  properties: {
    id: { type: "string", description: "The id subagent_fork returned (e.g. agent-2)." },
    wait_seconds: {
      type: "integer",
      minimum: 0,
      maximum: MAX_REPORT_WAIT_SECONDS,
      description: "Wait up to this long for it to stop. Default 0: answer at once.",
    },
  },
  required: [],
  effect: "read",
  family: "subagent",
  what: "Gives a background subagent's state and, once it stopped, its report.",
  when: "Collect what a forked subagent found, or see which are still running.",
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
    const id = optionalString(input, "id");
    const waitSeconds = optionalInteger(input, "wait_seconds", 0, MAX_REPORT_WAIT_SECONDS) ?? 0;
    if (id === undefined) {
      const all = ctx.subagents.list();
      if (all.length === 0)
        return { content: "No subagents were forked in this session (subagent_fork starts one)." };
      return { content: all.map(summaryLine).join("\n") };
    }
    const forked = await ctx.subagents.report(id, waitSeconds * 1000, ctx.signal);
    if (forked.status === "running")
      return {
        content: `${summaryLine(forked)}\nStill running${waitSeconds > 0 ? ` after waiting ${waitSeconds} s` : ""}; ask again later (wait_seconds waits for it).`,
      };
    return {
      content: `${summaryLine(forked)}\n\n${forked.report ?? "(no report)"}`,
      display: { kind: "text", text: `Report of ${forked.id} (${forked.status}):\n${forked.report ?? ""}` },
    };
  },
});

const controlTool = defineTool({
  name: "subagent_control",
  description:
    'Steer a background subagent: action "cancel" stops it (its report says what it had), action "message" sends it text it reads before its next step (a correction, more context).',
  properties: {
    id: { type: "string" },
    action: { type: "string", enum: ["cancel", "message"] },
    message: { type: "string", description: 'The text to send (action "message").' },
  },
  required: ["id", "action"],
  effect: "agent",
  family: "subagent",
  what: "Cancels a background subagent or sends it a message.",
  when: "A forked subagent is stuck or going in circles (cancel it), or needs a correction or more context.",
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
    const id = requiredString(input, "id");
    const action = requiredString(input, "action");
    if (action === "cancel") {
      const forked = ctx.subagents.cancel(id);
      return {
        content: `Cancelling ${forked.id}: it stops at once; subagent_report {"id": "${forked.id}", "wait_seconds": 5} gives what it had.`,
      };
    }
    if (action !== "message") throw new ToolInputError('"action" must be "cancel" or "message".');
    const message = optionalString(input, "message")?.trim();
    if (!message) throw new ToolInputError('"message" is required with action "message".');
    const forked = ctx.subagents.message(id, message);
    return {
      content: `Sent to ${forked.id}; it reads it before its next step (${forked.pendingMessages} message${forked.pendingMessages === 1 ? "" : "s"} waiting).`,
    };
  },
});

function summaryLine(f: ForkedSubagent): string {
  const seconds = (f.elapsedMs / 1000).toFixed(1);
  return `${f.id} · ${f.status} · ${f.steps} step${f.steps === 1 ? "" : "s"} · ${seconds} s · ${preview(f.task)}`;
}

function preview(task: string): string {
  const line = task.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
