/**
 * Recording one model request and its response — the same for a lane's step and for a
 * compaction's summarising request, so the log (and every reader of it: rebuild, timeline,
 * probe) sees both alike:
 * - `model_request`: segment byte sizes and hashes, breakpoints, and any extra fields (the
 *   compaction's `purpose` and `appended` instruction); flushed before the request is sent;
 * - `model_response`: the stop reason, usage exactly as reported, latency, the error and the
 *   number of retries when there were any;
 * - `step_usage`: the event surfaces show, when the provider reported usage (a lane emits it after
 *   its `assistant_message`, hence the two halves of `recordResponse`).
 */
import type { LogEventBody, ModelRequest, ProviderError, StopReason, Usage } from "@picasso/protocol";
import { fingerprintRequest } from "./request-builder.js";
import type { EngineRuntime } from "./runtime.js";

export function recordRequest(
  rt: EngineRuntime,
  laneId: string,
  step: number,
  request: ModelRequest,
  extra: { messageCount?: number; purpose?: "compaction"; appended?: unknown[] } = {},
): void {
  const fp = fingerprintRequest(request);
  rt.log(
    {
      type: "model_request",
      step,
      headerHash: rt.headerHash,
      messageCount: extra.messageCount ?? request.messages.length,
      bytes: fp.bytes,
      hashes: fp.hashes,
      breakpoints: request.cacheBreakpoints,
      ...(extra.purpose ? { purpose: extra.purpose, appended: extra.appended ?? [] } : {}),
    } as LogEventBody,
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
  logResponse(rt, laneId, step, r);
  announceUsage(rt, laneId, step, r);
}

/** The `model_response` log event alone. */
export function logResponse(rt: EngineRuntime, laneId: string, step: number, r: ResponseRecord): void {
  rt.log(
    {
      type: "model_response",
      step,
      stopReason: r.stopReason,
      usage: r.usage ?? {},
      latencyMs: r.latencyMs,
      ...(r.error ? { error: r.error } : {}),
      ...(r.retries ? { retries: r.retries } : {}),
    } as LogEventBody,
    laneId,
  );
}

/** The `step_usage` event for the surfaces, when the provider reported usage. */
export function announceUsage(rt: EngineRuntime, laneId: string, step: number, r: ResponseRecord): void {
  if (r.usage)
    rt.emit({
      type: "step_usage",
      lane: laneId,
      step,
      usage: r.usage,
      stopReason: r.stopReason,
      latencyMs: r.latencyMs,
    });
}
