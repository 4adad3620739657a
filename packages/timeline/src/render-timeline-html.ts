/**
 * `renderTimelineHtml(timeline)`: the timeline as one self-contained HTML page, small enough to
 * attach to an issue. Nothing is fetched: no script, no external stylesheet, font or image — inline
 * CSS and inline SVG only, so it opens offline in any browser. Deterministic.
 *
 * In order:
 * - the session line and the totals (cache read / write / uncached, output, cost in input-token
 *   equivalents, the cost saved against no cache, prefix drops and tokens lost);
 * - the chart (`timelineChart`): per lane track one SVG, one `<g class="bar">` per step stacking
 *   cache read (bottom), cache write and uncached input, scaled to the largest prompt; a step whose
 *   prefix broke is backed in red with a ▼ above it; compactions (◆) and Tier-2 loads (●) are
 *   marked under the bar of the step whose request sent them; each bar's `<title>` gives its
 *   figures, the drop's reason, its markers and what the step sent first (and, on a turn's last
 *   bar, what entered after it);
 * - the lanes side by side: per group (a team, a workflow run, a ralph loop's rounds; lanes without
 *   one together) a row of columns, one per lane, each with its label, lane id, status and its own
 *   figures over the session (steps, tokens, cost), and under them one strip per lane on the
 *   session's time axis (from the first lane's first event to the last lane's last), so the
 *   groups' strips line up with each other;
 * - the drops, each with its step, tokens lost and reason;
 * - the per-turn table (one row per turn and lane: steps, tokens, cached share, drops);
 * - what entered each turn's context, lane by lane, with the Tier-2 loads and compactions.
 * Every figure the log did not record prints as `not recorded` (in the chart: no segment).
 */
import type { ChartBar, ChartTrack, TimelineChart } from "@picasso/protocol";
import {
  entryLabel,
  formatCount,
  formatShare,
  laneGroups,
  laneName,
  sumOver,
  totalsLine,
} from "./render-timeline.js";
import { timelineChart } from "./timeline-chart.js";
import type { Timeline, TimelineLane, TimelineLaneSummary, TimelineTurn } from "./timeline-types.js";

