/**
 * The step loop of one lane, until the model ends its turn. One step, in stages:
 *   1. `prepareStep`  — auto-compaction check, then the pre-step hook (appended messages join
 *                       history, logged with their source);
 *   2. `requestStep`  — the request (Tier 1 + history, breakpoints) is built and recorded;
 *   3. `streamModel`  — the stream's deltas and retries are recorded as they come;
 *   4. `settleStep`   — the response is recorded and the assistant message appended (or the
 *                       fault ends the run);
 *   5. `runStepTools` — the tool calls run and one user message of their results is appended.
 * The extensions' lifecycle gates (lifecycle-gates.ts) are asked around each tool call, and before
 * the lane ends its turn (`lane/stop`: a gate may keep it going, at most `MAX_STOP_CONTINUES`
 * times in a row); a halt a gate asked for ends the turn after the step's tools.
 * The log is flushed at each step boundary: after the request is recorded, after the response,
 * after the tool results. A provider fault ends the turn with stop reason `error`; an abort ends
 * it with `interrupted` (a stream cut by the abort leaves no assistant message; tool calls get
 * "interrupted" results). The main lane and subagent lanes run the same loop.
 */
import {
  type ForkedSubagents,
  formatReminder,
  type Message,
  type ModelRequest,
  messageText,
  type ProviderError,
  type StopReason,
  type ToolUseBlock,
  type TurnStopReason,
  type TurnToolLimit,
  text,
  type Usage,
  userMessage,
  type WakeNotice,
} from "@picasso/protocol";
import type { ChildHeader, ChildProfile } from "./agent-profile.js";
import { maybeAutoCompact } from "./compaction.js";
import { breaksPairing, repairPairing } from "./history-pairing.js";
import type { Lane } from "./lane.js";
import { runPreStep } from "./pre-step.js";
import { buildRequest } from "./request-builder.js";
import type { EngineRuntime } from "./runtime.js";
import { type StepOutcome, streamStep } from "./step.js";
import { recordRequest, recordResponse } from "./step-record.js";
import { makeToolContext, NO_FORKED_SUBAGENTS } from "./tool-context.js";
import { runToolCalls, type ToolRunEnv } from "./tool-scheduler.js";
import { noteTextOnlyModel } from "./turn-images.js";
import { addUsage, promptTokens } from "./usage.js";

/** How many times in a row the `lane/stop` gates may keep one run of a lane going. */
export const MAX_STOP_CONTINUES = 8;

/** A message for a running forked lane: from the agent that started it, or from `from` (a teammate). */
export interface InboxMessage {
  text: string;
  from?: string;
}

export interface LaneRunOptions {
  signal: AbortSignal;
  turn: number;
  maxSteps: number;
  /** Inside a subagent: the `agent` tools are refused. */
  noSubagents: boolean;
  runSubagent: Parameters<typeof makeToolContext>[0]["runSubagent"];
  /** The background subagents a tool call of this lane sees (forked-lanes.ts); none in a child. */
  subagents?: (toolUseId: string) => ForkedSubagents;
  /** The folder the lane's tools work in (default: the session's). */
  cwd?: string;
  /** Messages for the lane (a forked subagent's parent), appended before each step. */
  inbox?: () => InboxMessage[];
  /** The turn's tool limit (TurnOptions.limit). */
  turnLimit?: TurnToolLimit;
  /** The header a subagent's requests use when its agent definition changes it (agent-profile.ts). */
  header?: ChildHeader;
  /** Why a call is refused in this lane (an agent definition's tools list). */
  refusal?: ChildProfile["refusal"];
  /** Stop before a step once the lane's tokens (`Lane.tokensUsed`) reached this (a subagent's budget). */
  maxTokens?: number;
  /** Wake notices for the lane (the main lane's `SessionWake`), appended before each step. */
  notices?: () => WakeNotice[];
}

export interface LaneRunResult {
  stopReason: TurnStopReason;
  steps: number;
  /** Text of the last assistant message of the run that had any. */
  text: string;
  usage: Usage;
  error?: ProviderError;
  /** `max_steps` because the token budget ran out, not the step budget. */
  tokenBudget?: true;
}

