/**
 * Running the tool calls of one assistant message.
 *
 * Order of checks per call: known tool (else an error listing the available tools) → allowed in
 * this lane (an agent definition's tools list, agent-profile.ts) → input valid
 * against the schema (else an error naming the field and showing the schema) → depth rule (a
 * subagent cannot start a subagent) → the turn's tool limit (a custom command's `allowed-tools`;
 * turn-limit.ts) → the extensions' `tool/before` gates (deny, ask, allow;
 * lifecycle-gates.ts) → permission mode (run / ask the approver / refuse) → run →
 * the `tool/result` hook (e.g. a repeated read becomes a pointer) → truncate output over the limit
 * (full text kept on disk).
 * Scheduling: consecutive calls whose effect is `read` or `agent` run in parallel (subagents are
 * independent lanes); every other call runs alone, in the order the model asked. Results come back
 * in the model's order, one per tool_use, so the history stays valid. When the signal aborts, a
 * running call is answered "interrupted by the user" at once (the tool sees the signal and stops
 * its process) and calls not started yet get the same answer.
 * Events per call: `tool_call` → (`approval_requested` → `approval_decided`) → (`tier2_load` per
 * Tier-2 entry the output carried, tier2-loads.ts) →
 * `tool_result` → the `tool/after` gates. A result's `durationMs` is the time the tool ran; an approval's wait is its own
 * `waitMs`.
 */
import {
  byteLength,
  containsHeldSecret,
  INTERRUPTED_RESULT,
  type PermissionMode,
  type ProtectedWrite,
  redactHeldSecrets,
  type SessionEventBody,
  type ToolCallGate,
  type ToolContext,
  type ToolDefinition,
  type ToolEffect,
  type ToolOutput,
  type ToolResultBlock,
  type ToolStatus,
  type ToolUseBlock,
  type TurnToolLimit,
} from "@picasso/protocol";
import type { ApprovalAnswer, ApprovalRequest, Approver } from "./approver.js";
import { type ResolvedCall, resolveCall } from "./call-resolution.js";
import { truncateToolOutput } from "./output-spill.js";
import { checkPermission } from "./permissions.js";
import { tier2LoadEvents } from "./tier2-loads.js";
import { checkToolInput } from "./tool-input.js";
import { turnLimitRefusal } from "./turn-limit.js";

export interface ToolRunEnv {
  lane: string;
  signal: AbortSignal;
  mode(): PermissionMode;
  tool(name: string): ToolDefinition | undefined;
  toolNames(): string[];
  allowedForSession: Set<string>;
  approver: Approver;
  context(toolUseId: string): ToolContext;
  outputLimitBytes: number;
  outputsDir: string;
  /** True inside a subagent: tools with effect `agent` are refused (depth 1). */
  noSubagents: boolean;
  /** The turn's tool limit (a custom command's `allowed-tools`), if any. */
  turnLimit?: TurnToolLimit;
  /** Why this lane may not make the call (an agent definition's tools list), or undefined. */
  refusal?(name: string, target: string | undefined): string | undefined;
  record(body: SessionEventBody): void;
  /** The `tool/result` hook: may rewrite a successful output before it is appended. */
  afterResult?(call: ToolUseBlock, output: ToolOutput): ToolOutput;
  /** The `tool/before` gates: deny, ask about or allow the call before the permission check. */
  beforeCall?(call: ToolUseBlock, target: string | undefined): Promise<ToolCallGate>;
  /** The `tool/after` gates: the call's final result. */
  afterCall?(
    call: ToolUseBlock,
    target: string | undefined,
    status: ToolStatus,
    output: string,
  ): Promise<void>;
}

interface Finished {
  status: ToolStatus;
  output: ToolOutput;
  /** Time the tool itself ran. */
  ranMs: number;
}

const PARALLEL: ReadonlySet<ToolEffect> = new Set(["read", "agent"]);

export async function runToolCalls(calls: ToolUseBlock[], env: ToolRunEnv): Promise<ToolResultBlock[]> {
  const results: ToolResultBlock[] = new Array(calls.length);
  let i = 0;
  while (i < calls.length) {
    let j = i + 1;
    const group = parallelGroup(calls[i]!, env);
    if (group) while (j < calls.length && parallelGroup(calls[j]!, env) === group) j += 1;
    const batch = calls.slice(i, j);
    const done = await Promise.all(batch.map((call) => runOne(call, env)));
    done.forEach((block, k) => {
      results[i + k] = block;
    });
    i = j;
  }
  return results;
}

