/**
 * `team_message {to, text}`: a member or the lead writes to a member (queued into that member's
 * lane through the session's lanes, read before its next step), to `lead` (a `team:message` wake
 * notice that joins the main lane before its next step, and wakes an idle session) or to `all`
 * (every running member but the sender, and the lead when a member sends it). Each message is one
 * `team_message` event in the sender's lane. A member that stopped cannot read one: the sender is
 * told, and its report is in team_status.
 */
import { TeamHub } from "./team-hub.js";
import type { Team } from "./team-roster.js";
import { optionalText, requiredText, TeamInputError, teamTool } from "./team-tool.js";

export const MAX_MESSAGE_CHARS = 8_000;

export function teamMessageTool(hub: TeamHub) {
  return teamTool({
    name: "team_message",
    description:
      'Send a message in your team: to a member by name, to "lead" (the agent that started the team) or to "all". A member reads it before its next step; the lead gets it as a notice. Use it for what others need from you: an interface you fixed, a file you own, a finding, a question when blocked.',
    properties: {
      to: { type: "string", description: 'A member\'s name, "lead" or "all".' },
      text: { type: "string", description: "The message: short and concrete." },
      team: { type: "string", description: "The lead with several teams: which one (default the latest)." },
    },
    required: ["to", "text"],
    effect: "read",
    what: "Tells a teammate by name, the lead or the whole team something: a member reads it before its next step, the lead as a notice.",
    when: "Tell a teammate or the lead what they need now (a new ask, a finding); task state belongs on team_board.",
    run(input, ctx) {
      const caller = hub.caller(ctx.lane);
      const team = hub.teamFor(caller, optionalText(input, "team", 32));
      const from = TeamHub.signature(caller);
      const to = requiredText(input, "to", 32);
      const text = requiredText(input, "text", MAX_MESSAGE_CHARS);
      if (to === from)
        throw new TeamInputError(`"to": you are ${from}; write to a teammate, "lead" or "all".`);
      const recipients = recipientsOf(team, from, to);
      const lanes = hub.lanes();
      const delivered: string[] = [];
      const missed: string[] = [];
      for (const recipient of recipients) {
        if (recipient === "lead") {
          const wake = hub.wake();
          if (!wake) {
            missed.push("lead (this surface cannot wake the lead)");
            continue;
          }
          wake.notify({ source: "team:message", text: `[team ${team.name}] ${from} → lead: ${text}` });
          delivered.push("lead");
          continue;
        }
        const member = team.members.find((m) => m.name === recipient);
        if (!member) continue;
        try {
          lanes.message(
            member.lane,
            `[team ${team.name}] ${from} → ${to === "all" ? "all" : recipient}: ${text}\n(answer with team_message if needed)`,
            from === "lead" ? "the lead of your team" : `${from}, a member of your team`,
          );
          delivered.push(recipient);
        } catch {
          missed.push(`${recipient} (stopped)`);
        }
      }
      if (delivered.length === 0)
        throw new TeamInputError(
          `nobody could read it: ${missed.join(", ") || "no running member"}. A stopped member's report is in team_status.`,
        );
      hub.record({ type: "team_message", team: team.name, from, to, text }, ctx.lane);
      return {
        content: `${from} → ${to}: sent to ${delivered.join(", ")}${missed.length ? `; not delivered to ${missed.join(", ")}` : ""}.`,
      };
    },
  });
}

function recipientsOf(team: Team, from: string, to: string): string[] {
  const names = team.members.map((m) => m.name);
  if (to === "all") return [...names.filter((n) => n !== from), ...(from === "lead" ? [] : ["lead"])];
  if (to === "lead" || names.includes(to)) return [to];
  throw new TeamInputError(
    `"to": no member "${to}" in team ${team.name}; members: ${names.join(", ")}, or "lead", "all".`,
  );
}
