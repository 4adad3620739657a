/**
 * The timeline as text: a header for the session, then per turn one block per lane — what entered
 * the context, a table of its steps (tokens as reported, cache share, prefix check) and its
 * compactions — then every lane of the session with its own figures (lanes of one group — a team, a
 * workflow run, a ralph loop — together, with the group's sum), and the totals. Every figure the log did not record prints as `not recorded`.
 * Deterministic: the same timeline always renders the same text.
 */
import { formatByteSize } from "@picasso/protocol";
import type {
  CacheDrop,
  Timeline,
  TimelineEntry,
  TimelineLane,
  TimelineLaneSummary,
  TimelineStep,
  TimelineTurn,
  TokenTotals,
} from "./timeline-types.js";

export interface RenderOptions {
  /** Leave out the `skipped` and `problems` notes (the CLI prints them on stderr). */
  omitNotes?: boolean;
}

const NR = "not recorded";

export function formatCount(value: number | null): string {
  return value === null ? NR : value.toLocaleString("en-US");
}

export function formatBytes(bytes: number | null): string {
  return bytes === null ? NR : formatByteSize(bytes);
}

export function formatShare(share: number | null): string {
  return share === null ? NR : `${(share * 100).toFixed(1)}%`;
}

export function entryLabel(entry: TimelineEntry): string {
  const times = entry.count > 1 ? ` ×${entry.count}` : "";
  const failed = entry.failed > 0 ? `, ${entry.failed} failed` : "";
  switch (entry.kind) {
    case "tool_result":
      return `tool ${entry.name}${times} ${formatBytes(entry.bytes)}${failed}`;
    case "tier2":
      return `Tier-2 ${entry.tier2Kind} ${entry.name}${times} ${formatBytes(entry.bytes)} (in ${entry.includedIn === "reminder" ? "reminder" : "tool result"})`;
    case "reminder":
      return `reminder ${entry.name ?? "(unnamed)"}${times} ${formatBytes(entry.bytes)}`;
    default:
      return `${entry.kind.replace(/_/g, " ")}${times} ${formatBytes(entry.bytes)}`;
  }
}

/** Where a drop's prefix first differed: `at message 12`, `at tools`, or why it did not differ. */
export function dropWhere(drop: CacheDrop): string {
  return drop.firstDifference.segment === "message"
    ? `at message ${drop.firstDifference.index}`
    : drop.firstDifference.segment === "none"
      ? "with the prefix unchanged (expired or evicted)"
      : `at ${drop.firstDifference.segment}`;
}

function prefixLabel(step: TimelineStep): string {
  const drop = step.cacheDrop;
  if (step.prefixCheck !== "dropped" || !drop) return step.prefixCheck.replace(/_/g, " ");
  return `DROPPED −${formatCount(drop.lostTokens)} ${dropWhere(drop)}${drop.afterCompaction ? " (after compaction)" : ""}`;
}

/** Left-align the first `left` columns, right-align numbers, leave the last column ragged. */
function table(rows: string[][], left = 2): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((row) =>
    row
      .map((cell, c) =>
        c === row.length - 1 ? cell : c < left ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!),
      )
      .join("  ")
      .trimEnd(),
  );
}

function stepRows(steps: TimelineStep[]): string[] {
  const head = [
    "step",
    "stop",
    "msgs",
    "uncached",
    "cache read",
    "cache write",
    "output",
    "cached",
    "prefix",
  ];
  const rows = steps.map((s) => [
    String(s.step),
    (s.purpose === "compaction" ? "compact" : (s.stopReason ?? "no reply")) +
      (s.retries > 0 ? ` (${s.retries} retr${s.retries === 1 ? "y" : "ies"})` : ""),
    String(s.messageCount),
    formatCount(s.usage.inputTokens),
    formatCount(s.usage.cacheReadTokens),
    formatCount(s.usage.cacheWriteTokens),
    formatCount(s.usage.outputTokens),
    formatShare(s.cacheReadShare),
    prefixLabel(s),
  ]);
  return table([head, ...rows]);
}

