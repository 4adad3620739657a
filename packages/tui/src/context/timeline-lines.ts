/**
 * `/context timeline` as lines of styled text that each fit `width` (TimelinePager.tsx shows them
 * a screenful at a time). In order:
 * - the headline: steps, prefix drops, and the cost saved against no cache;
 * - the key: a glyph per part of a bar (cache read █, cache write ▓, uncached input ░) and per
 *   marker (▼ drop, ◆ compaction, ● Tier-2 load) — glyphs, so it reads the same under NO_COLOR;
 * - per track (lane) a heading, then one line per step: the cursor (›), `t<turn> s<step>`, ▼ when
 *   the prefix broke, the bar (its parts scaled to the largest prompt of the session; a part with
 *   any tokens gets a cell), the prompt's tokens, then the markers and the drop's loss and reason;
 * - an expanded step adds, indented under it: its figures, the drop, the markers, what its request
 *   sent first (what entered the lane since its previous request) and, on the lane's last step of
 *   a turn, what entered after it that the turn did not send (the final answer);
 * - the totals line.
 * `stepLines[i]` is the line of the i-th step (tracks in order), for the pager's cursor.
 */
import type { ChartBar, TimelineChart } from "@picasso/protocol";
import { compactNumber } from "../status/status-model.js";
import { type PanelLine, type PanelSegment, wrapped } from "./panel-line.js";

export const PART_GLYPHS = { read: "█", write: "▓", uncached: "░" } as const;
export const TIMELINE_COLORS = {
  read: "green",
  write: "yellow",
  uncached: "blue",
  drop: "red",
  compaction: "magenta",
  tier2: "cyan",
} as const;

export interface TimelineLines {
  lines: PanelLine[];
  /** The line index of each step, tracks in order. */
  stepLines: number[];
}

/** The indices (tracks in order) of the steps whose prefix broke: `n` jumps between them. */
export function dropSteps(chart: TimelineChart): number[] {
  return chart.tracks.flatMap((t) => t.bars).flatMap((bar, i) => (bar.drop ? [i] : []));
}

/** Cursor, `t<turn> s<step>` and the drop mark before the bar; the tokens after it. */
const LABEL = 12;
const TOKENS = 7;

export function timelineLines(
  chart: TimelineChart,
  width: number,
  cursor: number,
  expanded: ReadonlySet<number>,
): TimelineLines {
  const room = Math.max(30, width);
  // Leave room after the bar for a drop's loss and reason at 80 columns.
  const barWidth = Math.max(8, Math.min(60, room - LABEL - TOKENS - 36));
  const parts: PanelSegment[] = [
    { text: PART_GLYPHS.read, color: TIMELINE_COLORS.read },
    { text: " cache read  " },
    { text: PART_GLYPHS.write, color: TIMELINE_COLORS.write },
    { text: " cache write  " },
    { text: PART_GLYPHS.uncached, color: TIMELINE_COLORS.uncached },
    { text: " uncached  " },
  ];
  const markers: PanelSegment[] = [
    { text: "▼", color: TIMELINE_COLORS.drop },
    { text: " drop  " },
    { text: "◆", color: TIMELINE_COLORS.compaction },
    { text: " compaction  " },
    { text: "●", color: TIMELINE_COLORS.tier2 },
    { text: " Tier-2" },
  ];
  // The key on one line when it fits (73 columns), else parts and markers on two.
  const lines: PanelLine[] = [
    ...wrapped(headline(chart), room + 2, 0, { bold: true }),
    ...(room >= 73 ? [[...parts, ...markers]] : [parts, markers]),
  ];
  const stepLines: number[] = [];
  if (chart.steps === 0) lines.push([{ text: "No model steps yet.", dim: true }]);
  for (const track of chart.tracks) {
    lines.push([], [{ text: track.label, bold: true }]);
    for (const bar of track.bars) {
      const index = stepLines.length;
      stepLines.push(lines.length);
      lines.push(stepLine(bar, index === cursor, barWidth, chart.maxPromptTokens));
      if (expanded.has(index)) lines.push(...details(bar, room));
    }
  }
  lines.push([], ...wrapped(totalsText(chart), room, 0, { dim: true }));
  return { lines, stepLines };
}

function headline(chart: TimelineChart): string {
  const t = chart.totals;
  const drops = `${t.drops} drop${t.drops === 1 ? "" : "s"}`;
  const saved =
    t.saved === null || t.costWithoutCache === null || t.costWithoutCache === 0
      ? "saved: not recorded"
      : `saved ${compactNumber(Math.max(0, t.saved))} of ${compactNumber(t.costWithoutCache)} (${Math.round((t.saved / t.costWithoutCache) * 100)}%)`;
  return `Context timeline · ${chart.steps} step${chart.steps === 1 ? "" : "s"} · ${drops} · ${saved}`;
}

