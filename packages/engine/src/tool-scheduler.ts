/**
 * Running the tool calls of one assistant message.
 *
 * Order of checks per call: known tool (else an error listing the available tools) → input valid
 * against the schema (else an error naming the field and showing the schema) → depth rule (a
 * subagent cannot start a subagent) → permission mode (run / ask the approver / refuse) → run →
 * truncate output over the limit (full text kept on disk).
 * Scheduling: consecutive calls whose tool has effect `read` run in parallel; every other call
 * runs alone, in the order the model asked. Results come back in the model's order, one per
 * tool_use, so the history stays valid. When the signal aborts, a running call is answered
 * "interrupted by the user" at once (the tool sees the signal and stops its process) and calls
 * not started yet get the same answer.
 */
import {
  byteLength,
  type LogEventBody,
  type PermissionMode,
  type ToolContext,
  type ToolDefinition,
  type ToolOutput,
  type ToolResultBlock,
  type ToolUseBlock,
} from "@picasso/protocol";
import type { Approver } from "./approver.js";
import type { EngineEvent, ToolStatus } from "./events.js";
import { truncateToolOutput } from "./output-spill.js";
import { checkPermission } from "./permissions.js";
import type { ResolvedCall } from "./runtime.js";
import { checkToolInput } from "./tool-input.js";

export const INTERRUPTED_RESULT = "interrupted by the user";

export interface ToolRunEnv {
  lane: string;
  signal: AbortSignal;
  mode(): PermissionMode;
  tool(name: string): ToolDefinition | undefined;
  /** What a call really does (a gateway takes its target's effect and input). */
  resolveCall(tool: ToolDefinition, input: Record<string, unknown>): ResolvedCall;
  toolNames(): string[];
  allowedForSession: Set<string>;
  approver: Approver;
  context(toolUseId: string): ToolContext;
  outputLimitBytes: number;
  outputsDir: string;
  /** True inside a subagent: tools with effect `agent` are refused (depth 1). */
  noSubagents: boolean;
  emit(event: EngineEvent): void;
  log(body: LogEventBody): void;
  /** Rewrites a successful result before it is appended (e.g. dedupe of a repeated read). */
  filterOutput?(call: ToolUseBlock, output: ToolOutput): ToolOutput;
}

interface Finished {
  status: ToolStatus;
  output: ToolOutput;
}

export async function runToolCalls(calls: ToolUseBlock[], env: ToolRunEnv): Promise<ToolResultBlock[]> {
  const results: ToolResultBlock[] = new Array(calls.length);
  let i = 0;
  while (i < calls.length) {
    let j = i + 1;
    if (isRead(calls[i]!, env)) while (j < calls.length && isRead(calls[j]!, env)) j += 1;
    const batch = calls.slice(i, j);
    const done = await Promise.all(batch.map((call) => runOne(call, env)));
    done.forEach((block, k) => {
      results[i + k] = block;
    });
    i = j;
  }
  return results;
}

function isRead(call: ToolUseBlock, env: ToolRunEnv): boolean {
  const tool = env.tool(call.name);
  return tool !== undefined && env.resolveCall(tool, call.input).effect === "read";
}

async function runOne(call: ToolUseBlock, env: ToolRunEnv): Promise<ToolResultBlock> {
  const started = Date.now();
  env.log({
    type: "tool_call",
    toolUseId: call.id,
    name: call.name,
    inputBytes: byteLength(JSON.stringify(call.input)),
  });
  env.emit({
    type: "tool_call_started",
    lane: env.lane,
    toolUseId: call.id,
    name: call.name,
    input: call.input,
  });
  const decided = await decideAndRun(call, env);
  const filtered =
    decided.status === "ok" && env.filterOutput ? env.filterOutput(call, decided.output) : decided.output;
  const finished: Finished = { status: decided.status, output: filtered };
  const deduped = filtered.content !== decided.output.content;
  const tool = env.tool(call.name);
  const spilled = truncateToolOutput({
    content: finished.output.content,
    limitBytes: env.outputLimitBytes,
    outputsDir: env.outputsDir,
    toolUseId: call.id,
  });
  const durationMs = Date.now() - started;
  if (finished.output.tier2 && finished.status === "ok")
    env.log({ type: "tier2_load", ...finished.output.tier2, bytes: byteLength(spilled.content) });
  env.log({
    type: "tool_result",
    toolUseId: call.id,
    name: call.name,
    status: finished.status,
    bytes: byteLength(spilled.content),
    durationMs,
    ...(spilled.truncated ? { truncated: true, fullOutputPath: spilled.fullOutputPath } : {}),
    ...(tool ? { effect: tool.effect } : {}),
    ...(deduped ? { deduped: true, originalBytes: byteLength(decided.output.content) } : {}),
  } as LogEventBody);
  env.emit({
    type: "tool_call_finished",
    lane: env.lane,
    toolUseId: call.id,
    name: call.name,
    status: finished.status,
    content: spilled.content,
    ...(finished.output.display ? { display: finished.output.display } : {}),
    durationMs,
    ...(spilled.truncated ? { truncated: true } : {}),
  });
  const isError = finished.status !== "ok" || finished.output.isError === true;
  return {
    type: "tool_result",
    toolUseId: call.id,
    content: spilled.content,
    ...(isError ? { isError: true } : {}),
  };
}

