/**
 * A step's record: opened from its `model_request` (sizes, breakpoints, purpose, what the request
 * sent first — `StepArrivals` from step-attribution.ts; every response figure null and `response`
 * listed as not recorded) and completed from its `model_response`
 * (stop reason, usage figures, prefix check). Compaction requests are marked `purpose:
 * "compaction"` (a v1 log wrote no purpose for a step); `retries` is written only when there were
 * any.
 */
import type { LogEventOf } from "@picasso/protocol";
import type { StepArrivals } from "./step-attribution.js";
import type { CacheDrop, PrefixCheck, StepUsage, TimelineStep } from "./timeline-types.js";
import { emptyUsage, type StepFigures } from "./usage-figures.js";

export function requestPurpose(event: LogEventOf<"model_request">): TimelineStep["purpose"] {
  return event.purpose === "compaction" ? "compaction" : "step";
}

/**
 * What a step holds until its response: shared by every open step, never changed (a response
 * replaces them; snapshots copy them). A long log opens one step per request.
 */
const NO_USAGE: StepUsage = Object.freeze(emptyUsage());
const RESPONSE_NOT_RECORDED = Object.freeze(["response"]) as string[];

export function openStep(event: LogEventOf<"model_request">, arrivals: StepArrivals): TimelineStep {
  return {
    step: event.step,
    purpose: requestPurpose(event),
    messageCount: event.messageCount,
    requestBytes: { tools: event.bytes.tools, system: event.bytes.system, messages: event.bytes.messages },
    breakpoints: event.breakpoints.length,
    stopReason: null,
    errorKind: null,
    retries: 0,
    latencyMs: null,
    usage: NO_USAGE,
    promptTokens: null,
    cacheReadShare: null,
    costInputEquivalent: null,
    prefixCheck: "not_recorded",
    cacheDrop: null,
    notRecorded: RESPONSE_NOT_RECORDED,
    ...arrivals,
  };
}

export function completeStep(
  step: TimelineStep,
  event: LogEventOf<"model_response">,
  figures: StepFigures,
  check: Readonly<{ check: PrefixCheck; drop: CacheDrop | null }> | undefined,
): void {
  step.stopReason = event.stopReason;
  step.errorKind = event.error?.kind ?? null;
  step.retries = event.retries ?? 0;
  step.latencyMs = event.latencyMs;
  step.usage = figures.usage;
  step.promptTokens = figures.promptTokens;
  step.cacheReadShare = figures.cacheReadShare;
  step.costInputEquivalent = figures.costInputEquivalent;
  step.prefixCheck = check?.check ?? "not_recorded";
  step.cacheDrop = check?.drop ?? null;
  step.notRecorded = figures.notRecorded;
}
