/**
 * The session's teams, folded from their events: `team_start` (a team and its members' lanes),
 * `team_message` (counted), `team_task` (the board) and `team_result` (each member's structured
 * result), plus `subagent_stop` of a member's lane (how it ended). The live extension records an
 * event and folds it here at once; a resumed session folds its log's events the same way, so the
 * board, the results and who is who come back as they were (lanes do not: a member of an earlier
 * run shows how it ended, or that it ended with that run).
 */
import type { JsonSchema, LogEvent, SessionEventBody, SubagentStatus } from "@picasso/protocol";
import { TaskBoard } from "./team-board.js";

export type ResultStatus = "valid" | "invalid" | "missing";

export interface MemberResult {
  status: ResultStatus;
  result?: unknown;
  problems?: string[];
}

export interface TeamMember {
  name: string;
  lane: string;
  /** The agent definition's name, or the first words of its inline brief. */
  role: string;
  agent?: string;
  task: string;
  result?: MemberResult;
  /** How its lane stopped, as the log says (`subagent_stop`). */
  stopped?: SubagentStatus;
  /** The stop gate kept it going once to ask for its result. */
  askedForResult: boolean;
}

export interface Team {
  name: string;
  members: TeamMember[];
  schema?: JsonSchema;
  board: TaskBoard;
  messages: number;
}

/** Where a lane sits in a team. */
export interface Seat {
  team: Team;
  member: TeamMember;
}

export class TeamRoster {
  private readonly teams = new Map<string, Team>();
  private readonly seats = new Map<string, Seat>();

  all(): Team[] {
    return [...this.teams.values()];
  }

  get(name: string): Team | undefined {
    return this.teams.get(name);
  }

  /** The team member running in `lane`, if any. */
  seatOf(lane: string): Seat | undefined {
    return this.seats.get(lane);
  }

  /** Fold one event (live or from the log); events of other variants are ignored. */
  apply(event: SessionEventBody | LogEvent, lane?: string): void {
    switch (event.type) {
      case "team_start": {
        const team: Team = {
          name: event.team,
          members: event.members.map((m) => ({
            name: m.name,
            lane: m.lane,
            role: m.role,
            task: m.task,
            askedForResult: false,
            ...(m.agent !== undefined ? { agent: m.agent } : {}),
          })),
          board: new TaskBoard(event.team),
          messages: 0,
          ...(event.resultSchema !== undefined ? { schema: event.resultSchema as JsonSchema } : {}),
        };
        this.teams.set(team.name, team);
        for (const member of team.members) this.seats.set(member.lane, { team, member });
        return;
      }
      case "team_message": {
        const team = this.teams.get(event.team);
        if (team) team.messages += 1;
        return;
      }
      case "team_task":
        this.teams.get(event.team)?.board.apply(event);
        return;
      case "team_result": {
        const member = this.teams.get(event.team)?.members.find((m) => m.name === event.member);
        if (!member) return;
        member.result = {
          status: event.status,
          ...(event.result !== undefined ? { result: event.result } : {}),
          ...(event.problems !== undefined ? { problems: event.problems } : {}),
        };
        return;
      }
      case "subagent_stop": {
        const stoppedLane = "lane" in event ? event.lane : lane;
        const seat = stoppedLane !== undefined ? this.seats.get(stoppedLane) : undefined;
        if (seat) seat.member.stopped = event.status;
        return;
      }
      default:
        return;
    }
  }
}
