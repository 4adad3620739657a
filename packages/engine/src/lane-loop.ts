/**
 * The step loop of one lane, until the model ends its turn:
 *   auto-compaction check → pre-step hook (appended messages join history, logged with their
 *   source) → request (Tier 1 + history, breakpoints) → stream → assistant message appended →
 *   tool calls run → one user message of tool results appended → next step.
 * The log is flushed at each step boundary: after the request is logged, after the response,
 * after the tool results. A provider fault ends the turn with stop reason `error`; an abort ends
 * it with `interrupted` (a stream cut by the abort leaves no assistant message; tool calls get
 * "interrupted" results). The main lane and subagent lanes run the same loop.
 */
import {
  type Message,
  messageText,
  type ProviderError,
  type ToolUseBlock,
  type Usage,
  userMessage,
} from "@picasso/protocol";
import { maybeAutoCompact } from "./compaction.js";
import type { TurnStopReason } from "./events.js";
import type { Lane } from "./lane.js";
import { runPreStep } from "./pre-step.js";
import { buildRequest } from "./request-builder.js";
import type { EngineRuntime } from "./runtime.js";
import { streamStep } from "./step.js";
import { announceUsage, logResponse, recordRequest, recordResponse } from "./step-record.js";
import { makeToolContext } from "./tool-context.js";
import { runToolCalls } from "./tool-scheduler.js";
import { addUsage, promptTokens } from "./usage.js";

export interface LaneRunOptions {
  signal: AbortSignal;
  turn: number;
  maxSteps: number;
  /** Inside a subagent: the `agent` tools are refused. */
  noSubagents: boolean;
  runSubagent: Parameters<typeof makeToolContext>[0]["runSubagent"];
}

export interface LaneRunResult {
  stopReason: TurnStopReason;
  steps: number;
  /** Text of the last assistant message of the run that had any. */
  text: string;
  usage: Usage;
  error?: ProviderError;
}

export async function runLaneSteps(
  rt: EngineRuntime,
  lane: Lane,
  opts: LaneRunOptions,
): Promise<LaneRunResult> {
  let usage: Usage = {};
  let steps = 0;
  let text = "";
  const interrupted = (reason: string): LaneRunResult => {
    rt.log({ type: "interrupt", reason }, lane.id);
    rt.flush();
    return { stopReason: "interrupted", steps, text, usage };
  };
  while (true) {
    if (opts.signal.aborted) return interrupted("interrupted by the user before the next step");
    if (steps >= opts.maxSteps) return { stopReason: "max_steps", steps, text, usage };
    await maybeAutoCompact(rt, lane, opts.signal);
    await runPreStep(rt, lane, opts.turn);
    const step = lane.steps++;
    const request = buildRequest({
      tier1: rt.tier1,
      messages: lane.messages,
      model: rt.provider.model,
      maxTokens: rt.settings.maxTokens,
      previousEnd: lane.previousEnd,
    });
    recordRequest(rt, lane.id, step, request);
    lane.previousEnd = request.messages.length - 1;
    steps += 1;

    const stream = streamStep(rt.provider, request, opts.signal, lane.id);
    let next = await stream.next();
    let retries = 0;
    while (!next.done) {
      if (next.value.type === "retry") retries += 1;
      rt.emit(next.value);
      next = await stream.next();
    }
    const outcome = next.value;
    if (outcome.kind === "error") {
      const aborted = outcome.error.kind === "aborted" || opts.signal.aborted;
      recordResponse(rt, lane.id, step, {
        stopReason: aborted ? "aborted" : "error",
        usage: outcome.usage,
        latencyMs: outcome.latencyMs,
        error: outcome.error,
        retries,
      });
      if (outcome.usage) usage = addUsage(usage, outcome.usage);
      if (aborted) return interrupted("interrupted by the user during the model stream");
      rt.log(
        { type: "error", scope: "provider", message: outcome.error.message, kind: outcome.error.kind },
        lane.id,
      );
      rt.flush();
      rt.emit({
        type: "error",
        lane: lane.id,
        scope: "provider",
        message: outcome.error.message,
        kind: outcome.error.kind,
      });
      return { stopReason: "error", steps, text, usage, error: outcome.error };
    }

    usage = addUsage(usage, outcome.usage);
    const tokens = promptTokens(outcome.usage);
    lane.lastPrompt = tokens === undefined ? undefined : { tokens, messageCount: request.messages.length };
    const response = {
      stopReason: outcome.stopReason,
      usage: outcome.usage,
      latencyMs: outcome.latencyMs,
      retries,
    };
    logResponse(rt, lane.id, step, response);
    if (outcome.message.content.length > 0) {
      lane.append(outcome.message, "assistant");
      rt.emit({ type: "assistant_message", lane: lane.id, message: outcome.message });
    }
    announceUsage(rt, lane.id, step, response);
    const said = messageText(outcome.message);
    if (said.trim().length > 0) text = said;
    rt.flush();

    const calls = toolUses(outcome.message);
    // `pause_turn`: the provider paused a long turn; sending the history again lets it go on.
    if (calls.length === 0 && outcome.stopReason === "pause_turn" && outcome.message.content.length > 0)
      continue;
    if (calls.length === 0) return { stopReason: outcome.stopReason, steps, text, usage };
    const results = await runToolCalls(calls, {
      lane: lane.id,
      signal: opts.signal,
      mode: () => rt.mode(),
      tool: (name) => rt.host.tool(name),
      resolveCall: (tool, input) => rt.resolveCall(tool, input),
      toolNames: () => rt.tier1.tools.map((t) => t.name),
      allowedForSession: rt.allowedForSession,
      approver: rt.approver,
      context: (toolUseId) =>
        makeToolContext({ rt, lane: lane.id, toolUseId, signal: opts.signal, runSubagent: opts.runSubagent }),
      outputLimitBytes: rt.settings.toolOutputLimitBytes,
      outputsDir: rt.outputsDir,
      noSubagents: opts.noSubagents,
      emit: (event) => rt.emit(event),
      log: (body) => rt.log(body, lane.id),
      ...(rt.filterToolOutput
        ? {
            filterOutput: (call, output) =>
              rt.filterToolOutput!({
                lane: lane.id,
                messages: lane.messages,
                name: call.name,
                input: call.input,
                output,
              }),
          }
        : {}),
    });
    lane.append(userMessage(...results), "tool_results");
    rt.flush();
    if (opts.signal.aborted) return interrupted("interrupted by the user while tools ran");
  }
}

function toolUses(message: Message): ToolUseBlock[] {
  return message.content.filter((b): b is ToolUseBlock => b.type === "tool_use");
}
