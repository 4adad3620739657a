/**
 * The probe's record of one model request: which lane, turn and step sent it, the request as the
 * engine built it, its fingerprint, what the provider reported about the cache, and what happened
 * in its lane since that lane's previous request (a compaction, a resume, a new session). Usage is
 * normalised to read / write / uncached so Anthropic and OpenAI runs read the same: read + write +
 * uncached = the prompt's input tokens.
 */
import type { ModelRequest, PermissionMode, Usage } from "@picasso/protocol";
import type { RequestFingerprint } from "./request-fingerprint.js";

export type ProviderRules = "anthropic" | "openai";

export interface StepUsage {
  read: number;
  write: number;
  uncached: number;
  output: number;
}

export interface ProbeStep {
  /** 1-based number of the request in the run. */
  n: number;
  lane: string;
  turn: number;
  step: number;
  purpose: "step" | "compaction";
  mode: PermissionMode;
  request: ModelRequest;
  fingerprint: RequestFingerprint;
  usage: StepUsage;
  /** Since the lane's previous request: a compaction, a resume, or — `newSession` — the session
   *  was closed and this is the first request of a new one (the next day). */
  after: { compaction: boolean; resume: boolean; newSession: boolean };
  /** What the scenario was doing (the turn's label). */
  label?: string;
  /** The process that sent it (a resume in a new process shows another pid). */
  pid: number;
  /** The body the official SDK sent, as the mock server received it (mock runs only). */
  wire?: unknown;
}

export function stepUsage(usage: Usage | undefined): StepUsage {
  return {
    read: usage?.cacheReadTokens ?? 0,
    write: usage?.cacheWriteTokens ?? 0,
    uncached: usage?.inputTokens ?? 0,
    output: usage?.outputTokens ?? 0,
  };
}

export function inputTokens(usage: StepUsage): number {
  return usage.read + usage.write + usage.uncached;
}
