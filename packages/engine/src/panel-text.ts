/**
 * `/context` panels as plain text — the one text rendering of panels, for `picasso context` and
 * ACP's `/context` answer (the TUI lays out the same rows with styles, context-panel-lines.ts):
 *
 *     lean context
 *       registry:
 *         wireTools: 10
 *       snapshot: not recorded
 *
 * A panel is its title, then one `label: value` line per row, indented two columns per level
 * (level 0 at two); a row with an empty value is a heading (`label:`). A panel without rows says
 * its `empty` text (default `none`). Values longer than `PANEL_VALUE_CHARS` are cut with `…`.
 * Panels are separated by a blank line. Tones have no mark in text: the label says it.
 */
import type { ContextPanel, PanelRow } from "@picasso/protocol";

/** The longest value shown; longer ones are cut (the full value stays in the view's data). */
export const PANEL_VALUE_CHARS = 160;

/** `value`, cut to `PANEL_VALUE_CHARS` with `…` when longer. */
export function panelValue(value: string): string {
  return value.length > PANEL_VALUE_CHARS ? `${value.slice(0, PANEL_VALUE_CHARS - 1)}…` : value;
}

/** A row as `label: value`, or `label:` for a heading (an empty value). */
export function panelRowText(row: PanelRow): string {
  return row.value === "" ? `${row.label}:` : `${row.label}: ${panelValue(row.value)}`;
}

/** Columns a row is indented by: two per level, level 0 at two (under its panel's title). */
export function panelRowIndent(row: PanelRow): number {
  return 2 + 2 * (row.level ?? 0);
}

export function panelText(panels: readonly ContextPanel[]): string {
  return panels
    .map((panel) => {
      const rows =
        panel.rows.length === 0
          ? [`  ${panel.empty ?? "none"}`]
          : panel.rows.map((row) => " ".repeat(panelRowIndent(row)) + panelRowText(row));
      return `${[panel.title, ...rows].join("\n")}\n`;
    })
    .join("\n");
}