/** The effect a call shares a parallel batch under, or undefined when it runs alone. */
function parallelGroup(call: ToolUseBlock, env: ToolRunEnv): ToolEffect | undefined {
  const tool = env.tool(call.name);
  if (!tool) return undefined;
  const effect = resolveCall(tool, call.input).effect;
  if (!PARALLEL.has(effect)) return undefined;
  return effect === "agent" && env.noSubagents ? undefined : effect;
}

async function runOne(call: ToolUseBlock, env: ToolRunEnv): Promise<ToolResultBlock> {
  const tool = env.tool(call.name);
  const resolved = tool ? resolveCall(tool, call.input) : undefined;
  env.record({
    type: "tool_call",
    toolUseId: call.id,
    name: call.name,
    inputBytes: byteLength(JSON.stringify(call.input)),
    input: call.input,
    ...(resolved ? { effect: resolved.effect } : {}),
    ...(resolved?.target ? { target: resolved.target } : {}),
  });
  const decided = await decideAndRun(call, tool, resolved, env);
  const hooked =
    decided.status === "ok" && env.afterResult ? env.afterResult(call, decided.output) : decided.output;
  // A key this process holds never reaches the model, the log or a spill file (a `.env` read, an
  // `env` dump): redacted before anything else sees the output.
  const filtered = redactOutput(hooked);
  const deduped = hooked.content !== decided.output.content;
  const spilled = truncateToolOutput({
    content: filtered.content,
    limitBytes: env.outputLimitBytes,
    outputsDir: env.outputsDir,
    toolUseId: call.id,
  });
  const bytes = byteLength(spilled.content);
  for (const load of tier2LoadEvents(filtered.tier2, call.id, bytes, deduped)) env.record(load);
  env.record({
    type: "tool_result",
    toolUseId: call.id,
    name: call.name,
    status: decided.status,
    bytes,
    durationMs: decided.ranMs,
    ...(resolved ? { effect: resolved.effect } : {}),
    ...(spilled.truncated ? { truncated: true, fullOutputPath: spilled.fullOutputPath } : {}),
    ...(deduped ? { deduped: true, originalBytes: byteLength(decided.output.content) } : {}),
    content: spilled.content,
    ...(filtered.display ? { display: filtered.display } : {}),
  });
  await env.afterCall?.(call, resolved?.target, decided.status, spilled.content);
  const isError = decided.status !== "ok" || filtered.isError === true;
  return {
    type: "tool_result",
    toolUseId: call.id,
    content: spilled.content,
    ...(isError ? { isError: true } : {}),
    ...(filtered.images?.length ? { images: filtered.images } : {}),
  };
}

function redactOutput(output: ToolOutput): ToolOutput {
  const shown = output.display ? JSON.stringify(output.display) : undefined;
  if (!containsHeldSecret(output.content) && !(shown && containsHeldSecret(shown))) return output;
  return {
    ...output,
    content: redactHeldSecrets(output.content),
    ...(shown ? { display: JSON.parse(redactHeldSecrets(shown)) } : {}),
  };
}

const fail = (status: ToolStatus, content: string): Finished => ({
  status,
  output: { content, isError: true },
  ranMs: 0,
});

async function decideAndRun(
  call: ToolUseBlock,
  tool: ToolDefinition | undefined,
  resolved: ResolvedCall | undefined,
  env: ToolRunEnv,
): Promise<Finished> {
  if (env.signal.aborted) return fail("interrupted", INTERRUPTED_RESULT);
  if (!tool || !resolved)
    return fail("error", `unknown tool "${call.name}". Available tools: ${env.toolNames().join(", ")}.`);
  const refused = env.refusal?.(call.name, resolved.target);
  if (refused) return fail("denied", refused);
  const invalid = checkToolInput(tool.spec, call.input);
  if (invalid) return fail("error", invalid);
  if (resolved.effect === "agent" && env.noSubagents)
    return fail(
      "denied",
      `"${call.name}" is not available inside a subagent: subagents cannot start subagents.`,
    );
  const limited = turnLimitRefusal(env.turnLimit, resolved.permissionName, resolved.input);
  if (limited) return fail("denied", limited);
  const gate = env.beforeCall ? await env.beforeCall(call, resolved.target) : {};
  if (gate.decision === "deny")
    return fail("denied", `A hook refused this "${call.name}" call: ${gate.reason ?? "no reason given"}`);
  const verdict = checkPermission({
    mode: env.mode(),
    name: resolved.permissionName,
    effect: resolved.effect,
    sandboxed: resolved.sandboxed,
    input: resolved.input,
    allowedForSession: env.allowedForSession,
  });
  if (verdict.kind === "refuse") return fail("denied", verdict.message);
  const ask = verdict.kind === "ask" ? gate.decision !== "allow" : gate.decision === "ask";
  if (ask) {
    const denied = await askApproval(call, resolved, env);
    if (denied) return denied;
  }
  if (env.signal.aborted) return fail("interrupted", INTERRUPTED_RESULT);
  return runTool(call, tool, env);
}

