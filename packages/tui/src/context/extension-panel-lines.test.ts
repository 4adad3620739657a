import type { ContextPanel } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { extensionPanelLines } from "./extension-panel-lines.js";

describe("extensionPanelLines", () => {
  it("styles each row by its tone: dim, yellow for a warning, red for an error, green for ok", () => {
    const panel: ContextPanel = {
      id: "x",
      title: "x",
      rows: [
        { label: "plain", value: "1" },
        { label: "quiet", value: "not recorded", tone: "dim" },
        { label: "problem", value: "memory.db is damaged", tone: "warn" },
        { label: "fs_call", value: "failed", tone: "error" },
        { label: "check", value: "passed", tone: "ok" },
      ],
    };
    expect(extensionPanelLines(panel, 80)).toEqual([
      [{ text: "x", bold: true }],
      [{ text: "  plain: 1" }],
      [{ text: "  quiet: not recorded", dim: true }],
      [{ text: "  problem: memory.db is damaged", color: "yellow" }],
      [{ text: "  fs_call: failed", color: "red" }],
      [{ text: "  check: passed", color: "green" }],
    ]);
  });

  it("a panel without rows says its empty text, dim, or none", () => {
    expect(
      extensionPanelLines({ id: "w", title: "weather", rows: [], empty: "no forecast yet" }, 80),
    ).toEqual([[{ text: "weather", bold: true }], [{ text: "  no forecast yet", dim: true }]]);
    expect(extensionPanelLines({ id: "w", title: "weather", rows: [] }, 80)[1]).toEqual([
      { text: "  none", dim: true },
    ]);
  });
});
