/**
 * `timelineChart(timeline)`: the timeline as bars (`TimelineChart`, @picasso/protocol), the one
 * model the TUI's `/context timeline` and the HTML page draw. Pure.
 *
 * - One track per lane in order of first appearance (main first); one bar per step in log order,
 *   split into cache read, cache write and uncached input as reported (null stays null). A track's
 *   label names the lane, its label and group (a team member, a workflow step, a ralph round) and
 *   its own cost over the session (`Timeline.lanes`).
 * - A bar whose prefix check is `dropped` carries the drop: tokens lost and where the prefix first
 *   differed (render-timeline.ts's wording), and whether a compaction came before it.
 * - Each bar says what its request sent first (the step's `carriedOver`, then its `entries`), with
 *   a marker per compaction whose summary it sent and per Tier-2 load; the lane's last bar of a
 *   turn also lists what entered after it that no request of the turn sent (`notSentInTurn`).
 * - Totals: the session totals; the cost saved is what the prompts would have cost uncached (every
 *   prompt token at 1×) minus the input-token equivalents paid; null when any step lacks a figure
 *   it needs (a partial sum would flatter or shame the cache).
 */
import type { ChartBar, ChartMarker, ChartTotals, ChartTrack, TimelineChart } from "@picasso/protocol";
import { dropWhere, entryLabel, formatBytes, formatCount } from "./render-timeline.js";
import type {
  Timeline,
  TimelineCompaction,
  TimelineEntry,
  TimelineLane,
  TimelineLaneSummary,
  TimelineStep,
  TokenTotals,
} from "./timeline-types.js";

export function timelineChart(timeline: Timeline): TimelineChart {
  const tracks = new Map<string, ChartTrack>();
  const summaries = new Map((timeline.lanes ?? []).map((l) => [l.lane, l]));
  for (const turn of timeline.turns)
    for (const lane of turn.lanes) {
      let track = tracks.get(lane.lane);
      if (!track) {
        track = { lane: lane.lane, label: trackLabel(lane, summaries.get(lane.lane)), bars: [] };
        tracks.set(lane.lane, track);
      }
      lane.steps.forEach((step, i) => {
        track.bars.push(bar(turn.turn, lane, step, i === lane.steps.length - 1));
      });
    }
  const all = [...tracks.values()];
  const bars = all.flatMap((t) => t.bars);
  return {
    tracks: all,
    steps: bars.length,
    maxPromptTokens: Math.max(0, ...bars.map(promptOf)),
    totals: chartTotals(timeline.totals),
  };
}

function trackLabel(lane: TimelineLane, summary: TimelineLaneSummary | undefined): string {
  const sub = lane.subagent;
  const named = sub?.label ? ` · ${sub.label}` : "";
  const group = sub?.group ? ` · ${sub.group}` : "";
  const who = sub ? `${lane.lane}${named}${group} · subagent: "${sub.taskPreview}"` : lane.lane;
  return summary ? `${who} · cost ${formatCount(summary.totals.costInputEquivalent)}` : who;
}

function bar(turn: number, lane: TimelineLane, step: TimelineStep, lastOfTurn: boolean): ChartBar {
  const sent = [...step.carriedOver, ...step.entries];
  const drop = step.prefixCheck === "dropped" ? step.cacheDrop : null;
  return {
    turn,
    lane: lane.lane,
    step: step.step,
    compaction: step.purpose === "compaction",
    cacheRead: step.usage.cacheReadTokens,
    cacheWrite: step.usage.cacheWriteTokens,
    uncached: step.usage.inputTokens,
    output: step.usage.outputTokens,
    drop: drop
      ? {
          lostTokens: drop.lostTokens,
          reason:
            drop.firstDifference.segment === "none"
              ? "prefix unchanged (cache expired or evicted)"
              : `prefix changed ${dropWhere(drop)}`,
          afterCompaction: drop.afterCompaction,
        }
      : null,
    markers: markers(step.compactions, sent),
    entered: sent.map(entryLabel),
    enteredAfter: lastOfTurn ? lane.notSentInTurn.map(entryLabel) : [],
  };
}

function markers(compactions: TimelineCompaction[], sent: TimelineEntry[]): ChartMarker[] {
  return [
    ...compactions.map(
      (c): ChartMarker => ({
        kind: "compaction",
        label: `compaction (${c.trigger}): ${c.removedMessages} messages → ${formatBytes(c.summaryBytes)}`,
      }),
    ),
    ...sent
      .filter((e) => e.kind === "tier2")
      .map(
        (e): ChartMarker => ({
          kind: "tier2",
          label: `${e.tier2Kind} ${e.name}${e.count > 1 ? ` ×${e.count}` : ""} ${formatBytes(e.bytes)}`,
        }),
      ),
  ];
}

function promptOf(bar: ChartBar): number {
  return (bar.cacheRead ?? 0) + (bar.cacheWrite ?? 0) + (bar.uncached ?? 0);
}

function chartTotals(totals: TokenTotals): ChartTotals {
  const { inputTokens, cacheReadTokens, cacheWriteTokens, costInputEquivalent } = totals;
  const missing = totals.stepsMissing;
  // A step that did not report its figures would make the comparison partial: then it is not made.
  const withoutCache =
    inputTokens === null || cacheReadTokens === null || missing.inputTokens || missing.cacheReadTokens
      ? null
      : inputTokens + cacheReadTokens + (cacheWriteTokens ?? 0);
  return {
    cacheRead: cacheReadTokens,
    cacheWrite: cacheWriteTokens,
    uncached: inputTokens,
    output: totals.outputTokens,
    drops: totals.cacheDrops,
    lostTokens: totals.lostTokens,
    cost: costInputEquivalent,
    costWithoutCache: withoutCache,
    saved:
      withoutCache === null || costInputEquivalent === null || missing.costInputEquivalent
        ? null
        : Math.round(withoutCache - costInputEquivalent),
  };
}
