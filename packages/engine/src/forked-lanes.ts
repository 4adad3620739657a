/**
 * Subagents forked into the background (`subagent_fork`), one registry per session.
 *
 * `fork` opens the child lane (subagent.ts `runChildLane`) and returns at once with its id; the
 * child runs its steps while the parent goes on — past the parent's turn, until it stops, is
 * cancelled, or the session ends (`close` cancels every running child and waits for its
 * `subagent_stop`). Each child has its own abort controller, linked to the session's closing
 * signal but not to the parent's turn: interrupting a turn does not stop work running in the
 * background. `message` queues text the child reads before its next step (source
 * `subagent_message`). `view(parentLane, …)` is what a tool call in a lane sees: every method
 * answers for that lane's children only and throws, with a message for the model, on a bad id.
 */
import {
  type ForkedSubagent,
  type ForkedSubagents,
  type SubagentRequest,
  type SubagentStatus,
  waitUntil,
} from "@picasso/protocol";
import { childProfile } from "./agent-profile.js";
import { childCwd } from "./child-cwd.js";
import type { Lane } from "./lane.js";
import type { InboxMessage } from "./lane-loop.js";
import type { EngineRuntime } from "./runtime.js";
import { runChildLane } from "./subagent.js";

interface Forked {
  parentLane: string;
  task: string;
  label: string | undefined;
  group: string | undefined;
  lane: Lane | undefined;
  abort: AbortController;
  inbox: InboxMessage[];
  startedAt: number;
  stoppedAt: number | undefined;
  status: "running" | SubagentStatus;
  report: string | undefined;
  ended: Promise<void>;
}

export class ForkedLanes {
  private readonly lanes = new Map<string, Forked>();

  constructor(
    private readonly rt: EngineRuntime,
    private readonly closing: AbortSignal,
  ) {}

  /**
   * What a tool call in `parentLane` (turn `turn`, call `toolUseId`) sees; an extension's view of
   * the main lane passes the turn as a function (its forks happen in later turns).
   */
  view(parentLane: string, toolUseId: string | undefined, turn: number | (() => number)): ForkedSubagents {
    return {
      fork: (request) => this.fork(request, parentLane, toolUseId, typeof turn === "number" ? turn : turn()),
      report: (id, waitMs, signal) => this.report(this.find(id, parentLane), waitMs, signal),
      list: () =>
        [...this.lanes.entries()]
          .filter(([, f]) => f.parentLane === parentLane)
          .map(([id]) => this.snapshot(id)),
      cancel: (id) => this.cancel(this.find(id, parentLane)),
      message: (id, text, from) => this.message(this.find(id, parentLane), text, from),
    };
  }

  /** Children still running. */
  get running(): number {
    return [...this.lanes.values()].filter((f) => f.status === "running").length;
  }

  /** Cancel every running child and wait until each has logged its stop. */
  async stopAll(): Promise<void> {
    for (const forked of this.lanes.values()) forked.abort.abort();
    await Promise.all([...this.lanes.values()].map((f) => f.ended));
  }

  private fork(
    request: SubagentRequest,
    parentLane: string,
    toolUseId: string | undefined,
    turn: number,
  ): ForkedSubagent {
    if (this.closing.aborted) throw new Error("the session is ending; no subagent was started");
    const cwd = childCwd(this.rt, request.cwd); // a bad cwd is refused before any lane opens
    const profile = childProfile(this.rt, request.agent); // so is an agent no definition has
    const abort = new AbortController();
    const stopOnClose = () => abort.abort();
    this.closing.addEventListener("abort", stopOnClose, { once: true });
    const forked: Forked = {
      parentLane,
      task: request.task,
      label: request.label,
      group: request.group,
      lane: undefined,
      abort,
      inbox: [],
      startedAt: Date.now(),
      stoppedAt: undefined,
      status: "running",
      report: undefined,
      ended: Promise.resolve(),
    };
    const stopped = (status: SubagentStatus, report: string) => {
      forked.status = status;
      forked.report = report;
      forked.stoppedAt = Date.now();
      this.closing.removeEventListener("abort", stopOnClose);
    };
    let id = "";
    // The lane opens synchronously, before runChildLane's first await.
    const run = runChildLane(
      this.rt,
      {
        request,
        parentLane,
        parentToolUseId: toolUseId,
        turn,
        signal: abort.signal,
        background: true,
        inbox: () => forked.inbox.splice(0),
        cwd,
        profile,
      },
      (lane) => {
        id = lane.id;
        forked.lane = lane;
        this.lanes.set(lane.id, forked);
      },
    );
    forked.ended = run.then(
      (end) => stopped(end.status, end.report),
      (error: unknown) =>
        stopped("error", `[the subagent stopped on an error: ${(error as Error)?.message ?? String(error)}]`),
    );
    return this.snapshot(id);
  }

  private find(id: string, parentLane: string): string {
    const forked = this.lanes.get(id);
    if (!forked || forked.parentLane !== parentLane) {
      const known = [...this.lanes.entries()].filter(([, f]) => f.parentLane === parentLane).map(([k]) => k);
      throw new Error(
        `no subagent "${id}" was forked in this session${known.length ? ` (forked: ${known.join(", ")})` : ""}; subagent_report without an id lists them`,
      );
    }
    return id;
  }

  private async report(id: string, waitMs: number, signal: AbortSignal): Promise<ForkedSubagent> {
    const forked = this.lanes.get(id) as Forked;
    if (forked.status === "running" && waitMs > 0) await waitUntil(forked.ended, waitMs, signal);
    return this.snapshot(id);
  }

  private cancel(id: string): ForkedSubagent {
    const forked = this.lanes.get(id) as Forked;
    if (forked.status !== "running") throw new Error(`${id} has already stopped (${forked.status})`);
    forked.abort.abort();
    return this.snapshot(id);
  }

  private message(id: string, text: string, from?: string): ForkedSubagent {
    const forked = this.lanes.get(id) as Forked;
    if (forked.status !== "running")
      throw new Error(
        `${id} has already stopped (${forked.status}); read its report with subagent_report, or fork a new subagent for the follow-up`,
      );
    forked.inbox.push(from !== undefined ? { text, from } : { text });
    return this.snapshot(id);
  }

  private snapshot(id: string): ForkedSubagent {
    const f = this.lanes.get(id) as Forked;
    return {
      id,
      task: f.task,
      status: f.status,
      steps: f.lane?.steps ?? 0,
      elapsedMs: (f.stoppedAt ?? Date.now()) - f.startedAt,
      pendingMessages: f.inbox.length,
      tokens: f.lane?.tokensUsed ?? 0,
      ...(f.label !== undefined ? { label: f.label } : {}),
      ...(f.group !== undefined ? { group: f.group } : {}),
      ...(f.report !== undefined ? { report: f.report } : {}),
    };
  }
}
