/**
 * The probe's report as text for a terminal: one row per request (scenario, request number,
 * lane, turn, mode, bytes sent, cache read / write / uncached tokens, read share, label), then
 * drops with what changed, expected misses, a line per scenario (its Tier-1 hash, the memories
 * seeded before it) and the summary figures.
 */
import type { ProbeReport } from "./probe-report.js";

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const num = (x: number) => x.toLocaleString("en-US");

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "))
    .join("\n");
}

export function renderReport(report: ProbeReport): string {
  const out: string[] = [];
  out.push(
    `picasso probe — ${report.live ? "live Anthropic API" : `mock provider, ${report.rules} cache rules`}, model ${report.model}, minimum cacheable ${num(report.minCacheable)} tokens`,
    "",
  );
  const rows = [
    ["scenario", "#", "lane", "turn", "mode", "bytes sent", "read", "write", "uncached", "read %", "what"],
  ];
  for (const s of report.steps)
    rows.push([
      s.scenario,
      String(s.n),
      s.lane,
      String(s.turn),
      s.mode,
      num(s.bytesSent),
      num(s.read),
      num(s.write),
      num(s.uncached),
      pct(s.readShare),
      `${s.purpose === "compaction" ? "[compaction summary] " : ""}${s.label ?? ""}`,
    ]);
  out.push(table(rows), "");
  if (report.drops.length) {
    out.push(`DROPS (${report.drops.length}):`);
    for (const d of report.drops)
      out.push(
        `  ${d.scenario} request ${d.n} (lane ${d.lane}, turn ${d.turn}, step ${d.step}) ${d.kind}: ${d.message}`,
      );
    out.push("");
  }
  if (report.expectedMisses.length) {
    out.push(`Expected misses (${report.expectedMisses.length}):`);
    for (const d of report.expectedMisses)
      out.push(
        `  ${d.scenario} request ${d.n} (lane ${d.lane}, turn ${d.turn}): ${d.message} — read ${num(d.read ?? 0)}`,
      );
    out.push("");
  }
  for (const s of report.scenarios) {
    const memories = s.memories.count
      ? ` with ${num(s.memories.count)} ${s.memories.count === 1 ? "memory" : "memories"} (seeded in ${num(s.memories.seedMs)} ms)`
      : "";
    out.push(
      `${s.scenario}: ${count(s.requests, "request")}, ${count(s.drops, "drop")}, ${count(s.expectedMisses, "expected miss", "expected misses")}, read share from turn 2: ${pct(s.cacheReadShare)}, Tier 1 ${s.tier1Hash.slice(0, 12)}${memories}`,
    );
  }
  const f = report.firstTurn;
  out.push(
    "",
    `cache read share from turn 2: ${pct(report.cacheReadShare)} (all requests: ${pct(report.cacheReadShareAll)})`,
    `input tokens: ${num(report.tokens.input)} = read ${num(report.tokens.read)} + write ${num(report.tokens.write)} + uncached ${num(report.tokens.uncached)}`,
    `cost: ${num(report.costInputEquivalents)} input-token equivalents (${num(report.costWithoutCache)} without caching)`,
    `first turn (${f.scenario}): Tier 1 ${num(f.bytes)} bytes (${num(f.tier1Tokens)} tokens) vs eager baseline ${num(f.baselineBytes)} bytes: ${pct(Math.abs(f.reduction))} ${f.reduction >= 0 ? "smaller" : "larger"}`,
    report.drops.length ? `FAIL: ${report.drops.length} unexpected drop(s)` : "OK: no unexpected drops",
  );
  return `${out.join("\n")}\n`;
}
