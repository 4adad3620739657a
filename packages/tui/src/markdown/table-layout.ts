/**
 * A Markdown table laid out for a terminal width: pure, so the component only paints it.
 *
 * Rules: each column is as wide as its widest cell (in code points) when the table fits in
 * `width` with its borders (`│ a │ b │`, 3 columns per cell boundary plus 1); otherwise the widest
 * column gives up one column at a time until it fits (never below 3), and cells wrap inside
 * their column (wrap-spans.ts). Every line of a cell is padded to the column's width by its
 * alignment (left by default, right, center). A row is as tall as its tallest cell.
 */
import type { Inline } from "./inline-spans.js";
import type { Align } from "./markdown-blocks.js";
import { wrapSpans } from "./wrap-spans.js";

export interface TableLayout {
  widths: number[];
  /** Lines of the header row: each line is one span list per column, padded. */
  header: Inline[][][];
  rows: Inline[][][][];
}

const MIN_COLUMN = 3;
const length = (spans: readonly Inline[]) => spans.reduce((n, s) => n + [...s.text].length, 0);

function columnWidths(cells: Inline[][][], columns: number, width: number): number[] {
  const widths = Array.from({ length: columns }, (_, c) =>
    Math.max(1, ...cells.map((row) => (row[c] ? length(row[c]) : 0))),
  );
  const room = width - (3 * columns + 1);
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > room) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= MIN_COLUMN) break;
    widths[widest]!--;
    total--;
  }
  return widths;
}

function pad(spans: Inline[], width: number, align: Align): Inline[] {
  const gap = Math.max(0, width - length(spans));
  const before = align === "right" ? gap : align === "center" ? Math.floor(gap / 2) : 0;
  const after = gap - before;
  const out: Inline[] = [];
  if (before > 0) out.push({ kind: "text", text: " ".repeat(before) });
  out.push(...spans);
  if (after > 0) out.push({ kind: "text", text: " ".repeat(after) });
  return out;
}

function rowLines(row: Inline[][], widths: number[], align: Align[]): Inline[][][] {
  const wrapped = widths.map((w, c) => wrapSpans(row[c] ?? [], w));
  const height = Math.max(...wrapped.map((lines) => lines.length));
  return Array.from({ length: height }, (_, i) =>
    widths.map((w, c) => pad(wrapped[c]![i] ?? [], w, align[c] ?? null)),
  );
}

export function layoutTable(
  table: { align: Align[]; header: Inline[][]; rows: Inline[][][] },
  width: number,
): TableLayout {
  const columns = Math.max(table.header.length, ...table.rows.map((r) => r.length));
  const widths = columnWidths([table.header, ...table.rows], columns, width);
  return {
    widths,
    header: rowLines(table.header, widths, table.align),
    rows: table.rows.map((row) => rowLines(row, widths, table.align)),
  };
}

/** A border line of the table: top, the rule under the header, or bottom. */
export function tableBorder(widths: readonly number[], where: "top" | "middle" | "bottom"): string {
  const [left, cross, right] = where === "top" ? "┌┬┐" : where === "middle" ? "├┼┤" : "└┴┘";
  return `${left}${widths.map((w) => "─".repeat(w + 2)).join(cross)}${right}`;
}
