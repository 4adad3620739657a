/**
 * What the team tools share in one session: the roster (teams folded from their events), the
 * session's handles from the extension's `start` (`record`, the lanes as the main lane sees them,
 * the wake handle), and the waiters of `team_wait` — resolved when a message for that member (or
 * the lead) is recorded. `record` logs a team event and folds it into the roster at once, before
 * any other call can run, so a claim is decided against the board as it is.
 * Also who is calling: the main lane is the lead; a member's lane is its seat; any other lane
 * (a plain subagent) is refused.
 *
 * While a team runs it is armed on the session's wake handle (a surface that ends when idle waits
 * for it); when its last member stops, the lead gets a `team:done` notice — unless it already saw
 * the team finished (a `team_status` that found every member stopped).
 */
import type {
  ExtensionStartContext,
  ForkedSubagent,
  ForkedSubagents,
  SessionEventBody,
  SessionWake,
} from "@picasso/protocol";
import { type Seat, type Team, TeamRoster } from "./team-roster.js";
import { TeamInputError } from "./team-tool.js";

/** The longest a Node timer waits (about 24 days). */
const LONGEST_TIMER_MS = 2_147_000_000;

export type Caller = { kind: "lead" } | { kind: "member"; seat: Seat };

export class TeamHub {
  readonly roster = new TeamRoster();
  private session: ExtensionStartContext | undefined;
  private readonly waiters = new Set<{ team: string; who: string; wake: () => void }>();
  private closing = new AbortController();
  /** Teams the lead saw finished (`team_status` with every member stopped): no `team:done` for them. */
  private readonly seenFinished = new Set<string>();

  attach(session: ExtensionStartContext | undefined): void {
    this.session = session;
    if (session) this.closing = new AbortController();
    else this.closing.abort();
  }

  /** The lead saw every member of `team` stopped. */
  sawFinished(team: string): void {
    this.seenFinished.add(team);
  }

  /** Arm the session's wake while `team`'s members run; tell the lead when the last one stops. */
  watch(team: Team, summary: () => string): void {
    const wake = this.wake();
    const lanes = this.session?.lanes;
    if (!wake || !lanes) return;
    const disarm = wake.arm(`team ${team.name}`);
    const closing = this.closing.signal;
    void Promise.all(team.members.map((m) => lanes.report(m.lane, LONGEST_TIMER_MS, closing))).then(
      () =>
        // A macrotask later: a team_status waiting on the same lanes has returned by then.
        setImmediate(() => {
          disarm();
          if (closing.aborted || this.seenFinished.has(team.name)) return;
          if (team.members.some((m) => this.laneOf(m.lane)?.status === "running")) return;
          wake.notify({ source: "team:done", text: summary() });
        }),
      () => disarm(),
    );
  }

  get live(): boolean {
    return this.session !== undefined;
  }

  record(event: SessionEventBody, lane: string): void {
    if (!this.session) throw new Error("teams need a live session");
    this.session.record(event, lane);
    this.roster.apply(event, lane);
    if (event.type === "team_message")
      for (const waiter of [...this.waiters])
        if (
          waiter.team === event.team &&
          (event.to === waiter.who || (event.to === "all" && event.from !== waiter.who))
        )
          waiter.wake();
  }

  lanes(): ForkedSubagents {
    const lanes = this.session?.lanes;
    if (!lanes) throw new Error("this surface runs no background lanes, so no team can run here");
    return lanes;
  }

  wake(): SessionWake | undefined {
    return this.session?.wake;
  }

  /** The member's lane as it is now; undefined when it ran in an earlier run of the session. */
  laneOf(lane: string): ForkedSubagent | undefined {
    return this.session?.lanes?.list().find((l) => l.id === lane);
  }

  /** Resolves when a message for `who` in `team` is recorded, or `cancel()` is called. */
  nextMessage(team: string, who: string): { arrived: Promise<void>; cancel: () => void } {
    let resolve = () => {};
    const arrived = new Promise<void>((r) => {
      resolve = r;
    });
    const waiter = { team, who, wake: () => resolve() };
    this.waiters.add(waiter);
    const cancel = () => {
      this.waiters.delete(waiter);
      resolve();
    };
    void arrived.then(() => this.waiters.delete(waiter));
    return { arrived, cancel };
  }

  caller(lane: string): Caller {
    if (lane === "main") return { kind: "lead" };
    const seat = this.roster.seatOf(lane);
    if (!seat)
      throw new TeamInputError(
        "team tools are for the lead (the main lane) and the members of a team; this lane is not in a team.",
      );
    return { kind: "member", seat };
  }

  /** The team a call acts on: a member's own; for the lead, the one named, else the latest. */
  teamFor(caller: Caller, named: string | undefined): Team {
    if (caller.kind === "member") {
      if (named !== undefined && named !== caller.seat.team.name)
        throw new TeamInputError(`you are a member of team "${caller.seat.team.name}", not "${named}".`);
      return caller.seat.team;
    }
    const teams = this.roster.all();
    if (named !== undefined) {
      const team = this.roster.get(named);
      if (!team)
        throw new TeamInputError(
          `no team "${named}" in this session${teams.length ? ` (teams: ${teams.map((t) => t.name).join(", ")})` : ""}.`,
        );
      return team;
    }
    const latest = teams.at(-1);
    if (!latest) throw new TeamInputError("no team was started in this session; team_start starts one.");
    return latest;
  }

  /** The name a caller signs with: its member name, or `lead`. */
  static signature(caller: Caller): string {
    return caller.kind === "lead" ? "lead" : caller.seat.member.name;
  }
}
