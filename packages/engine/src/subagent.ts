/**
 * Subagents: `ctx.runSubagent(task)` runs a child loop in a lane of its own (`agent-N`) in the
 * same session log. The child starts with one user message (the task, source `subagent_task`),
 * sends the same Tier 1 as the main lane (so it reads the same cache entries), has its own step
 * budget (the request's `maxSteps`, capped by the `subagentMaxSteps` setting) and cannot start
 * subagents itself (depth 1). It returns its final text as the report; a child that runs out of
 * budget or fails returns what it has with a note, so the parent can decide what to do.
 */
import { type SubagentRequest, text, userMessage } from "@picasso/protocol";
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
    const lane = new Lane(laneId, (body, l) => rt.log(body, l));
    rt.log(
      {
        type: "subagent_start",
        lane: laneId,
        task: request.task,
        parentToolUseId: toolUseId,
        parentLane,
      } as never,
      laneId,
    );
    rt.emit({
      type: "subagent_started",
      lane: laneId,
      parentLane,
      task: request.task,
      parentToolUseId: toolUseId,
    });
    lane.append(userMessage(text(request.task)), "subagent_task");
    const budget = Math.max(
      1,
      Math.min(request.maxSteps ?? rt.settings.subagentMaxSteps, rt.settings.subagentMaxSteps),
    );
    let result: LaneRunResult;
    try {
      result = await runLaneSteps(rt, lane, {
        signal,
        turn,
        maxSteps: budget,
        noSubagents: true,
        runSubagent: async () => {
          throw new Error("subagents cannot start subagents");
        },
      });
    } catch (error) {
      result = {
        stopReason: "error",
        steps: 0,
        text: "",
        usage: {},
        error: { kind: "unknown", message: (error as Error).message, retryable: false },
      };
    }
    const status =
      result.stopReason === "interrupted"
        ? "interrupted"
        : result.stopReason === "max_steps"
          ? "budget"
          : result.stopReason === "error"
            ? "error"
            : "done";
    const report = reportText(status, result, budget);
    rt.log({ type: "subagent_stop", lane: laneId, status, reportBytes: Buffer.byteLength(report) }, laneId);
    rt.flush();
    rt.emit({ type: "subagent_finished", lane: laneId, status, report });
    if (status === "interrupted") throw new Error("the subagent was interrupted by the user");
    return report;
  };
}

function reportText(status: string, result: LaneRunResult, budget: number): string {
  const said = result.text.trim();
  if (status === "done") return said || "(the subagent finished without a report)";
  if (status === "budget")
    return `${said ? `${said}\n\n` : ""}[the subagent used its budget of ${budget} steps before finishing; this is its last report]`;
  if (status === "error")
    return `${said ? `${said}\n\n` : ""}[the subagent stopped on an error: ${result.error?.message ?? "unknown"}]`;
  return said || "[the subagent was interrupted]";
}
