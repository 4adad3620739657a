/**
 * Subagents: `ctx.runSubagent(task)` runs a child loop in a lane of its own (`agent-N`) in the
 * same session log. The child starts with one user message (the task, source `subagent_task`),
 * sends the same Tier 1 as the main lane (so it reads the same cache entries), has its own step
 * budget (the request's `maxSteps`, capped by the `subagentMaxSteps` setting) and cannot start
 * subagents itself (depth 1). It returns its final text as the report; a child that runs out of
 * budget or fails returns what it has with a note, so the parent can decide what to do. Several
 * subagent calls of one step run at once (the scheduler batches `agent` calls), each in its lane.
 */
import { type SubagentRequest, type SubagentStatus, text, userMessage } from "@picasso/protocol";
import { Lane } from "./lane.js";
import { type LaneRunOptions, type LaneRunResult, runLaneSteps } from "./lane-loop.js";
import type { EngineRuntime } from "./runtime.js";

export function subagentRunner(
  rt: EngineRuntime,
  parentLane: string,
  turn: number,
): LaneRunOptions["runSubagent"] {
  return async (request: SubagentRequest, toolUseId: string, signal: AbortSignal): Promise<string> => {
    const laneId = rt.nextLaneId();
    const lane = new Lane(laneId, (body, l) => rt.record(body, l));
    rt.record({ type: "subagent_start", parentLane, task: request.task, parentToolUseId: toolUseId }, laneId);
    lane.append(userMessage(text(request.task)), "subagent_task");
    const budget = Math.max(
      1,
      Math.min(request.maxSteps ?? rt.settings.subagentMaxSteps, rt.settings.subagentMaxSteps),
    );
    const result = await runChild(rt, lane, signal, turn, budget);
    const status = statusOf(result);
    const report = reportText(status, result, budget);
    rt.record({ type: "subagent_stop", status, reportBytes: Buffer.byteLength(report), report }, laneId);
    rt.flush();
    if (status === "interrupted") throw new Error("the subagent was interrupted by the user");
    return report;
  };
}

async function runChild(
  rt: EngineRuntime,
  lane: Lane,
  signal: AbortSignal,
  turn: number,
  budget: number,
): Promise<LaneRunResult> {
  try {
    return await runLaneSteps(rt, lane, {
      signal,
      turn,
      maxSteps: budget,
      noSubagents: true,
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
