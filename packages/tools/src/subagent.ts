/**
 * `subagent`: hand a self-contained task to a child agent and get back its final report.
 *
 * The engine runs the child loop (own history and step budget, its own lane of the session log)
 * behind `ctx.runSubagent`; this tool only validates the request and relays the report. A failed
 * or interrupted child becomes an error result, so the parent can decide what to do next.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "./define-tool.js";
import { optionalInteger, optionalString, requiredString, ToolInputError } from "./tool-input.js";

export const SUBAGENT_MAX_STEPS = 200;

/**
 * The task, budget and agent definition of a subagent, as `subagent` and `subagent_fork` take
 * them. `agent` is described once in each tool's description, the same words whatever agents are
 * defined (Tier 1 never lists them; they are catalog entries, found with `tool_search`): the
 * whole change cost Tier 1 47 bytes.
 */
export const SUBAGENT_TASK_PROPERTIES = {
  task: { type: "string" },
  max_steps: { type: "integer", minimum: 1, maximum: SUBAGENT_MAX_STEPS },
  agent: { type: "string" },
} as const;

/** The request's optional fields, as both tools read them. */
export function subagentOptions(input: Record<string, unknown>): { maxSteps?: number; agent?: string } {
  const maxSteps = optionalInteger(input, "max_steps", 1, SUBAGENT_MAX_STEPS);
  const agent = optionalString(input, "agent")?.trim();
  return { ...(maxSteps !== undefined ? { maxSteps } : {}), ...(agent ? { agent } : {}) };
}

async function runSubagentTool(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const task = requiredString(input, "task").trim();
  if (task === "") throw new ToolInputError('"task" must not be blank.');
  const options = subagentOptions(input);
  if (ctx.signal.aborted) return toolError("The subagent was not started: the turn was interrupted.");
  let report: string;
  try {
    report = await ctx.runSubagent({ task, ...options });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return toolError(`The subagent failed: ${reason}. Do the task yourself or retry with a clearer task.`);
  }
  const text = report.trim() === "" ? "(the subagent returned an empty report)" : report;
  return { content: text, display: { kind: "text", text: `Subagent report:\n${text}` } };
}

export const subagentTool = defineTool({
  name: "subagent",
  description:
    "Run a self-contained task in a fresh-context subagent that cannot see this conversation: give it all it needs " +
    "and say what to report. Returns its report. agent: run as a defined agent (see tool_search).",
  properties: SUBAGENT_TASK_PROPERTIES,
  required: ["task"],
  effect: "agent",
  family: "agent",
  run: runSubagentTool,
});
