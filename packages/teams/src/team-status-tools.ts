/**
 * Watching and steering a team:
 * - `team_status {team?, wait_seconds?}`: every member's state, steps, tokens, elapsed time and
 *   result, the board, and the reports of those that stopped; `wait_seconds` first waits until
 *   every member stopped (the caller's own lane excluded);
 * - `team_wait {wait_seconds}`: wait until a message for the caller arrives (a member: from a
 *   teammate or the lead; the lead: from a member) or every other member stopped (a member alone
 *   waits for the lead) — at once when a message is already queued for the member;
 * - `team_stop {team?, member?}`: the lead stops one member, or all, through the session's lanes.
 */
import { TeamHub } from "./team-hub.js";
import { teamText } from "./team-text.js";
import { optionalCount, optionalText, TeamInputError, teamTool } from "./team-tool.js";

/** Longest wait, in seconds. */
export const MAX_WAIT_SECONDS = 600;

export function teamStatusTool(hub: TeamHub) {
  return teamTool({
    name: "team_status",
    description:
      "The team's state: each member's state (running, done, budget, interrupted, error), steps, tokens, time and result, the board and the reports of stopped members. wait_seconds waits first until every member stopped.",
    properties: {
      team: { type: "string", description: "Which team (default the latest; a member: its own)." },
      wait_seconds: {
        type: "integer",
        minimum: 0,
        maximum: MAX_WAIT_SECONDS,
        description: "Wait up to this long for every member to stop. Default 0.",
      },
    },
    required: [],
    effect: "read",
    what: "Gives a team's members, their state and budgets used, the board and the results.",
    when: "See how a team is doing, or wait for it to finish and collect its results.",
    async run(input, ctx) {
      const caller = hub.caller(ctx.lane);
      const team = hub.teamFor(caller, optionalText(input, "team", 32));
      const wait = optionalCount(input, "wait_seconds", 0, MAX_WAIT_SECONDS) ?? 0;
      const others = team.members.filter(
        (m) => m.lane !== ctx.lane && hub.laneOf(m.lane)?.status === "running",
      );
      if (wait > 0 && others.length > 0)
        await Promise.all(others.map((m) => hub.lanes().report(m.lane, wait * 1000, ctx.signal)));
      const still = others.filter((m) => hub.laneOf(m.lane)?.status === "running").map((m) => m.name);
      if (caller.kind === "lead" && team.members.every((m) => hub.laneOf(m.lane)?.status !== "running"))
        hub.sawFinished(team.name);
      const head =
        wait > 0
          ? still.length
            ? `Still running after waiting ${wait} s: ${still.join(", ")}.\n`
            : "All members stopped.\n"
          : "";
      return { content: head + teamText(team, (lane) => hub.laneOf(lane), true) };
    },
  });
}

export function teamWaitTool(hub: TeamHub) {
  return teamTool({
    name: "team_wait",
    description:
      "Wait until a team message for you arrives (a member: from a teammate or the lead; the lead: from a member) or every other member has stopped, up to wait_seconds. The message itself follows this result.",
    properties: {
      wait_seconds: { type: "integer", minimum: 1, maximum: MAX_WAIT_SECONDS },
      team: { type: "string", description: "The lead with several teams: which one (default the latest)." },
    },
    required: ["wait_seconds"],
    effect: "read",
    what: "Waits for a team message to the caller, or for the other members to stop.",
    when: "A member needs a teammate's answer before it continues; the lead waits for the next message.",
    async run(input, ctx) {
      const caller = hub.caller(ctx.lane);
      const team = hub.teamFor(caller, optionalText(input, "team", 32));
      const wait = optionalCount(input, "wait_seconds", 1, MAX_WAIT_SECONDS);
      if (wait === undefined) throw new TeamInputError('"wait_seconds" is required (1 to 600).');
      const me = TeamHub.signature(caller);
      // A message already queued for a member is read before its next step: nothing to wait for.
      if ((hub.laneOf(ctx.lane)?.pendingMessages ?? 0) > 0)
        return { content: `${me}: a message is waiting; read it below and go on.` };
      const others = team.members.filter(
        (m) => m.lane !== ctx.lane && hub.laneOf(m.lane)?.status === "running",
      );
      // The lead waits for its members; a member also for the lead, who is always there.
      if (caller.kind === "lead" && others.length === 0)
        return { content: `lead: no member of team ${team.name} is running.` };
      const before = team.messages;
      const message = hub.nextMessage(team.name, me);
      const stopped = new AbortController();
      const onAbort = () => stopped.abort();
      ctx.signal.addEventListener("abort", onAbort, { once: true });
      try {
        await Promise.race([
          message.arrived,
          others.length > 0
            ? Promise.all(others.map((m) => hub.lanes().report(m.lane, wait * 1000, stopped.signal)))
            : elapsed(wait * 1000, stopped.signal),
        ]);
      } finally {
        message.cancel();
        stopped.abort();
        ctx.signal.removeEventListener("abort", onAbort);
      }
      const running = others.filter((m) => hub.laneOf(m.lane)?.status === "running").map((m) => m.name);
      if (team.messages > before) return { content: `${me}: a message arrived; read it below and go on.` };
      if (others.length > 0 && running.length === 0)
        return { content: `${me}: every other member of team ${team.name} has stopped.` };
      return {
        content: `${me}: no message after ${wait} s${running.length ? `; still running: ${running.join(", ")}` : ""}.`,
      };
    },
  });
}

export function teamStopTool(hub: TeamHub) {
  return teamTool({
    name: "team_stop",
    description:
      "Stop a team member (member) or every running member of the team (no member). A stopped member's report says what it had; team_status shows it.",
    properties: {
      member: { type: "string", description: "The member to stop; absent: all of them." },
      team: { type: "string", description: "Which team (default the latest)." },
    },
    required: [],
    effect: "agent",
    what: "Stops one member of a team, or all of them.",
    when: "A member is stuck, off track or no longer needed, or the team's work is done.",
    run(input, ctx) {
      const caller = hub.caller(ctx.lane);
      if (caller.kind !== "lead")
        throw new TeamInputError("only the lead stops members; tell the lead with team_message.");
      const team = hub.teamFor(caller, optionalText(input, "team", 32));
      const named = optionalText(input, "member", 32);
      const targets = named === undefined ? team.members : team.members.filter((m) => m.name === named);
      if (named !== undefined && targets.length === 0)
        throw new TeamInputError(
          `no member "${named}" in team ${team.name}; members: ${team.members.map((m) => m.name).join(", ")}.`,
        );
      const stopped: string[] = [];
      const already: string[] = [];
      for (const member of targets) {
        if (hub.laneOf(member.lane)?.status !== "running") {
          already.push(member.name);
          continue;
        }
        hub.lanes().cancel(member.lane);
        stopped.push(member.name);
      }
      if (stopped.length === 0)
        throw new TeamInputError(
          `${already.join(", ")} ${already.length === 1 ? "has" : "have"} already stopped.`,
        );
      return {
        content: `Stopping ${stopped.join(", ")} of team ${team.name}${already.length ? ` (already stopped: ${already.join(", ")})` : ""}; team_status {"wait_seconds": 5} shows what they had.`,
      };
    },
  });
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function elapsed(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
