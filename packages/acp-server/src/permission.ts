/**
 * Approvals as ACP `session/request_permission`: the engine's `Approver` asks the client with
 * three options — allow once, allow always (for the session), reject — and maps the answer back.
 * A cancelled prompt (the client answers `cancelled`, or the turn's signal aborts the request)
 * is a denial the model is told about; the engine records `approval_decided` either way. A write
 * of a protected path (asked in every mode) says so, and why, in the tool call's title. A file
 * call carries the change it would make as a diff (proposed-change.ts), so the editor shows it.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { ApprovalAnswer, ApprovalRequest, Approver } from "@picasso/engine";
import { proposedChange } from "./proposed-change.js";
import { toolKind, toolLocations, toolTitle } from "./session-updates.js";

export const PERMISSION_OPTIONS: acp.PermissionOption[] = [
  { optionId: "allow_once", name: "Allow once", kind: "allow_once" },
  { optionId: "allow_always", name: "Allow for this session", kind: "allow_always" },
  { optionId: "reject", name: "Reject", kind: "reject_once" },
];

/** Who asks: sends `session/request_permission` to the client (the connection's context). */
export type PermissionAsker = (
  params: acp.RequestPermissionRequest,
  signal: AbortSignal,
) => Promise<acp.RequestPermissionResponse>;

export function acpApprover(sessionId: () => string, cwd: string, ask: PermissionAsker): Approver {
  return {
    async approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
      let response: acp.RequestPermissionResponse;
      try {
        response = await ask(
          {
            sessionId: sessionId(),
            toolCall: {
              toolCallId: request.toolUseId,
              title: request.protectedPath
                ? `${toolTitle(request.name, request.input, request.target)} — ${request.protectedPath.path} is a protected path: ${request.protectedPath.reason}`
                : toolTitle(request.name, request.input, request.target),
              name: request.target ?? request.name,
              kind: toolKind(request.effect),
              status: "pending",
              locations: toolLocations(request.input, cwd),
              content: proposedChange(request.input, cwd),
              rawInput: request.input,
            },
            options: PERMISSION_OPTIONS,
          },
          signal,
        );
      } catch (error) {
        if (signal.aborted) return { decision: "deny", note: "the turn was cancelled" };
        return { decision: "deny", note: `the editor did not answer: ${(error as Error).message}` };
      }
      return answerFor(response.outcome);
    },
  };
}

export function answerFor(outcome: acp.RequestPermissionOutcome): ApprovalAnswer {
  if (outcome.outcome === "cancelled") return { decision: "deny", note: "the turn was cancelled" };
  switch (outcome.optionId) {
    case "allow_once":
      return { decision: "allow_once" };
    case "allow_always":
      return { decision: "allow_session" };
    default:
      return { decision: "deny", note: "the user rejected this call in the editor" };
  }
}