const GAP = 2;
const CHART_HEIGHT = 140;
/** Room above the bars (drop markers) and below them (compaction and Tier-2 markers). */
const TOP = 12;
const BOTTOM = 14;

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d2329;background:#fff}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}table{border-collapse:collapse}
td,th{padding:2px 8px;border-bottom:1px solid #e3e6ea;text-align:right}td:first-child,th:first-child,.l{text-align:left}
.chart{overflow-x:auto;border:1px solid #e3e6ea;padding:4px}.r{fill:#2f7d4f}.w{fill:#d9a521}.u{fill:#4a78c2}
.bg{fill:#fde2e2}.dm{fill:#c62828}.cm{fill:#6a3fb5}.tm{fill:#0c8599}tr.drop td{background:#fde2e2}
.key span{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px}
.lanes{display:flex;gap:8px;flex-wrap:wrap}.lane{border:1px solid #e3e6ea;padding:6px 10px;min-width:150px}
.lane b{display:block}.lane .n{color:#5c6670;font-size:12px}.axis{fill:#4a78c2}.axisbg{fill:#eef1f4}`;

export function renderTimelineHtml(timeline: Timeline): string {
  const chart = timelineChart(timeline);
  const s = timeline.session;
  const title = `Context timeline · ${s.id ?? "session"}`;
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>${esc(title)}</h1>`,
    `<p>${esc(`${s.provider ?? "not recorded"} ${s.model ?? "not recorded"} · ${s.surface ?? "not recorded"} · started ${s.startedAt ?? "not recorded"} · ${timeline.turns.length} turns, ${chart.steps} steps`)}</p>`,
    totalsBlock(chart, timeline),
    `<h2>Steps</h2><p class="key"><span style="background:#2f7d4f"></span>cache read<span style="background:#d9a521"></span>cache write<span style="background:#4a78c2"></span>uncached input<span style="background:#c62828"></span>▼ prefix drop<span style="background:#6a3fb5"></span>◆ compaction<span style="background:#0c8599"></span>● Tier-2 load</p>`,
    ...chart.tracks.map((track) => trackChart(track, chart.maxPromptTokens)),
    lanesSideBySide(timeline.lanes ?? []),
    dropList(chart),
    turnTable(timeline.turns),
    enteredList(timeline.turns),
    "</body></html>\n",
  ].join("\n");
}

function totalsBlock(chart: TimelineChart, timeline: Timeline): string {
  const t = chart.totals;
  const saved =
    t.saved === null || t.costWithoutCache === null
      ? "not recorded (a step reported no cache figures)"
      : `${formatCount(t.saved)} input-token equivalents (${formatCount(t.costWithoutCache)} without a cache, ${formatCount(t.cost)} paid)`;
  return `<p>${esc(totalsLine(timeline.totals))}</p><p><b>Saved by the cache:</b> ${esc(saved)}</p>`;
}

function trackChart(track: ChartTrack, max: number): string {
  // Wide bars for a short session, 6 px for a long one (the chart scrolls sideways).
  const barWidth = Math.max(6, Math.min(18, Math.floor(960 / Math.max(1, track.bars.length)) - GAP));
  const width = Math.max(200, track.bars.length * (barWidth + GAP));
  const height = TOP + CHART_HEIGHT + BOTTOM;
  const scale = (tokens: number) => (max > 0 ? Math.round((tokens / max) * CHART_HEIGHT) : 0);
  const bars = track.bars.map((bar, i) => barSvg(bar, i * (barWidth + GAP), barWidth, scale));
  return (
    `<h3>${esc(track.label)}</h3><div class="chart"><svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="${esc(`${track.bars.length} steps of ${track.lane}`)}">\n` +
    `${bars.join("\n")}\n</svg></div>`
  );
}

function barSvg(bar: ChartBar, x: number, width: number, scale: (tokens: number) => number): string {
  const parts: string[] = [];
  if (bar.drop)
    parts.push(`<rect class="bg" x="${x}" y="0" width="${width}" height="${TOP + CHART_HEIGHT}"/>`);
  let y = TOP + CHART_HEIGHT;
  for (const [cls, tokens] of [
    ["r", bar.cacheRead],
    ["w", bar.cacheWrite],
    ["u", bar.uncached],
  ] as const) {
    const h = scale(tokens ?? 0);
    if (h <= 0) continue;
    y -= h;
    parts.push(`<rect class="${cls}" x="${x}" y="${y}" width="${width}" height="${h}"/>`);
  }
  if (bar.drop) parts.push(`<text class="dm" x="${x}" y="9" font-size="9">▼</text>`);
  const mark = bar.markers.some((m) => m.kind === "compaction")
    ? ["cm", "◆"]
    : bar.markers.length > 0
      ? ["tm", "●"]
      : null;
  if (mark)
    parts.push(
      `<text class="${mark[0]}" x="${x}" y="${TOP + CHART_HEIGHT + 11}" font-size="9">${mark[1]}</text>`,
    );
  return `<g class="bar${bar.drop ? " drop" : ""}"><title>${esc(barTitle(bar))}</title>${parts.join("")}</g>`;
}

function barTitle(bar: ChartBar): string {
  const figures = `read ${formatCount(bar.cacheRead)} · write ${formatCount(bar.cacheWrite)} · uncached ${formatCount(bar.uncached)}`;
  const drop = bar.drop ? ` · DROP −${formatCount(bar.drop.lostTokens)}: ${bar.drop.reason}` : "";
  const markers = bar.markers.map((m) => ` · ${m.label}`).join("");
  const entered = `\nentered: ${bar.entered.length > 0 ? bar.entered.join(" · ") : "nothing new"}`;
  const after = bar.enteredAfter.length > 0 ? `\nafter it: ${bar.enteredAfter.join(" · ")}` : "";
  return `turn ${bar.turn} · step ${bar.step}${bar.compaction ? " (compaction)" : ""} · ${figures}${drop}${markers}${entered}${after}`;
}

function dropList(chart: TimelineChart): string {
  const drops = chart.tracks.flatMap((t) => t.bars.filter((b) => b.drop));
  if (drops.length === 0)
    return "<h2>Prefix drops</h2><p>None: every step read the previous prefix from the cache.</p>";
  const items = drops.map(
    (b) =>
      `<li><a href="#turn-${b.turn}">turn ${b.turn}</a>, ${esc(b.lane)} step ${b.step}: −${formatCount(b.drop!.lostTokens)} tokens, ${esc(b.drop!.reason)}${b.drop!.afterCompaction ? " (after a compaction: expected)" : ""}</li>`,
  );
  return `<h2>Prefix drops (${drops.length})</h2><ul>${items.join("")}</ul>`;
}

function turnTable(turns: TimelineTurn[]): string {
  const head =
    "<tr><th>turn</th><th class=l>lane</th><th>steps</th><th>uncached</th><th>cache read</th><th>cache write</th><th>output</th><th>cached</th><th>drops</th><th class=l>input</th></tr>";
  const rows = turns.flatMap((turn) =>
    turn.lanes.map((lane, i) => {
      const t = lane.totals;
      const cells = [
        td(i === 0 ? `<a id="turn-${turn.turn}">${turn.turn}</a>` : ""),
        td(esc(lane.lane), true),
        td(String(t.steps)),
        td(formatCount(t.inputTokens)),
        td(formatCount(t.cacheReadTokens)),
        td(formatCount(t.cacheWriteTokens)),
        td(formatCount(t.outputTokens)),
        td(formatShare(t.cacheReadShare)),
        td(t.cacheDrops > 0 ? `${t.cacheDrops} (−${formatCount(t.lostTokens)})` : "0"),
        td(i === 0 && turn.input ? esc(turn.input.preview) : "", true),
      ];
      return `<tr${t.cacheDrops > 0 ? ' class="drop"' : ""}>${cells.join("")}</tr>`;
    }),
  );
  return `<h2>Turns</h2><table>${head}${rows.join("\n")}</table>`;
}

function td(html: string, left = false): string {
  return `<td${left ? " class=l" : ""}>${html}</td>`;
}

function enteredList(turns: TimelineTurn[]): string {
  const items = turns.flatMap((turn) =>
    turn.lanes
      .filter((lane) => lane.entries.length > 0)
      .map((lane) => `<li>turn ${turn.turn} · ${esc(lane.lane)}: ${esc(entered(lane))}</li>`),
  );
  return `<h2>What entered the context</h2><ul>${items.join("\n")}</ul>`;
}

function entered(lane: TimelineLane): string {
  const compactions = lane.compactions.map(
    (c) => `compaction (${c.trigger}) of ${c.removedMessages} messages`,
  );
  return [...lane.entries.map(entryLabel), ...compactions].join(" · ");
}

function lanesSideBySide(lanes: readonly TimelineLaneSummary[]): string {
  if (lanes.length <= 1) return "";
  const spans = lanes.map(spanOf);
  const axis = spans.every((s) => s !== undefined)
    ? { from: Math.min(...spans.map((s) => s!.from)), to: Math.max(...spans.map((s) => s!.to)) }
    : undefined;
  const rows = laneGroups(lanes).map((g) => {
    const cost = formatCount(sumOver(g.lanes, (t) => t.costInputEquivalent));
    const title =
      g.group === null
        ? `Lanes without a group · ${g.lanes.length}`
        : `${g.group} · ${g.lanes.length} lane${g.lanes.length === 1 ? "" : "s"} side by side · cost ${cost}`;
    const columns = g.lanes.map(laneColumn).join("");
    return `<section class="group"><h3>${esc(title)}</h3><div class="lanes">${columns}</div>${timeAxis(g.lanes, axis)}</section>`;
  });
  return `<h2>Lanes</h2><p>Each lane's own steps over the session (cost in input-token equivalents); lanes of one group ran side by side.</p>\n${rows.join("\n")}`;
}

function laneColumn(lane: TimelineLaneSummary): string {
  const t = lane.totals;
  const status =
    lane.parentLane === null ? "main lane" : `${lane.status ?? "running"} · from ${lane.parentLane}`;
  const figures = [
    `${t.steps} step${t.steps === 1 ? "" : "s"} · cached ${formatShare(t.cacheReadShare)}`,
    `uncached ${formatCount(t.inputTokens)} · read ${formatCount(t.cacheReadTokens)} · write ${formatCount(t.cacheWriteTokens)}`,
    `output ${formatCount(t.outputTokens)}`,
  ];
  return (
    `<div class="lane" data-lane="${esc(lane.lane)}"><b>${esc(laneName(lane))}</b><span class="n">${esc(`${lane.lane} · ${status}`)}</span>` +
    `${figures.map((f) => `<div>${esc(f)}</div>`).join("")}<div><b>cost ${esc(formatCount(t.costInputEquivalent))}</b></div></div>`
  );
}

interface Span {
  from: number;
  to: number;
}

/** When a lane ran: from its first event to its last; undefined when the log lacks the times. */
function spanOf(lane: TimelineLaneSummary): Span | undefined {
  const from = Date.parse(lane.startedAt);
  const to = Date.parse(lane.endedAt);
  return Number.isNaN(from) || Number.isNaN(to) ? undefined : { from, to };
}

/** One strip per lane of a group on the session's time axis (`axis`: its first event to its last). */
function timeAxis(lanes: readonly TimelineLaneSummary[], axis: Span | undefined): string {
  const spans = lanes.map(spanOf);
  if (!axis || spans.some((s) => s === undefined)) return "";
  const width = 600;
  const row = 14;
  const at = (ms: number) =>
    axis.to > axis.from ? Math.round(((ms - axis.from) / (axis.to - axis.from)) * width) : 0;
  const strips = lanes.map((lane, i) => {
    const span = spans[i]!;
    const x = at(span.from);
    const w = Math.max(2, at(span.to) - x);
    const tip = `${laneName(lane)} (${lane.lane}): ${((span.to - span.from) / 1000).toFixed(1)} s, from ${((span.from - axis.from) / 1000).toFixed(1)} s`;
    return `<g><title>${esc(tip)}</title><rect class="axisbg" x="0" y="${i * row}" width="${width}" height="${row - 3}"/><rect class="axis" x="${x}" y="${i * row}" width="${w}" height="${row - 3}"/></g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${lanes.length * row}" role="img" aria-label="${esc(`when each lane ran, on the session's ${((axis.to - axis.from) / 1000).toFixed(1)} s`)}">${strips.join("")}</svg>`;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