export function totalsLine(totals: TokenTotals): string {
  const partial = Object.keys(totals.stepsMissing).length > 0 ? " (some steps reported no usage)" : "";
  const cost =
    totals.costInputEquivalent === null
      ? NR
      : `${formatCount(totals.costInputEquivalent)} input-token equivalents`;
  return (
    `uncached ${formatCount(totals.inputTokens)} · cache read ${formatCount(totals.cacheReadTokens)} · ` +
    `cache write ${formatCount(totals.cacheWriteTokens)} · output ${formatCount(totals.outputTokens)} · ` +
    `cache read share ${formatShare(totals.cacheReadShare)} · cost ${cost} · ${totals.cacheDrops} prefix drop${totals.cacheDrops === 1 ? "" : "s"}${partial}`
  );
}

function laneBlock(lane: TimelineLane): string[] {
  const out: string[] = [];
  const sub = lane.subagent;
  const named = sub?.label
    ? ` · ${sub.label}${sub.group ? ` (${sub.group})` : ""}`
    : sub?.group
      ? ` · ${sub.group}`
      : "";
  const title = sub
    ? `${lane.lane}${named} · subagent${sub.parentLane ? ` of ${sub.parentLane}` : ""} · "${sub.taskPreview}" · ` +
      `${sub.status ?? "no stop recorded"}${sub.reportBytes !== null ? `, report ${formatBytes(sub.reportBytes)}` : ""}`
    : lane.lane;
  out.push(`  ${title}`);
  if (lane.entries.length > 0)
    out.push(
      `    entered: ${lane.entries.map(entryLabel).join(" · ")} — ${lane.appendedMessages} messages, ${formatBytes(lane.appendedBytes)} appended`,
    );
  if (lane.images)
    out.push(
      `    images: ${lane.images.count} (${formatBytes(lane.images.bytes)}, sent as base64, kept in the session's images folder)`,
    );
  if (lane.steps.length > 0) for (const row of stepRows(lane.steps)) out.push(`    ${row}`);
  for (const c of lane.compactions)
    out.push(
      `    compaction (${c.trigger}): ${c.removedMessages} messages summarised into ${formatBytes(c.summaryBytes)}, ` +
        `history ${formatBytes(c.bytesBefore)} → ${formatBytes(c.bytesAfter)}`,
    );
  return out;
}

function turnBlock(turn: TimelineTurn): string[] {
  const input = turn.input ? `"${turn.input.preview}" (${formatBytes(turn.input.bytes)})` : "(no user input)";
  const out = [
    `Turn ${turn.turn} · ${turn.mode ?? NR} mode · ${input} · ${turn.stopReason ?? "no end recorded"}`,
  ];
  for (const change of turn.modeChanges) out.push(`  mode ${change.from} → ${change.to}`);
  for (const lane of turn.lanes) out.push(...laneBlock(lane));
  for (const e of turn.mcpServers) out.push(`  ${mcpLine(e)}`);
  for (const reason of turn.interrupts) out.push(`  interrupted: ${reason}`);
  for (const e of turn.errors) out.push(`  error (${e.scope}${e.kind ? ` ${e.kind}` : ""}): ${e.message}`);
  if (turn.totals.steps > 0) out.push(`  turn totals: ${totalsLine(turn.totals)}`);
  return out;
}

export function renderTimeline(timeline: Timeline, options: RenderOptions = {}): string {
  const s = timeline.session;
  const lines = [
    `Session ${s.id ?? NR} · ${s.provider ?? NR} ${s.model ?? NR} · ${s.surface ?? NR} · started ${s.startedAt ?? NR}`,
    `Tier 1: ${s.tier1 ? `tools ${formatBytes(s.tier1.toolsBytes)}, system ${formatBytes(s.tier1.systemBytes)}, ${s.tier1.headerChanges} header change${s.tier1.headerChanges === 1 ? "" : "s"}` : NR}` +
      ` · ${s.resumes} resume${s.resumes === 1 ? "" : "s"} · ${timeline.complete ? `ended (${s.endReason})` : "no session_end (live or crashed)"}` +
      ` · ${timeline.events} events`,
    "",
  ];
  if (timeline.turns.length === 0) lines.push("No turns yet.", "");
  for (const turn of timeline.turns) lines.push(...turnBlock(turn), "");
  if (timeline.lanes.length > 1) lines.push(...lanesBlock(timeline.lanes), "");
  lines.push(`Session totals (${timeline.totals.steps} steps): ${totalsLine(timeline.totals)}`);
  if (!options.omitNotes) {
    for (const skip of timeline.skipped)
      lines.push(`skipped line ${skip.line}${skip.torn ? " (torn final line)" : ""}: ${skip.reason}`);
    for (const problem of timeline.problems) lines.push(`problem: ${problem}`);
  }
  return `${lines.join("\n")}\n`;
}

