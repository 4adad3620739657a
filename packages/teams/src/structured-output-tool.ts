/**
 * `structured_output {result}`: a team member reports its result as an object matching the JSON
 * Schema the lead gave `team_start`. Checked with `argumentProblems` (ajv, every problem named);
 * a mismatch is a tool error listing the problems and a `team_result` event `invalid`; a match is
 * `valid` with the result, and a later call replaces it. A member that tries to stop without a
 * valid result is kept going once by the teams extension's stop gate (teams-extension.ts).
 */
import { byteLength } from "@picasso/protocol";
import { argumentProblems } from "@picasso/protocol/tool-arguments";
import type { TeamHub } from "./team-hub.js";
import { TeamInputError, teamTool } from "./team-tool.js";

const MAX_RESULT_BYTES = 32_768;

export function structuredOutputTool(hub: TeamHub) {
  return teamTool({
    name: "structured_output",
    description:
      "Report your result as a team member: result is an object matching the schema the lead gave (team_status shows it). It is checked; on a mismatch every problem is named — fix them and call it again.",
    properties: {
      result: { type: "object", description: "Your result, matching the team's result schema." },
    },
    required: ["result"],
    effect: "read",
    what: "Reports a team member's result, checked against the lead's JSON Schema.",
    when: "A team member with a result schema has its result ready.",
    run(input, ctx) {
      const caller = hub.caller(ctx.lane);
      if (caller.kind !== "member")
        throw new TeamInputError("structured_output is for team members reporting to the lead.");
      const { team, member } = caller.seat;
      if (!team.schema)
        throw new TeamInputError(
          `team ${team.name} has no result schema; report in your final message instead.`,
        );
      const result = input.result;
      if (result === undefined)
        throw new TeamInputError('"result" is required: an object matching the schema.');
      if (byteLength(JSON.stringify(result)) > MAX_RESULT_BYTES)
        throw new TeamInputError(
          `"result" is larger than ${MAX_RESULT_BYTES} bytes; report less, or point at a file.`,
        );
      const problems = argumentProblems(team.schema, result, "picasso").map((p) =>
        p.replace(/^arguments must be an object/, "result must be an object"),
      );
      if (problems.length > 0) {
        hub.record(
          { type: "team_result", team: team.name, member: member.name, status: "invalid", problems },
          ctx.lane,
        );
        return {
          content: `${member.name}: the result does not match the team's schema:\n${problems.map((p) => `- ${p}`).join("\n")}\nFix these and call structured_output again. Schema: ${JSON.stringify(team.schema)}`,
          isError: true,
        };
      }
      hub.record(
        { type: "team_result", team: team.name, member: member.name, status: "valid", result },
        ctx.lane,
      );
      return { content: `${member.name}: result accepted. Finish with a short final message.` };
    },
  });
}
