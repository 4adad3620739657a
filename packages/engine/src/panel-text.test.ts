import type { ContextPanel } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { PANEL_VALUE_CHARS, panelText } from "./panel-text.js";

describe("panelText", () => {
  it("prints each panel as its title, then its rows indented by level, a blank line between panels", () => {
    const panels: ContextPanel[] = [
      {
        id: "lean-context",
        title: "lean context",
        rows: [
          { label: "registry", value: "" },
          { label: "wireTools", value: "10", level: 1 },
          { label: "snapshot", value: "not recorded", tone: "dim" },
        ],
      },
      {
        id: "memory",
        title: "memory",
        rows: [{ label: "problem", value: "memory.db: locked", tone: "warn" }],
      },
    ];
    expect(panelText(panels)).toBe(
      [
        "lean context",
        "  registry:",
        "    wireTools: 10",
        "  snapshot: not recorded",
        "",
        "memory",
        "  problem: memory.db: locked",
        "",
      ].join("\n"),
    );
  });

  it("says the empty text (or none) for a panel without rows, and nothing for no panels", () => {
    expect(panelText([{ id: "w", title: "weather", rows: [], empty: "no forecast yet" }])).toBe(
      "weather\n  no forecast yet\n",
    );
    expect(panelText([{ id: "w", title: "weather", rows: [] }])).toBe("weather\n  none\n");
    expect(panelText([])).toBe("");
  });

  it("cuts a value longer than PANEL_VALUE_CHARS with an ellipsis", () => {
    const text = panelText([{ id: "x", title: "x", rows: [{ label: "long", value: "v".repeat(500) }] }]);
    const line = text.split("\n")[1]!;
    expect(line).toBe(`  long: ${"v".repeat(PANEL_VALUE_CHARS - 1)}…`);
  });
});