/**
 * Asks the approver about one call and records the question and the answer
 * (`approval_requested` → `approval_decided`); "allow for the session" remembers `sessionKey`.
 * Undefined when the turn was interrupted while the question was open.
 */
async function decide(
  call: ToolUseBlock,
  asked: Pick<ApprovalRequest, "effect" | "target" | "protectedPath">,
  sessionKey: string,
  env: ToolRunEnv,
): Promise<ApprovalAnswer | undefined> {
  const started = Date.now();
  const about = {
    ...(asked.target ? { target: asked.target } : {}),
    ...(asked.protectedPath ? { protectedPath: asked.protectedPath } : {}),
  };
  env.record({
    type: "approval_requested",
    toolUseId: call.id,
    name: call.name,
    effect: asked.effect,
    ...about,
    input: call.input,
  });
  let answer: ApprovalAnswer;
  try {
    answer = await env.approver.approve(
      {
        lane: env.lane,
        toolUseId: call.id,
        name: call.name,
        effect: asked.effect,
        ...about,
        input: call.input,
      },
      env.signal,
    );
  } catch (error) {
    if (env.signal.aborted) return undefined;
    answer = { decision: "deny", note: `approval failed: ${(error as Error).message}` };
  }
  env.record({
    type: "approval_decided",
    toolUseId: call.id,
    name: call.name,
    decision: answer.decision,
    ...(answer.note ? { note: answer.note } : {}),
    waitMs: Date.now() - started,
  });
  if (answer.decision === "allow_session") env.allowedForSession.add(sessionKey);
  return answer;
}

async function askApproval(
  call: ToolUseBlock,
  resolved: ResolvedCall,
  env: ToolRunEnv,
): Promise<Finished | undefined> {
  const answer = await decide(
    call,
    { effect: resolved.effect, ...(resolved.target ? { target: resolved.target } : {}) },
    resolved.permissionName,
    env,
  );
  if (!answer) return fail("interrupted", INTERRUPTED_RESULT);
  if (answer.decision !== "deny") return undefined;
  return fail("denied", deniedResult(call.name, answer.note));
}

/** What the model is told of a denial; the user's (or a surface's) note ends as a sentence of its own. */
function deniedResult(name: string, note: string | undefined): string {
  const sentence = note ? ` Note: ${/[.!?]$/.test(note) ? note : `${note}.`}` : "";
  return `The user denied this "${name}" call.${sentence} Do not retry it as is; ask or take another way.`;
}

/**
 * A protected path about to be written by this call: the user decides, in every mode (auto too);
 * allowed "for the session" means this path, never the tool. Recorded like any approval.
 */
async function confirmProtectedWrite(
  call: ToolUseBlock,
  write: ProtectedWrite,
  env: ToolRunEnv,
): Promise<boolean> {
  const key = `protected:${write.path}`;
  if (env.allowedForSession.has(key)) return true;
  if (env.mode() === "plan" || env.signal.aborted) return false;
  const answer = await decide(call, { effect: "write", protectedPath: write }, key, env);
  return answer !== undefined && answer.decision !== "deny";
}

async function runTool(call: ToolUseBlock, tool: ToolDefinition, env: ToolRunEnv): Promise<Finished> {
  const started = Date.now();
  const ran = () => Date.now() - started;
  const ctx: ToolContext = {
    ...env.context(call.id),
    confirmProtectedWrite: (write) => confirmProtectedWrite(call, write, env),
  };
  const running = tool.run(call.input, ctx).then(
    (output): Finished => ({ status: output.isError ? "error" : "ok", output, ranMs: ran() }),
    (error: unknown): Finished => ({
      ...fail("error", `tool "${call.name}" failed: ${(error as Error)?.message ?? String(error)}`),
      ranMs: ran(),
    }),
  );
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<Finished>((resolve) => {
    onAbort = () => resolve({ ...fail("interrupted", INTERRUPTED_RESULT), ranMs: ran() });
    if (env.signal.aborted) onAbort();
    else env.signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([running, interrupted]);
  } finally {
    if (onAbort) env.signal.removeEventListener("abort", onAbort);
  }
}
