/**
 * One extension's `/context` panel (`ContextPanel` from protocol) as lines of styled text that
 * fit `width` — the same for every extension, known or not: the title in bold, then each row as
 * `label: value` (a heading row, with an empty value, as `label:`), indented by level like the
 * text rendering (`panelRowIndent`: level 0 at two columns, level 1 at four), a long value
 * wrapped under its row and cut past `PANEL_VALUE_CHARS`. The tone styles the row: `dim` dim,
 * `warn` yellow, `error` red, `ok` green (colours only with a colour theme). A panel without rows
 * says its `empty` text (default `none`), dim.
 */
import { panelRowIndent, panelRowText } from "@picasso/engine/context";
import type { ContextPanel, PanelTone } from "@picasso/protocol";
import { type PanelLine, type PanelSegment, wrapped } from "./panel-line.js";

const TONE_STYLE: Record<PanelTone, Omit<PanelSegment, "text">> = {
  normal: {},
  dim: { dim: true },
  ok: { color: "green" },
  warn: { color: "yellow" },
  error: { color: "red" },
};

export function extensionPanelLines(panel: ContextPanel, width: number): PanelLine[] {
  const lines: PanelLine[] = [[{ text: panel.title, bold: true }]];
  if (panel.rows.length === 0) return [...lines, ...wrapped(panel.empty ?? "none", width, 2, { dim: true })];
  for (const row of panel.rows)
    lines.push(...wrapped(panelRowText(row), width, panelRowIndent(row), TONE_STYLE[row.tone ?? "normal"]));
  return lines;
}
