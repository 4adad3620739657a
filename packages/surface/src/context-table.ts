/**
 * The `/context` model (`ContextView`, @picasso/engine/context) as markdown: a table of the map's
 * categories, then the mounted extensions' panels as text in a code block (`panelText`, what
 * `picasso context` prints) — the text of the `context` operation, which ACP answers a `/context`
 * prompt with (the TUI opens its panel on the same view instead).
 */
import { type ContextView, panelText } from "@picasso/engine/context";

export function contextTable(view: ContextView): string {
  const pct = (n: number) => `${n.toFixed(1)}%`;
  const lines = [
    `${view.usedTokens} of ${view.window} tokens in use (${pct(view.window > 0 ? (view.usedTokens / view.window) * 100 : 0)})`,
    "",
    "| group | category | bytes | tokens | % of window |",
    "| --- | --- | ---: | ---: | ---: |",
    ...view.rows.map(
      (row) => `| ${row.group} | ${row.category} | ${row.bytes} | ${row.tokens} | ${pct(row.percent)} |`,
    ),
    "",
    view.tokenNote,
    ...(view.panels.length > 0 ? ["", "```text", panelText(view.panels).trimEnd(), "```"] : []),
  ];
  return lines.join("\n");
}
