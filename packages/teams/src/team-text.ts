/**
 * How a team reads, for the model (`team_status`), for people (`/team`, the `/context` panel) and
 * for machines (`/team`'s data): each member with its lane, state, steps, tokens, elapsed time and
 * result; the board; the schema. A member whose lane ran in an earlier run of the session shows
 * how it ended there, as the log says.
 */
import type { ContextPanel, ForkedSubagent, PanelRow } from "@picasso/protocol";
import { boardLines } from "./team-board-tool.js";
import type { Team, TeamMember } from "./team-roster.js";

export interface MemberState {
  name: string;
  lane: string;
  role: string;
  state: string;
  running: boolean;
  steps?: number;
  tokens?: number;
  elapsedSeconds?: number;
  result: string;
  report?: string;
}

export type LaneLookup = (lane: string) => ForkedSubagent | undefined;

export function memberState(member: TeamMember, lookup: LaneLookup): MemberState {
  const lane = lookup(member.lane);
  const result = member.result?.status ?? "none";
  if (!lane)
    return {
      name: member.name,
      lane: member.lane,
      role: member.role,
      state: member.stopped ?? "ended with an earlier run",
      running: false,
      result,
    };
  return {
    name: member.name,
    lane: member.lane,
    role: member.role,
    state: lane.status,
    running: lane.status === "running",
    steps: lane.steps,
    tokens: lane.tokens,
    elapsedSeconds: Math.round(lane.elapsedMs / 100) / 10,
    result,
    ...(lane.report !== undefined ? { report: lane.report } : {}),
  };
}

function memberLine(s: MemberState, hasSchema: boolean): string {
  const figures =
    s.steps !== undefined
      ? ` · ${s.steps} step${s.steps === 1 ? "" : "s"} · ${s.tokens} tokens · ${s.elapsedSeconds} s`
      : "";
  return `- ${s.name} (${s.lane}) · ${s.state}${figures}${hasSchema ? ` · result ${s.result}` : ""} · ${s.role}`;
}

/** The whole team, as `team_status` and `/team` give it. */
export function teamText(team: Team, lookup: LaneLookup, withReports: boolean): string {
  const states = team.members.map((m) => memberState(m, lookup));
  const running = states.filter((s) => s.running).length;
  const lines = [
    `Team ${team.name}: ${team.members.length} member${team.members.length === 1 ? "" : "s"}, ${running} running · board ${team.board.summary()} · ${team.messages} message${team.messages === 1 ? "" : "s"}`,
    ...states.map((s) => memberLine(s, team.schema !== undefined)),
    "Board:",
    boardLines(team.board.list()),
  ];
  if (team.schema !== undefined) {
    lines.push("Results:");
    for (const member of team.members) {
      const r = member.result;
      if (r?.status === "valid") lines.push(`- ${member.name}: ${JSON.stringify(r.result)}`);
      else if (r?.status === "invalid") lines.push(`- ${member.name}: invalid (${r.problems?.join("; ")})`);
      else lines.push(`- ${member.name}: ${r?.status ?? "none yet"}`);
    }
    lines.push(`Result schema: ${JSON.stringify(team.schema)}`);
  }
  if (withReports)
    for (const s of states)
      if (!s.running && s.report !== undefined) lines.push(`Report of ${s.name}:\n${s.report.trim()}`);
  return lines.join("\n");
}

/** `/team`'s data: every team with its members, board and results. */
export function teamData(team: Team, lookup: LaneLookup) {
  return {
    team: team.name,
    members: team.members.map((m) => {
      const { report: _, ...state } = memberState(m, lookup);
      return { ...state, ...(m.result?.result !== undefined ? { value: m.result.result } : {}) };
    }),
    board: team.board.list(),
    messages: team.messages,
    ...(team.schema !== undefined ? { resultSchema: team.schema } : {}),
  };
}

/** The `/context` panel: a row per team, a row per member under it. */
export function teamsPanel(teams: readonly Team[], lookup: LaneLookup): ContextPanel {
  const rows: PanelRow[] = [];
  for (const team of teams) {
    const states = team.members.map((m) => memberState(m, lookup));
    rows.push({
      label: `team ${team.name}`,
      value: `${states.filter((s) => s.running).length}/${states.length} running · board ${team.board.summary()}`,
    });
    for (const s of states)
      rows.push({
        label: s.name,
        value: `${s.state}${s.tokens !== undefined ? ` · ${s.tokens} tokens` : ""}${team.schema ? ` · result ${s.result}` : ""}`,
        level: 1,
        tone: s.running
          ? "normal"
          : s.state === "done"
            ? "ok"
            : s.state === "budget" || s.state === "error"
              ? "warn"
              : "dim",
      });
  }
  return { id: "teams", title: "Teams", rows, empty: "no team in this session (team_start starts one)" };
}

/** The lead's `team:done` notice: how each member ended, and where the rest is. */
export function finishedNotice(team: Team, lookup: LaneLookup): string {
  const states = team.members.map((m) => memberState(m, lookup));
  const each = states.map((s) => `${s.name} ${s.state}${team.schema ? ` (result ${s.result})` : ""}`);
  return `Team ${team.name} finished: ${each.join(", ")}. team_status {"team": "${team.name}"} gives the board, results and reports.`;
}