export async function runLaneSteps(
  rt: EngineRuntime,
  lane: Lane,
  opts: LaneRunOptions,
): Promise<LaneRunResult> {
  const run = { usage: {} as Usage, steps: 0, text: "" };
  const result = (stopReason: TurnStopReason, error?: ProviderError): LaneRunResult => ({
    stopReason,
    ...run,
    ...(error ? { error } : {}),
  });
  const interrupted = (reason: string): LaneRunResult => {
    rt.record({ type: "interrupt", reason }, lane.id);
    rt.flush();
    return result("interrupted");
  };
  let continued = 0;
  while (true) {
    if (opts.signal.aborted) return interrupted("interrupted by the user before the next step");
    if (run.steps >= opts.maxSteps) return result("max_steps");
    if (opts.maxTokens !== undefined && lane.tokensUsed >= opts.maxTokens)
      return { ...result("max_steps"), tokenBudget: true };
    await prepareStep(rt, lane, opts);
    const { step, request } = requestStep(rt, lane, opts.header);
    run.steps += 1;
    const { outcome, retries } = await streamModel(rt, lane, request, step, opts.signal);
    const settled = settleStep(rt, lane, step, request, outcome, retries, opts.signal);
    if (settled.usage) {
      run.usage = addUsage(run.usage, settled.usage);
      lane.tokensUsed += (promptTokens(settled.usage) ?? 0) + (settled.usage.outputTokens ?? 0);
    }
    if (settled.kind === "interrupted") return interrupted("interrupted by the user during the model stream");
    if (settled.kind === "error") return result("error", settled.error);
    const said = messageText(settled.message);
    if (said.trim().length > 0) run.text = said;
    const calls = toolUses(settled.message);
    // `pause_turn`: the provider paused a long turn; sending the history again lets it go on.
    if (calls.length === 0 && settled.stopReason === "pause_turn" && settled.message.content.length > 0)
      continue;
    if (calls.length === 0) {
      if (continued < MAX_STOP_CONTINUES && (await keepGoing(rt, lane, opts, run.text, continued))) {
        continued += 1;
        continue;
      }
      return result(settled.stopReason);
    }
    continued = 0;
    await runStepTools(rt, lane, calls, opts);
    if (opts.signal.aborted) return interrupted("interrupted by the user while tools ran");
    if (rt.host.gates.takeHalt(lane.id) !== undefined) return result("end_turn");
  }
}

/** The `lane/stop` gates: true when one keeps the lane going. */
function keepGoing(
  rt: EngineRuntime,
  lane: Lane,
  opts: LaneRunOptions,
  said: string,
  continued: number,
): Promise<boolean> {
  if (!rt.host.gates.any || opts.signal.aborted) return Promise.resolve(false);
  return rt.host.gates.stop(
    { sessionId: rt.sessionId, lane: lane.id, turn: opts.turn, text: said, continued },
    gateError(rt, lane),
  );
}

function gateError(rt: EngineRuntime, lane: Lane) {
  return (extension: string, gate: string, error: unknown) =>
    rt.record(
      {
        type: "error",
        scope: "plugin",
        message: `extension ${extension} failed in ${gate}: ${(error as Error)?.message ?? String(error)}`,
      },
      lane.id,
    );
}

async function prepareStep(rt: EngineRuntime, lane: Lane, opts: LaneRunOptions): Promise<void> {
  for (const said of opts.inbox?.() ?? [])
    lane.append(
      userMessage(text(`Message from ${said.from ?? "the agent that started you"}:\n${said.text}`)),
      "subagent_message",
    );
  for (const notice of opts.notices?.() ?? [])
    lane.append(userMessage(text(formatReminder(notice.source, notice.text))), "notice", {
      reminder: notice.source,
    });
  await maybeAutoCompact(rt, lane, opts.signal);
  await runPreStep(rt, lane, opts.turn);
}

function requestStep(
  rt: EngineRuntime,
  lane: Lane,
  header: ChildHeader | undefined,
): { step: number; request: ModelRequest } {
  keepPairing(rt, lane);
  const step = lane.steps++;
  const request = buildRequest({
    tier1: header?.tier1 ?? rt.tier1,
    messages: lane.messages,
    model: header?.model ?? rt.provider.model,
    maxTokens: rt.settings.maxTokens,
    previousEnd: lane.previousEnd,
  });
  recordRequest(rt, lane.id, step, request, header ? { headerHash: header.hash } : {});
  lane.previousEnd = request.messages.length - 1;
  return { step, request };
}

/** The providers' pairing rules hold before every request; a history that breaks them is repaired. */
function keepPairing(rt: EngineRuntime, lane: Lane): void {
  if (breaksPairing(lane.messages, Math.max(0, lane.pairedUpTo - 1))) {
    const { messages, problems } = repairPairing(lane.messages);
    lane.replaceHistory(messages);
    rt.record({ type: "history_repair", problems, messages }, lane.id);
    rt.flush();
  }
  lane.pairedUpTo = lane.messages.length;
}

