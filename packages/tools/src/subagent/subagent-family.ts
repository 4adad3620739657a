/** The `subagent` family, declared beside its tools: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const subagentFamily: ToolFamily = {
  name: "subagent",
  group: "agents",
  when: "background subagents",
  what: "Background subagents: fork one, collect its report, steer or cancel it.",
  rules:
    "Subagent control forks, messages, reports on and stops running subagents: stop those you no longer need.",
};
