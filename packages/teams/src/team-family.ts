/** The `team` family, declared beside its tools: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";
import { TEAM_FAMILY } from "./team-tool.js";

export const teamFamily: ToolFamily = {
  name: TEAM_FAMILY,
  group: "agents",
  when: "agent teams",
  what: "Agent teams: named members in parallel lanes that message each other and the lead, share a task board and report checked results.",
  rules:
    "Teams: the lead starts one with team_start (members with roles, tasks, budgets, an optional result_schema and board tasks), then waits with team_status or team_wait; members use team_message, team_board (claim before working) and structured_output. Stop members you no longer need with team_stop.",
};