async function streamModel(
  rt: EngineRuntime,
  lane: Lane,
  request: ModelRequest,
  step: number,
  signal: AbortSignal,
): Promise<{ outcome: StepOutcome; retries: number }> {
  const stream = streamStep(rt.provider, request, signal, step);
  let next = await stream.next();
  let retries = 0;
  while (!next.done) {
    if (next.value.type === "retry") retries += 1;
    rt.record(next.value, lane.id);
    next = await stream.next();
  }
  return { outcome: next.value, retries };
}

type Settled =
  | { kind: "message"; message: Message; stopReason: StopReason; usage: Usage }
  | { kind: "interrupted"; usage?: Usage }
  | { kind: "error"; error: ProviderError; usage?: Usage };

function settleStep(
  rt: EngineRuntime,
  lane: Lane,
  step: number,
  request: ModelRequest,
  outcome: StepOutcome,
  retries: number,
  signal: AbortSignal,
): Settled {
  if (outcome.kind === "error") {
    const aborted = outcome.error.kind === "aborted" || signal.aborted;
    recordResponse(rt, lane.id, step, {
      stopReason: aborted ? "aborted" : "error",
      usage: outcome.usage,
      latencyMs: outcome.latencyMs,
      error: outcome.error,
      retries,
    });
    const usage = outcome.usage ? { usage: outcome.usage } : {};
    if (aborted) return { kind: "interrupted", ...usage };
    rt.record(
      { type: "error", scope: "provider", message: outcome.error.message, kind: outcome.error.kind },
      lane.id,
    );
    rt.flush();
    return { kind: "error", error: outcome.error, ...usage };
  }
  const tokens = promptTokens(outcome.usage);
  lane.lastPrompt = tokens === undefined ? undefined : { tokens, messageCount: request.messages.length };
  recordResponse(rt, lane.id, step, {
    stopReason: outcome.stopReason,
    usage: outcome.usage,
    latencyMs: outcome.latencyMs,
    retries,
  });
  if (outcome.message.content.length > 0) lane.append(outcome.message, "assistant");
  rt.flush();
  return { kind: "message", message: outcome.message, stopReason: outcome.stopReason, usage: outcome.usage };
}

async function runStepTools(
  rt: EngineRuntime,
  lane: Lane,
  calls: ToolUseBlock[],
  opts: LaneRunOptions,
): Promise<void> {
  const results = await runToolCalls(calls, {
    lane: lane.id,
    signal: opts.signal,
    mode: () => rt.mode(),
    tool: (name) => rt.host.tool(name),
    toolNames: () => (opts.header?.tier1 ?? rt.tier1).tools.map((t) => t.name),
    allowedForSession: rt.allowedForSession,
    approver: rt.approver,
    context: (toolUseId) =>
      makeToolContext({
        rt,
        lane: lane.id,
        toolUseId,
        signal: opts.signal,
        runSubagent: opts.runSubagent,
        subagents: opts.subagents?.(toolUseId) ?? NO_FORKED_SUBAGENTS,
        ...(opts.cwd ? { cwd: opts.cwd } : {}),
      }),
    outputLimitBytes: rt.settings.toolOutputLimitBytes,
    outputsDir: rt.outputsDir,
    noSubagents: opts.noSubagents,
    ...(opts.turnLimit ? { turnLimit: opts.turnLimit } : {}),
    ...(opts.refusal ? { refusal: opts.refusal } : {}),
    record: (body) => rt.record(body, lane.id),
    ...(rt.host.gates.any ? gateCalls(rt, lane, opts) : {}),
    afterResult: (call, output) =>
      rt.host.toolResult({
        lane: lane.id,
        messages: lane.messages,
        name: call.name,
        input: call.input,
        output,
      }),
  });
  noteTextOnlyModel(
    rt,
    results.reduce((n, result) => n + (result.images?.length ?? 0), 0),
    lane.id,
  );
  lane.append(userMessage(...results), "tool_results");
  rt.flush();
}

/** The scheduler's view of the tool gates for this lane. */
function gateCalls(
  rt: EngineRuntime,
  lane: Lane,
  opts: LaneRunOptions,
): Pick<ToolRunEnv, "beforeCall" | "afterCall"> {
  const about = (call: ToolUseBlock, target: string | undefined) => ({
    sessionId: rt.sessionId,
    lane: lane.id,
    turn: opts.turn,
    toolUseId: call.id,
    name: call.name,
    input: call.input,
    ...(target ? { target } : {}),
  });
  return {
    beforeCall: (call, target) => rt.host.gates.beforeTool(about(call, target), gateError(rt, lane)),
    afterCall: (call, target, status, output) =>
      rt.host.gates.afterTool({ ...about(call, target), status, output }, gateError(rt, lane)),
  };
}

function toolUses(message: Message): ToolUseBlock[] {
  return message.content.filter((b): b is ToolUseBlock => b.type === "tool_use");
}
