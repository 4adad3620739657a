/**
 * Approvals go through this interface so the engine never waits on a widget: the TUI shows a
 * prompt, headless mode answers from its `--allow` list, the SDK server forwards to its client.
 */
import type { ApprovalDecision, ProtectedWrite, ToolEffect } from "@picasso/protocol";

export interface ApprovalRequest {
  lane: string;
  toolUseId: string;
  name: string;
  effect: ToolEffect;
  input: Record<string, unknown>;
  /** For a gateway call (`tool_call`): the tool it runs. */
  target?: string;
  /** The call writes a protected path: asked in every mode, and "for the session" means that path. */
  protectedPath?: ProtectedWrite;
}

export interface ApprovalAnswer {
  decision: ApprovalDecision;
  /** Optional note for the model (e.g. why it was denied, what to do instead). */
  note?: string;
}

export interface Approver {
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer>;
}

/**
 * Headless: allow the tools named with `--allow` for the session, deny everything else. A
 * gateway call is allowed when its target is named (`--allow deploy` covers `tool_call` of
 * `deploy`), or the gateway itself is. A write of a protected path is allowed only when the path
 * itself is named (`--allow .mcp.json`): allowing `write` never covers it.
 */
export function allowListApprover(allowed: readonly string[]): Approver {
  const names = new Set(allowed);
  return {
    async approve(request) {
      if (request.protectedPath) {
        const path = request.protectedPath.path;
        if (names.has(path)) return { decision: "allow_session" };
        return {
          decision: "deny",
          note: `headless mode: ${path} is a protected path (${request.protectedPath.reason}); it is written only when named: --allow ${path}`,
        };
      }
      if (names.has(request.name) || (request.target && names.has(request.target)))
        return { decision: "allow_session" };
      const name = request.target ?? request.name;
      return {
        decision: "deny",
        note: `headless mode: "${name}" needs approval and was not allowed (run with --allow ${name})`,
      };
    },
  };
}
