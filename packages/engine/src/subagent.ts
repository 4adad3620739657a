/**
 * Subagents: a child loop in a lane of its own (`agent-N`) in the same session log. The child
 * starts with one user message (source `subagent_task`): the task, then the agent-scoped rules
 * (subagent-brief.ts) — they enter only that lane, never Tier 1, which the child shares with the
 * main lane byte for byte (so it reads the same cache entries). It has its own step budget (the
 * request's `maxSteps`, capped by the `subagentMaxSteps` setting), works in the session's folder
 * or the request's `cwd` (e.g. a worktree), and cannot start subagents itself (depth 1). Its final
 * text is its report; a child that runs out of budget or fails reports what it has with a note.
 *
 * Run as an agent definition (`request.agent`, agent-profile.ts), the child's first message also
 * carries the definition's instructions (between the task and the rules), its tools are those the
 * definition lists and its model the one it names; a name no definition has fails before any lane
 * opens, naming the defined agents.
 *
 * Two ways in: `subagentRunner` (the core `subagent` tool — the parent's call waits for the
 * report; several calls of one step run at once, the scheduler batches `agent` calls) and
 * `ForkedLanes` (forked-lanes.ts, `subagent_fork` — the child runs in the background).
 */
import {
  formatReminder,
  type SubagentRequest,
  type SubagentStatus,
  text,
  userMessage,
} from "@picasso/protocol";
import { agentInstructions, type ChildProfile, childProfile } from "./agent-profile.js";
import { type ChildCwd, childCwd } from "./child-cwd.js";
import { Lane } from "./lane.js";
import { type InboxMessage, type LaneRunOptions, type LaneRunResult, runLaneSteps } from "./lane-loop.js";
import type { EngineRuntime } from "./runtime.js";
import { subagentBrief } from "./subagent-brief.js";

export interface ChildLaneStart {
  request: SubagentRequest;
  parentLane: string;
  /** The tool call that started it; absent when an extension started it outside a call. */
  parentToolUseId: string | undefined;
  turn: number;
  signal: AbortSignal;
  /** Forked: runs in the background, past the parent's turn. */
  background?: boolean;
  /** Messages for the child, read before each of its steps. */
  inbox?: () => InboxMessage[];
  /** The request's `cwd`, already checked and resolved by the caller (else it is checked here). */
  cwd?: ChildCwd;
  /** The request's agent profile, already resolved by the caller (else it is resolved here). */
  profile?: ChildProfile;
}

export interface ChildLaneEnd {
  status: SubagentStatus;
  report: string;
}

/**
 * Open a child lane and run it to its end. Throws (before anything is logged) when the request's
 * `cwd` is not a folder inside the workspace or its `agent` is not defined. `onLane` receives the
 * lane as soon as it exists.
 */
export async function runChildLane(
  rt: EngineRuntime,
  start: ChildLaneStart,
  onLane: (lane: Lane) => void = () => {},
): Promise<ChildLaneEnd> {
  const { request } = start;
  const cwd = start.cwd ?? childCwd(rt, request.cwd);
  const profile = start.profile ?? childProfile(rt, request.agent);
  const laneId = rt.nextLaneId();
  const lane = new Lane(laneId, (body, l) => rt.record(body, l));
  onLane(lane);
  rt.record(
    {
      type: "subagent_start",
      parentLane: start.parentLane,
      task: request.task,
      ...(start.parentToolUseId !== undefined ? { parentToolUseId: start.parentToolUseId } : {}),
      ...(start.background ? { background: true } : {}),
      ...(cwd.relative ? { cwd: cwd.relative } : {}),
      ...(profile.agent ? { agent: profile.agent.name } : {}),
      ...(request.label ? { label: request.label } : {}),
      ...(request.group ? { group: request.group } : {}),
    },
    laneId,
  );
  if (profile.header.own) recordAgentHeader(rt, profile, laneId);
  lane.append(
    userMessage(
      text(request.task),
      ...(profile.agent ? [text(agentInstructions(profile.agent))] : []),
      ...(request.brief ?? []).map((block) => text(formatReminder(block.source, block.text))),
      text(subagentBrief({ background: start.background === true })),
    ),
    "subagent_task",
  );
  const budget = Math.max(
    1,
    Math.min(request.maxSteps ?? rt.settings.subagentMaxSteps, rt.settings.subagentMaxSteps),
  );
  const timeBudget =
    request.maxSeconds !== undefined ? timeLimit(start.signal, request.maxSeconds) : undefined;
  const result = await runChild(
    rt,
    lane,
    timeBudget ? { ...start, signal: timeBudget.signal } : start,
    cwd.absolute,
    budget,
    profile,
  );
  const outOfTime = timeBudget?.expired() === true && !start.signal.aborted;
  timeBudget?.clear();
  const status = outOfTime ? "budget" : statusOf(result);
  const said = outOfTime
    ? `${result.text.trim() ? `${result.text.trim()}\n\n` : ""}[the subagent used its time budget of ${request.maxSeconds} s before finishing; this is its last report]`
    : result.tokenBudget
      ? `${result.text.trim() ? `${result.text.trim()}\n\n` : ""}[the subagent used its budget of ${request.maxTokens} tokens before finishing; this is its last report]`
      : reportText(status, result, budget);
  const report = profile.note ? `${said}\n\n[${profile.note}]` : said;
  rt.record({ type: "subagent_stop", status, reportBytes: Buffer.byteLength(report), report }, laneId);
  rt.flush();
  return { status, report };
}

