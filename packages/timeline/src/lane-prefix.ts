/**
 * Cached-prefix tracking for one lane, in constant memory (no messages are kept).
 *
 * A lane's history only grows, except where the log says otherwise: a `message` event at an index
 * below the history length overwrites from there, and a `compaction` replaces the start with a
 * summary. So the first message that differs between two requests of the lane is the lowest such
 * index since the earlier request (0 after a compaction), or the new request's message count when
 * it sends fewer messages than the earlier prefix covered. Tools and system are compared by the
 * hashes each `model_request` records.
 *
 * The check, at each step's response: the previous step of the lane that reported cache figures
 * sent a prefix up to its last breakpoint of `read + write` tokens (`read` alone when the provider
 * reports no writes). If this step reads fewer tokens from cache, the prefix dropped; the first
 * differing segment is `tools`, `system`, `message N`, or `none` (the prefix was identical: the
 * entry expired, was evicted, or lay beyond the provider's breakpoint lookback). Compaction
 * requests are not compared (their prefix is a cut of the history) and do not move the baseline.
 */
import type { CacheBreakpoint, LogEventOf } from "@picasso/protocol";
import type { CacheDrop, PrefixCheck, PrefixDifference, StepUsage } from "./timeline-types.js";

interface SentPrefix {
  step: number;
  toolsHash: string;
  systemHash: string;
  messageCount: number;
  lastBreakpoint: CacheBreakpoint | undefined;
}

interface Baseline extends SentPrefix {
  cachedTokens: number;
}

/** The checks without a drop: one shared, read-only value each (a long log has one per step). */
type Check = Readonly<{ check: PrefixCheck; drop: CacheDrop | null }>;
const NOT_APPLICABLE: Check = Object.freeze({ check: "not_applicable", drop: null });
const NOT_RECORDED: Check = Object.freeze({ check: "not_recorded", drop: null });
const FIRST: Check = Object.freeze({ check: "first", drop: null });
const KEPT: Check = Object.freeze({ check: "kept", drop: null });

export class LanePrefix {
  /** The lane's history length as the log has built it so far. */
  messageCount = 0;
  private lowestChange: number | undefined;
  private compacted = false;
  private baseline: Baseline | undefined;
  private readonly pending = new Map<
    number,
    { sent: Baseline; purpose: "step" | "compaction"; difference: PrefixDifference | null }
  >();

  /** A `message` event; returns a problem description for an index gap. */
  onMessage(index: number): string | undefined {
    let problem: string | undefined;
    if (index < this.messageCount) this.markChange(index);
    else if (index > this.messageCount)
      problem = `message index ${index} where ${this.messageCount} was expected (a gap in the history)`;
    this.messageCount = index + 1;
    return problem;
  }

  onCompaction(keptFrom: number): void {
    this.messageCount = 1 + Math.max(0, this.messageCount - keptFrom);
    this.markChange(0);
    this.compacted = true;
  }

  /** The lane's history was replaced by a repaired one of `messageCount` messages. */
  onRepair(messageCount: number): void {
    this.messageCount = messageCount;
    this.markChange(0);
    this.compacted = true;
  }

  onRequest(event: LogEventOf<"model_request">, purpose: "step" | "compaction"): void {
    // A Baseline from the start (cachedTokens set at the response): it becomes the baseline as is.
    const sent: Baseline = {
      step: event.step,
      toolsHash: event.hashes.tools,
      systemHash: event.hashes.system,
      messageCount: event.messageCount,
      lastBreakpoint: event.breakpoints.at(-1),
      cachedTokens: 0,
    };
    const difference = purpose === "step" && this.baseline ? this.firstDifference(this.baseline, sent) : null;
    this.pending.set(event.step, { sent, purpose, difference });
  }

  /** A `model_response`: the check for that step, and the baseline moved when it reported cache reads. */
  onResponse(step: number, usage: StepUsage): Check | undefined {
    const pending = this.pending.get(step);
    if (!pending) return undefined;
    this.pending.delete(step);
    if (pending.purpose === "compaction") return NOT_APPLICABLE;
    const read = usage.cacheReadTokens;
    if (read === null) return NOT_RECORDED;
    const previous = this.baseline;
    let result: Check;
    if (!previous) result = FIRST;
    else if (read >= previous.cachedTokens) result = KEPT;
    else
      result = {
        check: "dropped",
        drop: {
          expectedTokens: previous.cachedTokens,
          cachedTokens: read,
          lostTokens: previous.cachedTokens - read,
          firstDifference: pending.difference ?? { segment: "none", index: null },
          afterCompaction: this.compacted,
          comparedWithStep: previous.step,
        },
      };
    pending.sent.cachedTokens = read + (usage.cacheWriteTokens ?? 0);
    this.baseline = pending.sent;
    this.lowestChange = undefined;
    this.compacted = false;
    return result;
  }

  private markChange(index: number): void {
    this.lowestChange = this.lowestChange === undefined ? index : Math.min(this.lowestChange, index);
  }

  private firstDifference(previous: SentPrefix, next: SentPrefix): PrefixDifference {
    if (previous.toolsHash !== next.toolsHash) return { segment: "tools", index: null };
    if (previous.systemHash !== next.systemHash) return { segment: "system", index: null };
    const last = previous.lastBreakpoint;
    const lastMessage = last?.segment === "message" ? last.index : -1;
    let first: number | undefined;
    if (this.lowestChange !== undefined && this.lowestChange <= lastMessage) first = this.lowestChange;
    if (next.messageCount <= lastMessage) first = Math.min(first ?? next.messageCount, next.messageCount);
    return first === undefined ? { segment: "none", index: null } : { segment: "message", index: first };
  }
}
