/**
 * Recording one model request and its response — the same for a lane's step and for a
 * compaction's summarising request, so the log (and every reader of it: rebuild, timeline,
 * probe) sees both alike:
 * - `model_request`: its purpose, segment byte sizes and hashes, breakpoints, and the
 *   compaction's `appended` instruction; flushed before the request is sent;
 * - `model_response`: the stop reason, usage exactly as reported, latency, the error and the
 *   number of retries when there were any.
 */
import type { Message, ModelRequest, ProviderError, StopReason, Usage } from "@picasso/protocol";
import { fingerprintRequest } from "./request-builder.js";
import type { EngineRuntime } from "./runtime.js";

export function recordRequest(
  rt: EngineRuntime,
  laneId: string,
  step: number,
  request: ModelRequest,
  extra: {
    messageCount?: number;
    purpose?: "step" | "compaction";
    appended?: Message[];
    /** The header it was sent with, when not the session's (an agent's own tools or model). */
    headerHash?: string;
  } = {},
): void {
  const fp = fingerprintRequest(request);
  rt.record(
    {
      type: "model_request",
      step,
      purpose: extra.purpose ?? "step",
      headerHash: extra.headerHash ?? rt.headerHash,
      messageCount: extra.messageCount ?? request.messages.length,
      bytes: fp.bytes,
      hashes: fp.hashes,
      breakpoints: request.cacheBreakpoints,
      ...(extra.appended ? { appended: extra.appended } : {}),
    },
    laneId,
  );
  rt.flush();
}

export interface ResponseRecord {
  stopReason: StopReason;
  /** As the provider reported it; undefined when a failed stream reported none. */
  usage: Usage | undefined;
  latencyMs: number;
  error?: ProviderError;
  retries?: number;
}

export function recordResponse(rt: EngineRuntime, laneId: string, step: number, r: ResponseRecord): void {
  rt.record(
    {
      type: "model_response",
      step,
      stopReason: r.stopReason,
      usage: r.usage ?? {},
      latencyMs: r.latencyMs,
      ...(r.error ? { error: r.error } : {}),
      ...(r.retries ? { retries: r.retries } : {}),
    },
    laneId,
  );
}
