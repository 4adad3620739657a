/**
 * The typed events a session yields while it runs a turn. Surfaces (headless, TUI, SDK server)
 * render this one stream; none of them talks to the provider. Every event names its `lane`
 * ("main" or a subagent lane) so a surface can group subagent work under its tool call.
 */
import type {
  Message,
  PermissionMode,
  ProviderError,
  StopReason,
  ToolDisplay,
  Usage,
} from "@picasso/protocol";

export type ToolStatus = "ok" | "error" | "denied" | "interrupted";
export type ApprovalDecision = "allow_once" | "allow_session" | "deny";

/** Why a turn ended. */
export type TurnStopReason = StopReason | "interrupted" | "max_steps";

export type EngineEvent =
  | { type: "turn_start"; lane: string; turn: number; input: string }
  | { type: "text_delta"; lane: string; text: string }
  | { type: "thinking_delta"; lane: string; text: string }
  | { type: "assistant_message"; lane: string; message: Message }
  | { type: "reminder"; lane: string; source: string; bytes: number }
  | {
      type: "tool_call_started";
      lane: string;
      toolUseId: string;
      name: string;
      input: Record<string, unknown>;
    }
  | {
      type: "tool_call_finished";
      lane: string;
      toolUseId: string;
      name: string;
      status: ToolStatus;
      content: string;
      display?: ToolDisplay;
      durationMs: number;
      truncated?: boolean;
    }
  | {
      type: "approval_requested";
      lane: string;
      toolUseId: string;
      name: string;
      input: Record<string, unknown>;
    }
  | {
      type: "approval_decided";
      lane: string;
      toolUseId: string;
      name: string;
      decision: ApprovalDecision;
      note?: string;
    }
  | { type: "mode_changed"; from: PermissionMode; to: PermissionMode }
  | { type: "retry"; lane: string; attempt: number; delayMs: number; error: ProviderError }
  | {
      type: "step_usage";
      lane: string;
      step: number;
      usage: Usage;
      stopReason: StopReason;
      latencyMs: number;
    }
  | {
      type: "compaction";
      lane: string;
      trigger: "auto" | "manual";
      removedMessages: number;
      bytesBefore: number;
      bytesAfter: number;
    }
  | { type: "subagent_started"; lane: string; parentLane: string; task: string; parentToolUseId?: string }
  | {
      type: "subagent_finished";
      lane: string;
      status: "done" | "error" | "interrupted" | "budget";
      report: string;
    }
  | {
      type: "error";
      lane: string;
      scope: "provider" | "tool" | "engine" | "plugin";
      message: string;
      kind?: string;
    }
  | {
      type: "turn_end";
      lane: string;
      turn: number;
      stopReason: TurnStopReason;
      steps: number;
      /** The assistant's final text of the turn. */
      text: string;
      usage: Usage;
    };

export type EngineEventOf<T extends EngineEvent["type"]> = Extract<EngineEvent, { type: T }>;
