/**
 * One model step as an async generator: send the request, yield text and thinking deltas and
 * retry notices as they stream, and return the outcome — the complete assistant message with its
 * stop reason and usage, or the provider fault. A provider that throws (it should not) is turned
 * into a fault too; an abort is a fault of kind `aborted`.
 */
import type {
  Message,
  ModelProvider,
  ModelRequest,
  ProviderError,
  StopReason,
  Usage,
} from "@picasso/protocol";
import type { EngineEvent } from "./events.js";

export type StepOutcome =
  | { kind: "message"; message: Message; stopReason: StopReason; usage: Usage; latencyMs: number }
  | { kind: "error"; error: ProviderError; usage?: Usage; latencyMs: number };

export async function* streamStep(
  provider: ModelProvider,
  request: ModelRequest,
  signal: AbortSignal,
  lane: string,
): AsyncGenerator<EngineEvent, StepOutcome> {
  const started = Date.now();
  const latency = () => Date.now() - started;
  try {
    for await (const event of provider.stream(request, { signal })) {
      switch (event.type) {
        case "text_delta":
          yield { type: "text_delta", lane, text: event.text };
          break;
        case "thinking_delta":
          yield { type: "thinking_delta", lane, text: event.thinking };
          break;
        case "retry":
          yield { type: "retry", lane, attempt: event.attempt, delayMs: event.delayMs, error: event.error };
          break;
        case "message_stop":
          return {
            kind: "message",
            message: { role: "assistant", content: event.content },
            stopReason: event.stopReason,
            usage: event.usage,
            latencyMs: latency(),
          };
        case "error":
          return {
            kind: "error",
            error: event.error,
            ...(event.usage ? { usage: event.usage } : {}),
            latencyMs: latency(),
          };
        default:
          break;
      }
    }
    const kind = signal.aborted ? "aborted" : "stream_cut";
    return {
      kind: "error",
      error: { kind, message: "the stream ended without a final event", retryable: false },
      latencyMs: latency(),
    };
  } catch (error) {
    const aborted = signal.aborted;
    return {
      kind: "error",
      error: {
        kind: aborted ? "aborted" : "unknown",
        message: aborted
          ? "interrupted by the user"
          : `provider failed: ${(error as Error)?.message ?? String(error)}`,
        retryable: false,
      },
      latencyMs: latency(),
    };
  }
}