const fail = (status: ToolStatus, content: string): Finished => ({
  status,
  output: { content, isError: true },
});

async function decideAndRun(call: ToolUseBlock, env: ToolRunEnv): Promise<Finished> {
  if (env.signal.aborted) return fail("interrupted", INTERRUPTED_RESULT);
  const tool = env.tool(call.name);
  if (!tool)
    return fail("error", `unknown tool "${call.name}". Available tools: ${env.toolNames().join(", ")}.`);
  const invalid = checkToolInput(tool.spec, call.input);
  if (invalid) return fail("error", invalid);
  const resolved = env.resolveCall(tool, call.input);
  if (resolved.effect === "agent" && env.noSubagents)
    return fail(
      "denied",
      `"${call.name}" is not available inside a subagent: subagents cannot start subagents.`,
    );
  const verdict = checkPermission({
    mode: env.mode(),
    name: resolved.permissionName,
    effect: resolved.effect,
    input: resolved.input,
    allowedForSession: env.allowedForSession,
  });
  if (verdict.kind === "refuse") return fail("denied", verdict.message);
  if (verdict.kind === "ask") {
    const denied = await askApproval(call, resolved, env);
    if (denied) return denied;
  }
  if (env.signal.aborted) return fail("interrupted", INTERRUPTED_RESULT);
  return runTool(call, tool, env);
}

async function askApproval(
  call: ToolUseBlock,
  resolved: ResolvedCall,
  env: ToolRunEnv,
): Promise<Finished | undefined> {
  env.emit({
    type: "approval_requested",
    lane: env.lane,
    toolUseId: call.id,
    name: call.name,
    input: call.input,
  });
  let answer: Awaited<ReturnType<Approver["approve"]>>;
  try {
    answer = await env.approver.approve(
      {
        lane: env.lane,
        toolUseId: call.id,
        name: call.name,
        effect: resolved.effect,
        ...(resolved.target ? { target: resolved.target } : {}),
        input: call.input,
      },
      env.signal,
    );
  } catch (error) {
    if (env.signal.aborted) return fail("interrupted", INTERRUPTED_RESULT);
    answer = { decision: "deny", note: `approval failed: ${(error as Error).message}` };
  }
  env.log({
    type: "approval",
    toolUseId: call.id,
    name: call.name,
    decision: answer.decision,
    ...(answer.note ? { note: answer.note } : {}),
  });
  env.emit({
    type: "approval_decided",
    lane: env.lane,
    toolUseId: call.id,
    name: call.name,
    decision: answer.decision,
    ...(answer.note ? { note: answer.note } : {}),
  });
  if (answer.decision === "allow_session") env.allowedForSession.add(resolved.permissionName);
  if (answer.decision !== "deny") return undefined;
  return fail(
    "denied",
    `The user denied this "${call.name}" call.${answer.note ? ` Note: ${answer.note}` : ""} Do not retry it as is; ask or take another way.`,
  );
}

async function runTool(call: ToolUseBlock, tool: ToolDefinition, env: ToolRunEnv): Promise<Finished> {
  const running = tool.run(call.input, env.context(call.id)).then(
    (output): Finished => ({ status: output.isError ? "error" : "ok", output }),
    (error: unknown): Finished =>
      fail("error", `tool "${call.name}" failed: ${(error as Error)?.message ?? String(error)}`),
  );
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<Finished>((resolve) => {
    onAbort = () => resolve(fail("interrupted", INTERRUPTED_RESULT));
    if (env.signal.aborted) onAbort();
    else env.signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([running, interrupted]);
  } finally {
    if (onAbort) env.signal.removeEventListener("abort", onAbort);
  }
}