function stepLine(bar: ChartBar, current: boolean, barWidth: number, max: number): PanelLine {
  const label = `${current ? "›" : " "} t${bar.turn} s${bar.step}`.padEnd(LABEL - 2);
  const parts = cells(bar, barWidth, max);
  const prompt =
    bar.cacheRead === null && bar.cacheWrite === null && bar.uncached === null
      ? "—"
      : compactNumber((bar.cacheRead ?? 0) + (bar.cacheWrite ?? 0) + (bar.uncached ?? 0));
  const used = parts.read + parts.write + parts.uncached;
  const segments: PanelSegment[] = [
    { text: label, ...(current ? { inverse: true } : {}) },
    bar.drop ? { text: "▼ ", color: TIMELINE_COLORS.drop, bold: true } : { text: "  " },
    { text: PART_GLYPHS.read.repeat(parts.read), color: TIMELINE_COLORS.read },
    { text: PART_GLYPHS.write.repeat(parts.write), color: TIMELINE_COLORS.write },
    { text: PART_GLYPHS.uncached.repeat(parts.uncached), color: TIMELINE_COLORS.uncached },
    { text: `${" ".repeat(barWidth - used)}${prompt.padStart(TOKENS)}` },
  ];
  if (bar.compaction) segments.push({ text: " compaction", color: TIMELINE_COLORS.compaction });
  if (bar.markers.some((m) => m.kind === "compaction"))
    segments.push({ text: " ◆", color: TIMELINE_COLORS.compaction });
  if (bar.markers.some((m) => m.kind === "tier2"))
    segments.push({ text: " ●", color: TIMELINE_COLORS.tier2 });
  if (bar.drop)
    segments.push({
      text: ` −${compactNumber(bar.drop.lostTokens)} ${bar.drop.reason}`,
      color: TIMELINE_COLORS.drop,
    });
  return segments;
}

/** Cells per part, proportional to `max`; a part with tokens gets at least one; never over `width`. */
function cells(bar: ChartBar, width: number, max: number) {
  const scale = (tokens: number | null) =>
    !tokens || max <= 0 ? 0 : Math.max(1, Math.round((tokens / max) * width));
  const out = { read: scale(bar.cacheRead), write: scale(bar.cacheWrite), uncached: scale(bar.uncached) };
  for (let over = out.read + out.write + out.uncached - width; over > 0; over--) {
    const largest = (Object.keys(out) as (keyof typeof out)[]).reduce((a, b) => (out[b] > out[a] ? b : a));
    out[largest] -= 1;
  }
  return out;
}

function details(bar: ChartBar, room: number): PanelLine[] {
  const n = (v: number | null) => (v === null ? "not recorded" : v.toLocaleString("en-US"));
  const out = wrapped(
    `read ${n(bar.cacheRead)} · write ${n(bar.cacheWrite)} · uncached ${n(bar.uncached)} · output ${n(bar.output)}`,
    room,
    4,
  );
  if (bar.drop)
    out.push(
      ...wrapped(
        `prefix drop: −${n(bar.drop.lostTokens)} tokens, ${bar.drop.reason}${bar.drop.afterCompaction ? " (after a compaction: expected)" : ""}`,
        room,
        4,
        { color: TIMELINE_COLORS.drop },
      ),
    );
  for (const marker of bar.markers)
    out.push(
      ...wrapped(`${marker.kind === "compaction" ? "◆" : "●"} ${marker.label}`, room, 4, {
        color: marker.kind === "compaction" ? TIMELINE_COLORS.compaction : TIMELINE_COLORS.tier2,
      }),
    );
  out.push(
    ...wrapped(
      `entered: ${bar.entered.length > 0 ? bar.entered.join(" · ") : "nothing new since the previous request"}`,
      room,
      4,
      { dim: true },
    ),
  );
  if (bar.enteredAfter.length > 0)
    out.push(...wrapped(`after it: ${bar.enteredAfter.join(" · ")}`, room, 4, { dim: true }));
  return out;
}

function totalsText(chart: TimelineChart): string {
  const t = chart.totals;
  const n = (v: number | null) => (v === null ? "not recorded" : compactNumber(v));
  const saved =
    t.saved === null
      ? "not recorded"
      : `${n(t.saved)} input-token equivalents (${n(t.cost)} paid, ${n(t.costWithoutCache)} without a cache)`;
  return `totals: read ${n(t.cacheRead)} · write ${n(t.cacheWrite)} · uncached ${n(t.uncached)} · output ${n(t.output)} · lost to drops ${n(t.lostTokens)} · saved ${saved}`;
}
