/**
 * The agent-scoped rules a subagent depends on (the spec's `subagent:delegation` and
 * `tool:*:depth` text): sent at the end of the child's first message, so they enter that lane only
 * and Tier 1 stays the same bytes in every lane.
 */
import { formatReminder } from "@picasso/protocol";

export function subagentBrief(opts: { background: boolean }): string {
  const messages = opts.background ? " and may message you between your steps" : "";
  return formatReminder(
    "subagent",
    `You are a subagent on the task above; the agent that started you cannot see this conversation${messages}. ` +
      "You cannot start or control subagents (depth 1). " +
      "End with a plain-text report: what you found or changed (files named), how you checked it, what is left open.",
  );
}
