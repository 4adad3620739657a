/**
 * The answer a mock model gives to one request, independent of the API it is served over, and the
 * contract every mock model fulfils. Faults (429/500/529, cut streams, mid-stream errors, delays) are decided per
 * 1-based request number, before the model answers.
 */
import type { ConversationView } from "./conversation.js";

export type MockStopReason = "end_turn" | "tool_use" | "max_tokens" | "stop_sequence";

export interface MockToolCall {
  name: string;
  input: Record<string, unknown>;
}

export interface MockReply {
  text?: string;
  toolCalls: MockToolCall[];
  stop: MockStopReason;
  delayMs: number;
}

export type MockFault =
  | { kind: "rate_limit"; retryAfter: number }
  | { kind: "server" }
  | { kind: "overloaded" }
  | { kind: "cut" }
  | { kind: "stream_error" }
  | { kind: "malformed" }
  | { kind: "stall" }
  | { kind: "delay"; delayMs: number };

export interface MockModel {
  /** The fault to inject on this request, if any. */
  faultFor(requestNumber: number): MockFault | undefined;
  reply(view: ConversationView): MockReply;
}
