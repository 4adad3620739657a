/**
 * Plain-text rendering of a ContextReport for `picasso context`: a table of sections and tools
 * (bytes, estimated tokens), totals, caps, warnings and the hash. Token columns say "~tok" and
 * the footer repeats that they are estimates.
 */
import type { ContextReport } from "./context-report.js";

const pad = (text: string, width: number) => text.padEnd(width);
const num = (n: number, width: number) => String(n).padStart(width);

/** The MCP gateways on the wire: one per configured server. */
function mcpPhrase(report: ContextReport): string {
  const n = report.tools.filter((t) => t.kind === "mcp").length;
  return n === 0 ? "" : `, ${n} MCP gateway${n === 1 ? "" : "s"} (one per server)`;
}

export function renderContextReport(report: ContextReport): string {
  const rows = (items: { label: string; bytes: number; tokens: number }[]) =>
    items.map((r) => `  ${pad(r.label, 30)}${num(r.bytes, 8)} B${num(r.tokens, 8)} ~tok`);
  const ii = report.caps.instructions;
  const si = report.caps.skills;
  const lines = [
    `Tier 1 (${report.surface}, mode ${report.mode})  hash ${report.hash}`,
    `  ${report.modeNote}`,
    "",
    `Tools (${report.tools.length} on the wire, ${report.deferredTools.length} deferred behind tool_search${mcpPhrase(report)})`,
    ...rows(
      report.tools.map((t) => ({
        label: `${t.name} [${t.kind}]`,
        bytes: t.bytes,
        tokens: t.estimatedTokens,
      })),
    ),
    "",
    `System (${report.sections.length} sections)`,
    ...rows(report.sections.map((s) => ({ label: s.id, bytes: s.bytes, tokens: s.estimatedTokens }))),
    "",
    "Totals",
    ...rows([
      { label: "tools", bytes: report.bytes.tools, tokens: report.estimatedTokens.tools },
      { label: "system", bytes: report.bytes.system, tokens: report.estimatedTokens.system },
      { label: "Tier 1 total", bytes: report.bytes.total, tokens: report.estimatedTokens.total },
      { label: "eager baseline", bytes: report.baseline.bytes, tokens: report.baseline.estimatedTokens },
    ]),
    report.baseline.reductionPercent >= 0
      ? `  Tier 1 is ${report.baseline.reductionPercent}% smaller than loading everything eagerly.`
      : `  Tier 1 is ${-report.baseline.reductionPercent}% larger than the eager baseline: the gateways cost more than the ${deferredPhrase(report)} they keep out of it.`,
    "",
    "Caps",
    ii.files.length === 0
      ? "  instructions: no AGENTS.md found"
      : `  instructions: ${ii.bytesAfter} of ${ii.bytesBefore} B (target ${ii.targetBytes}, cap ${ii.maxBytes})` +
        (ii.capped
          ? ` — CAPPED, cut in ${ii.cutFile}`
          : ii.overTarget
            ? " — over target"
            : " — within target"),
    si.known === 0
      ? "  skills: none known"
      : `  skills: ${si.known} known, ${si.withTrigger} with trigger, ${si.byName} by name, ${si.collapsed} behind skill_search` +
        (si.cut > 0
          ? `; ${si.cut} trigger${si.cut === 1 ? "" : "s"} shortened to ${si.triggerChars} characters`
          : "") +
        (si.overflowed ? ` — over the ${si.budgetBytes} B budget` : ""),
  ];
  if (report.deferredTools.length === 0) lines.push("  deferred tools: none installed yet");
  if (report.missingCoreTools.length > 0)
    lines.push(`  core rows without a registered tool: ${report.missingCoreTools.join(", ")}`);
  if (report.warnings.length > 0) lines.push("", "Warnings", ...report.warnings.map((w) => `  ${w}`));
  lines.push("", `Note: ${report.tokenNote}.`);
  return lines.join("\n");
}

/** What the gateways keep out of Tier 1, counted from the same report that lists the tools. */
function deferredPhrase(report: ContextReport): string {
  const n = report.deferredTools.length;
  return n === 1 ? "1 deferred tool" : `${n} deferred tools`;
}
