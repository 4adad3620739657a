/**
 * The context map: the first screen of `/context`, as lines of styled text that each fit `width`.
 * In order:
 * - the fill line: tokens in use of the model's window, %, tokens free;
 * - the fill bar: one glyph per category, cells proportional to tokens of the window, at least
 *   one cell for a category with any tokens, free space dotted, never wider than `width` (or 80) —
 *   the largest category gives way;
 * - the figures: the provider-reported context beside the estimate (tokens and bytes);
 * - per group (Tier 1, history, Tier-2 loads) a heading with its tokens, then one line per
 *   category: glyph, name, a bar of its share of the context in use, bytes, estimated tokens and
 *   the share as a %. An empty category prints `—` and no bar; `images` names its count.
 * Every category has its own glyph, so the map reads the same without colour (`NO_COLOR`); with
 * colour each category's glyphs also take its colour (CATEGORY_COLORS).
 */

import type { ContextCategory, ContextGroup, ContextView } from "@picasso/engine/context";
import { compactNumber } from "../status/status-model.js";
import { formatBytes } from "../transcript/apply-event.js";
import type { PanelLine, PanelSegment } from "./panel-line.js";

export const GLYPHS: Record<ContextCategory, string> = {
  "core tools": "▓",
  gateways: "▒",
  "system sections": "█",
  instructions: "▚",
  "skill index": "▞",
  "session facts": "▤",
  conversation: "■",
  "tool outputs": "▧",
  images: "▣",
  "deferred schemas": "▥",
  "MCP catalogs": "▦",
  "skill bodies": "▨",
  memories: "▩",
  "other Tier-2": "◆",
  "free space": "·",
};

export const CATEGORY_COLORS: Record<ContextCategory, string> = {
  "core tools": "cyan",
  gateways: "magenta",
  "system sections": "blue",
  instructions: "yellow",
  "skill index": "green",
  "session facts": "white",
  conversation: "greenBright",
  "tool outputs": "blueBright",
  images: "whiteBright",
  "deferred schemas": "red",
  "MCP catalogs": "magentaBright",
  "skill bodies": "yellowBright",
  memories: "cyanBright",
  "other Tier-2": "redBright",
  "free space": "gray",
};

const MAP_GROUPS: ContextGroup[] = ["Tier 1", "history", "Tier-2 loads"];
const NAME = 17;
/** glyph + name + the figures after the bar: bytes (9), tokens (7), share (7). */
const FIXED = 2 + NAME + 1 + 9 + 7 + 7;
const MAX_BAR = 40;

export function contextMapLines(view: ContextView, width: number): PanelLine[] {
  const room = Math.max(30, width);
  const free = view.rows.find((r) => r.category === "free space")?.tokens ?? 0;
  const reported =
    view.reportedPromptTokens === undefined
      ? "provider: no request yet"
      : `provider-reported ${compactNumber(view.reportedPromptTokens)}`;
  const lines: PanelLine[] = [
    [
      {
        text: `Context window: ${compactNumber(view.usedTokens)} of ${compactNumber(view.window)} used (${pct(view.usedTokens, view.window)}), ${compactNumber(free)} free`,
        bold: true,
      },
    ],
    fillBar(view, Math.min(80, room)),
    [
      {
        text: `${reported} · estimated ${compactNumber(view.estimatedTokens)} tokens, ${formatBytes(view.estimatedBytes)}`,
        dim: true,
      },
    ],
  ];
  const barWidth = Math.max(4, Math.min(MAX_BAR, room - FIXED));
  lines.push([
    {
      text: `${" ".repeat(2 + NAME)}${"share of context in use".slice(0, barWidth).padEnd(barWidth)} ${"bytes".padStart(8)} ${"tokens".padStart(6)} ${"share".padStart(6)}`,
      dim: true,
    },
  ]);
  for (const group of MAP_GROUPS) {
    const rows = view.rows.filter((r) => r.group === group);
    const tokens = rows.reduce((a, r) => a + r.tokens, 0);
    lines.push([{ text: `${group} · ${compactNumber(tokens)} tokens`, bold: true }]);
    for (const row of rows) lines.push(categoryLine(row, barWidth, view.imageCount));
  }
  return lines;
}

function categoryLine(row: ContextView["rows"][number], barWidth: number, images: number): PanelLine {
  const name = row.category === "images" && images > 0 ? `images (${images})` : row.category;
  const empty = row.tokens === 0 && row.bytes === 0;
  const cells = empty ? 0 : Math.max(1, Math.round(row.share * barWidth));
  const figures = empty
    ? `${"—".padStart(8)} ${"—".padStart(6)} ${"—".padStart(6)}`
    : `${formatBytes(row.bytes).padStart(8)} ${compactNumber(row.tokens).padStart(6)} ${`${(row.share * 100).toFixed(1)}%`.padStart(6)}`;
  const segments: PanelSegment[] = [
    { text: `${GLYPHS[row.category]} `, category: row.category },
    { text: name.padEnd(NAME), ...(empty ? { dim: true } : {}) },
    { text: GLYPHS[row.category].repeat(cells), category: row.category },
    { text: `${" ".repeat(barWidth - cells)} ${figures}`, ...(empty ? { dim: true } : {}) },
  ];
  return segments;
}

function fillBar(view: ContextView, width: number): PanelLine {
  const rows = view.rows;
  const cells = rows.map((row) => {
    const share = Math.round((row.tokens / Math.max(1, view.window)) * width);
    return row.tokens > 0 ? Math.max(1, share) : 0;
  });
  let over = cells.reduce((a, b) => a + b, 0) - width;
  while (over > 0) {
    const largest = cells.indexOf(Math.max(...cells));
    const give = Math.min(over, cells[largest]! - 1);
    if (give <= 0) break;
    cells[largest]! -= give;
    over -= give;
  }
  return rows.map((row, i) => ({ text: GLYPHS[row.category].repeat(cells[i]!), category: row.category }));
}

/** The map as plain text (`picasso context`): the same lines, glyphs and no colour. */
export function contextMapText(view: ContextView, width: number): string {
  return `${contextMapLines(view, width)
    .map((line) =>
      line
        .map((segment) => segment.text)
        .join("")
        .trimEnd(),
    )
    .join("\n")}\n`;
}

export function pct(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "not recorded";
}