function mcpLine(e: TimelineTurn["mcpServers"][number]): string {
  const pid = e.pid === null ? "" : ` pid ${e.pid}`;
  if (e.event === "start")
    return `MCP ${e.server} started (${e.reason})${pid}${e.tools === null ? "" : `, ${e.tools} tools`}`;
  return `MCP ${e.server} ${e.reason}${pid}${e.message ? `: ${e.message}` : ""}`;
}

/** A lane's name for people: its label, else a subagent's task preview, else its id. */
export function laneName(lane: TimelineLaneSummary): string {
  return lane.label ?? (lane.taskPreview !== null ? `"${lane.taskPreview}"` : lane.lane);
}

/**
 * Lanes of one group side by side, in order of first appearance; lanes without a group (main, a
 * plain subagent) each their own. A group's sum is null when any of its lanes' figure is.
 */
export function laneGroups(
  lanes: readonly TimelineLaneSummary[],
): { group: string | null; lanes: TimelineLaneSummary[] }[] {
  const groups: { group: string | null; lanes: TimelineLaneSummary[] }[] = [];
  for (const lane of lanes) {
    const found = lane.group !== null ? groups.find((g) => g.group === lane.group) : undefined;
    if (found) found.lanes.push(lane);
    else groups.push({ group: lane.group, lanes: [lane] });
  }
  return groups;
}

/** The sum of a figure over lanes: null when a lane with steps lacks it. */
export function sumOver(
  lanes: readonly TimelineLaneSummary[],
  pick: (t: TokenTotals) => number | null,
): number | null {
  let sum = 0;
  for (const lane of lanes) {
    if (lane.totals.steps === 0) continue;
    const value = pick(lane.totals);
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

function lanesBlock(lanes: readonly TimelineLaneSummary[]): string[] {
  const head = [
    "lane",
    "name",
    "group",
    "status",
    "steps",
    "uncached",
    "cache read",
    "cache write",
    "output",
    "cost",
  ];
  const rows = laneGroups(lanes).flatMap((g) =>
    g.lanes.map((lane) => [
      lane.lane,
      clipName(laneName(lane)),
      lane.group ?? "",
      lane.parentLane === null ? "" : (lane.status ?? "running"),
      String(lane.totals.steps),
      formatCount(lane.totals.inputTokens),
      formatCount(lane.totals.cacheReadTokens),
      formatCount(lane.totals.cacheWriteTokens),
      formatCount(lane.totals.outputTokens),
      formatCount(lane.totals.costInputEquivalent),
    ]),
  );
  const out = ["Lanes (each lane's own steps over the session; cost in input-token equivalents):"];
  for (const row of table([head, ...rows], 4)) out.push(`  ${row}`);
  for (const g of laneGroups(lanes))
    if (g.group !== null)
      out.push(
        `  group ${g.group}: ${g.lanes.length} lane${g.lanes.length === 1 ? "" : "s"} side by side (${g.lanes.map((l) => clipName(laneName(l))).join(", ")}) · ` +
          `${sumOver(g.lanes, (t) => t.steps)} steps · output ${formatCount(sumOver(g.lanes, (t) => t.outputTokens))} · cost ${formatCount(sumOver(g.lanes, (t) => t.costInputEquivalent))}`,
      );
  return out;
}

function clipName(name: string): string {
  return name.length <= 28 ? name : `${name.slice(0, 27)}…`;
}
