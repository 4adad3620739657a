/**
 * What a finished hook run decided, read the way Claude Code's hooks contract has it:
 * - exit 0: no objection. Stdout that is a JSON object may decide (below); other stdout is added
 *   to the model's context for `UserPromptSubmit` and `SessionStart`, and ignored otherwise.
 * - exit 2: a block, stderr the reason — PreToolUse: the call is refused and the model told why;
 *   UserPromptSubmit: the prompt is not sent; Stop/SubagentStop: the lane goes on, the reason
 *   given to the model; PostToolUse: the reason given to the model (the call already ran);
 *   other events: the reason shown to the user only.
 * - any other exit code, a timeout, a missing command, a failure to start, invalid JSON: a
 *   warning (one line), and the session goes on as if the hook had not objected.
 * JSON on stdout (exit 0): `continue: false` (+ `stopReason`) ends the turn; `decision: "block"`
 * (+ `reason`) blocks as exit 2 does; `decision: "approve"` allows a tool call without asking;
 * `hookSpecificOutput.permissionDecision` `allow|deny|ask` (+ `permissionDecisionReason`) for
 * PreToolUse; `hookSpecificOutput.additionalContext` adds context; `systemMessage` is shown to the
 * user.
 */

import type { UserCommandRun as HookRun } from "@picasso/workspace";
import type { HookEvent } from "./hook-config.js";

export type HookDecision =
  | { kind: "none" }
  | { kind: "block"; reason: string }
  | { kind: "allow"; reason?: string }
  | { kind: "ask"; reason?: string }
  | { kind: "warning"; message: string };

export interface HookVerdict {
  decision: HookDecision;
  /** Text for the model's context (appended history). */
  context?: string;
  /** `continue: false`: end the turn, with this reason for the user. */
  stop?: string;
  /** A line for the user. */
  notice?: string;
}

const ADDS_PLAIN_STDOUT: ReadonlySet<HookEvent> = new Set(["UserPromptSubmit", "SessionStart"]);

const firstLine = (text: string, max = 300) => {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export function readHookRun(event: HookEvent, run: HookRun, timeoutMs: number): HookVerdict {
  if (run.spawnError) return warn(`could not start: ${run.spawnError}`);
  if (run.timedOut)
    return warn(
      `timed out after ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`} and was killed`,
    );
  if (run.exitCode === 2) {
    const reason = run.stderr.trim() || "blocked by a hook (exit code 2, nothing on stderr)";
    return { decision: { kind: "block", reason } };
  }
  if (run.exitCode === 127)
    return warn(`command not found (exit code 127${run.stderr.trim() ? `: ${firstLine(run.stderr)}` : ""})`);
  if (run.exitCode !== 0)
    return warn(
      `exit code ${run.exitCode ?? "none (killed by a signal)"}${run.stderr.trim() ? `: ${firstLine(run.stderr)}` : ""}`,
    );
  const out = run.stdout.trim();
  if (out.startsWith("{")) return readJson(event, out);
  if (out && ADDS_PLAIN_STDOUT.has(event)) return { decision: { kind: "none" }, context: out };
  return { decision: { kind: "none" } };
}

function warn(message: string): HookVerdict {
  return { decision: { kind: "warning", message } };
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v : undefined);

function readJson(event: HookEvent, out: string): HookVerdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(out);
  } catch (error) {
    return warn(`printed invalid JSON on stdout (${firstLine((error as Error).message, 120)})`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return warn("printed JSON that is not an object on stdout");
  const json = parsed as Record<string, unknown>;
  const specific = (typeof json.hookSpecificOutput === "object" && json.hookSpecificOutput) || {};
  const { permissionDecision, permissionDecisionReason, additionalContext } = specific as Record<
    string,
    unknown
  >;
  const verdict: HookVerdict = { decision: { kind: "none" } };
  const context = str(additionalContext);
  if (context) verdict.context = context;
  if (str(json.systemMessage)) verdict.notice = str(json.systemMessage);
  if (json.continue === false) verdict.stop = str(json.stopReason) ?? "a hook ended the turn";
  const reason = str(json.reason) ?? str(permissionDecisionReason);
  if (event === "PreToolUse" && typeof permissionDecision === "string") {
    if (permissionDecision === "deny")
      verdict.decision = { kind: "block", reason: reason ?? "denied by a hook" };
    else if (permissionDecision === "allow")
      verdict.decision = { kind: "allow", ...(reason ? { reason } : {}) };
    else if (permissionDecision === "ask") verdict.decision = { kind: "ask", ...(reason ? { reason } : {}) };
    else return warn(`printed an unknown permissionDecision "${permissionDecision}"`);
    return verdict;
  }
  if (json.decision === "block") verdict.decision = { kind: "block", reason: reason ?? "blocked by a hook" };
  else if (json.decision === "approve") verdict.decision = { kind: "allow", ...(reason ? { reason } : {}) };
  else if (json.decision !== undefined && json.decision !== null)
    return warn(`printed an unknown decision "${String(json.decision)}"`);
  return verdict;
}
