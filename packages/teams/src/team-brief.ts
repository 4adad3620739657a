/**
 * The agent-scoped text of a team member: two reminder blocks that enter ONLY that member's first
 * message (`SubagentRequest.brief`), never Tier 1 nor another lane —
 * - `team:identity`: who it is, its team, its teammates (name and role), the lead, its own role;
 * - `team:policy`: how it works in the team — team_message, the board, structured_output when the
 *   lead gave a schema, and stopping when its part is done.
 * Also the one-line role of a member (its agent's name, or the first words of its inline brief)
 * that `/team`, `team_status` and the teammates list show.
 */
import type { LaneBrief } from "@picasso/protocol";

export const IDENTITY_SOURCE = "team:identity";
export const POLICY_SOURCE = "team:policy";
/** The source of the reminder the stop gate appends when a member's result is missing. */
export const RESULT_SOURCE = "team:result";

export interface MemberBriefing {
  team: string;
  name: string;
  role: string;
  /** The inline brief, when the role was given as text. */
  brief?: string;
  teammates: readonly { name: string; role: string }[];
  hasSchema: boolean;
  /** The board has tasks at the start. */
  hasTasks: boolean;
}

/** A role as the teammates list and `/team` show it: the agent's name, or the brief's first words. */
export function roleLabel(agent: string | undefined, brief: string | undefined): string {
  if (agent !== undefined) return `agent ${agent}`;
  const flat = (brief ?? "").replace(/\s+/g, " ").trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

export function memberBrief(b: MemberBriefing): LaneBrief[] {
  const mates = b.teammates.length
    ? b.teammates.map((m) => `- ${m.name}: ${m.role}`).join("\n")
    : "- (none: you work alone for the lead)";
  const identity = [
    `You are "${b.name}", a member of team "${b.team}". The lead (the agent that started the team) gave you the task above.`,
    `Your role: ${b.brief !== undefined ? b.brief.trim() : b.role}`,
    "Your teammates, working at the same time in their own contexts:",
    mates,
    'The lead is "lead". Nobody else sees your conversation: what others need from you, send them.',
  ].join("\n");
  const policy = [
    "Team tools (deferred: run them through tool_call; tool_search shows their schemas):",
    '- team_message {"to": "<teammate>|lead|all", "text": "…"}: tell a teammate what they need (an interface you fixed, a file you own, a finding), ask the lead when you are blocked. Keep messages short and concrete. Messages to you arrive before your next step; team_wait waits for one.',
    `- team_board: the shared task list${b.hasTasks ? " (the lead put tasks on it)" : ""}. "list" it, "claim" a task before working on it (a task someone else claimed is theirs), "update" it (blocked, a note) and mark it "done". Do not work on a task another member holds.`,
    ...(b.hasSchema
      ? [
          '- structured_output {"result": {…}}: report your result as an object matching the schema the lead gave (team_status shows it). It is checked; fix what it names and call it again. You cannot finish without a valid result.',
        ]
      : []),
    "When your part is done (or you cannot go on), stop: end with a short final message saying what you did, what you changed and what is left. Do not wait for work that is not yours.",
  ].join("\n");
  return [
    { source: IDENTITY_SOURCE, text: identity },
    { source: POLICY_SOURCE, text: policy },
  ];
}

/** What the stop gate tells a member that tries to finish without a valid result. */
export function missingResultText(problems: readonly string[] | undefined, schema: string): string {
  const why = problems?.length
    ? `Your last structured_output did not match the team's schema:\n${problems.map((p) => `- ${p}`).join("\n")}`
    : "You have not reported your result with structured_output yet.";
  return `${why}\nBefore you stop, call structured_output {"result": {…}} with an object matching this schema:\n${schema}`;
}
