/**
 * The teams extension (docs/teams.md): a lead starts named members in background lanes that
 * message each other and the lead, share a task board and report results checked against a JSON
 * Schema. Its parts:
 * - `registerTools`: the deferred `team` family (team_start, team_message, team_board,
 *   team_status, team_wait, team_stop, structured_output), declared beside `families`;
 * - `start`: takes the session's lanes, wake handle and `record`; a resumed session folds its
 *   teams, boards and results back from the log (team-roster.ts);
 * - `observe`: a member lane's `subagent_stop` says how it ended;
 * - `beforeStop` + `preStep`: a member of a team with a schema that tries to stop without a valid
 *   result is kept going ONCE with a `team:result` reminder in its lane saying what is missing;
 *   the second time its stop is accepted and the result marked `missing` (or stays `invalid`);
 * - `protect`: a member's identity survives compaction of its lane;
 * - `panel` and the live operation `team` (`/team`): the teams, members, board and results.
 * Nothing here reaches Tier 1 except the family's `when` phrase.
 */
import { existsSync } from "node:fs";
import {
  type AppendedMessage,
  formatReminder,
  type LogEvent,
  type PicassoExtension,
  readLogFileAll,
  text,
  userMessage,
} from "@picasso/protocol";
import { structuredOutputTool } from "./structured-output-tool.js";
import { teamBoardTool } from "./team-board-tool.js";
import { missingResultText, RESULT_SOURCE } from "./team-brief.js";
import { teamFamily } from "./team-family.js";
import { TeamHub } from "./team-hub.js";
import { teamMessageTool } from "./team-message-tool.js";
import { teamStartTool } from "./team-start-tool.js";
import { teamStatusTool, teamStopTool, teamWaitTool } from "./team-status-tools.js";
import { teamData, teamsPanel, teamText } from "./team-text.js";

export const TEAMS_EXTENSION = "teams";

export function createTeamsExtension(): PicassoExtension {
  const hub = new TeamHub();
  const reminders = new Map<string, string>();
  const lookup = (lane: string) => hub.laneOf(lane);
  return {
    name: TEAMS_EXTENSION,
    families: [teamFamily],
    registerTools: () => [
      teamStartTool(hub),
      teamMessageTool(hub),
      teamBoardTool(hub),
      teamStatusTool(hub),
      teamWaitTool(hub),
      teamStopTool(hub),
      structuredOutputTool(hub),
    ],
    async start(ctx) {
      // A new session's log holds only its opening: nothing to fold back (and no log read at start-up).
      if (ctx.resumed !== false && existsSync(ctx.logPath))
        for (const event of (await readLogFileAll(ctx.logPath)).events) hub.roster.apply(event);
      hub.attach(ctx);
    },
    observe(event: LogEvent) {
      if (event.type === "subagent_stop") hub.roster.apply(event);
    },
    beforeStop(ctx) {
      const seat = hub.roster.seatOf(ctx.lane);
      if (!seat?.team.schema || seat.member.result?.status === "valid") return undefined;
      if (!seat.member.askedForResult) {
        seat.member.askedForResult = true;
        reminders.set(
          ctx.lane,
          missingResultText(seat.member.result?.problems, JSON.stringify(seat.team.schema)),
        );
        return { continue: true };
      }
      if (seat.member.result?.status !== "invalid" && hub.live)
        hub.record(
          { type: "team_result", team: seat.team.name, member: seat.member.name, status: "missing" },
          ctx.lane,
        );
      return undefined;
    },
    preStep(ctx) {
      const said = reminders.get(ctx.lane);
      if (said === undefined) return { append: [] };
      reminders.delete(ctx.lane);
      const body = formatReminder(RESULT_SOURCE, said);
      const appended: AppendedMessage = {
        source: "reminder",
        reminder: RESULT_SOURCE,
        message: userMessage(text(body)),
        tier2: { kind: "reminder", name: RESULT_SOURCE, bytes: Buffer.byteLength(body) },
      };
      return { append: [appended] };
    },
    protect(lane) {
      const seat = hub.roster.seatOf(lane);
      if (!seat) return [];
      const mates = seat.team.members.filter((m) => m.lane !== lane).map((m) => `${m.name} (${m.role})`);
      return [
        {
          source: TEAMS_EXTENSION,
          label: "Team",
          lines: [
            `You are "${seat.member.name}" of team "${seat.team.name}" (${seat.member.role}); the lead is "lead".`,
            `Teammates: ${mates.join(", ") || "none"}.`,
            `Your task: ${seat.member.task.replace(/\s+/g, " ").slice(0, 400)}`,
            ...(seat.team.schema
              ? [`Report your result with structured_output (schema: ${JSON.stringify(seat.team.schema)}).`]
              : []),
          ],
        },
      ];
    },
    panel: () => {
      const teams = hub.roster.all();
      return teams.length ? teamsPanel(teams, lookup) : undefined;
    },
    operations: [
      {
        name: "team",
        args: "[team]",
        summary: "the session's teams: members and their state, the board, the results",
        run(args) {
          const teams = hub.roster.all().filter((t) => !args.trim() || t.name === args.trim());
          if (teams.length === 0)
            return {
              text: args.trim()
                ? `No team "${args.trim()}" in this session.`
                : "No team in this session (the model starts one with team_start).",
              tone: args.trim() ? "warn" : "info",
              title: "team",
              data: { teams: [] },
            };
          return {
            text: teams.map((t) => teamText(t, lookup, false)).join("\n\n"),
            title: "team",
            data: { teams: teams.map((t) => teamData(t, lookup)) },
          };
        },
      },
    ],
    close() {
      hub.attach(undefined);
    },
  };
}