/** The core `subagent` tool's way in: the parent's call waits for the child's report. */
export function subagentRunner(
  rt: EngineRuntime,
  parentLane: string,
  turn: number,
): LaneRunOptions["runSubagent"] {
  return async (request: SubagentRequest, toolUseId: string, signal: AbortSignal): Promise<string> => {
    const end = await runChildLane(rt, { request, parentLane, parentToolUseId: toolUseId, turn, signal });
    if (end.status === "interrupted") throw new Error("the subagent was interrupted by the user");
    return end.report;
  };
}

/** The agent's own header (its tools or model), logged so the log rebuilds the child's requests. */
function recordAgentHeader(rt: EngineRuntime, profile: ChildProfile, laneId: string): void {
  const { tier1, model, hash } = profile.header;
  rt.record(
    {
      type: "request_header",
      reason: "agent",
      hash,
      tier1Hash: tier1.hash,
      model,
      maxTokens: rt.settings.maxTokens,
      tools: tier1.tools,
      system: tier1.system,
      bytes: { tools: tier1.bytes.tools, system: tier1.bytes.system },
    },
    laneId,
  );
}

async function runChild(
  rt: EngineRuntime,
  lane: Lane,
  start: ChildLaneStart,
  cwd: string,
  budget: number,
  profile: ChildProfile,
): Promise<LaneRunResult> {
  try {
    return await runLaneSteps(rt, lane, {
      signal: start.signal,
      turn: start.turn,
      maxSteps: budget,
      noSubagents: true,
      cwd,
      ...(start.inbox ? { inbox: start.inbox } : {}),
      ...(profile.header.own ? { header: profile.header } : {}),
      ...(profile.agent ? { refusal: profile.refusal } : {}),
      ...(start.request.maxTokens !== undefined ? { maxTokens: start.request.maxTokens } : {}),
      runSubagent: async () => {
        throw new Error("subagents cannot start subagents");
      },
    });
  } catch (error) {
    return {
      stopReason: "error",
      steps: 0,
      text: "",
      usage: {},
      error: { kind: "unknown", message: (error as Error).message, retryable: false },
    };
  }
}

/** A signal that aborts with `parent` or after `seconds`; `expired()` says which. */
function timeLimit(parent: AbortSignal, seconds: number) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, seconds * 1000);
  const follow = () => controller.abort();
  parent.addEventListener("abort", follow, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    clear: () => {
      clearTimeout(timer);
      parent.removeEventListener("abort", follow);
    },
  };
}

function statusOf(result: LaneRunResult): SubagentStatus {
  switch (result.stopReason) {
    case "interrupted":
      return "interrupted";
    case "max_steps":
      return "budget";
    case "error":
      return "error";
    default:
      return "done";
  }
}

function reportText(status: SubagentStatus, result: LaneRunResult, budget: number): string {
  const said = result.text.trim();
  if (status === "done") return said || "(the subagent finished without a report)";
  if (status === "budget")
    return `${said ? `${said}\n\n` : ""}[the subagent used its budget of ${budget} steps before finishing; this is its last report]`;
  if (status === "error")
    return `${said ? `${said}\n\n` : ""}[the subagent stopped on an error: ${result.error?.message ?? "unknown"}]`;
  return said || "[the subagent was interrupted]";
}
