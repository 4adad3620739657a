/**
 * Rendered frames of the /context map, reviewed when they change: at 60, 80 and 120 columns with
 * colours, and with NO_COLOR (the plain theme: no escape codes, each category told by its glyph);
 * and the panels below the map — one of an extension the TUI knows nothing of, in every tone.
 */
import type { ContextView } from "@picasso/engine/context";
import { describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-at.js";
import { contextViewFixture } from "../test-support/context-view-fixture.js";
import { ContextPanel } from "./ContextPanel.js";
import { COLOR_THEME, PLAIN_THEME, ThemeContext, themeFor } from "./theme.js";

// Colour support is decided when chalk loads; force it before the imports above run.
vi.hoisted(() => {
  process.env.FORCE_COLOR = "1";
});

const ESC = "\u001b[";
const view = contextViewFixture();
/** The map and the first lines of the detail below it: the first screen of a 40-row terminal. */
const HEIGHT = 34;

function frame(columns: number, noColor: boolean, shown: ContextView = view, offset = 0): string {
  const theme = noColor ? PLAIN_THEME : COLOR_THEME;
  return renderAt(
    columns,
    <ThemeContext.Provider value={theme}>
      <ContextPanel view={shown} width={columns} height={HEIGHT} offset={offset} />
    </ThemeContext.Provider>,
  ).lastFrame()!;
}

describe("the /context map", () => {
  for (const columns of [60, 80, 120])
    it(`at ${columns} columns`, () => {
      const shown = frame(columns, false);
      expect(shown).toContain(`${ESC}36m▓▓`);
      expect(shown).toMatchSnapshot();
      const plain = shown.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
      expect(plain.every((line) => [...line].length <= columns)).toBe(true);
      expect(plain.length).toBeLessThanOrEqual(HEIGHT);
    });

  it("with NO_COLOR: no colour codes, the glyphs tell the categories apart", () => {
    expect(themeFor({ NO_COLOR: "1" })).toEqual(PLAIN_THEME);
    const shown = frame(80, true);
    expect(shown).not.toMatch(/\u001b\[(3\d|9\d)m/);
    expect(shown).toMatch(/▓ core tools +▓+ /);
    expect(shown).toMatch(/▧ tool outputs +▧+ /);
    expect(shown).toMatchSnapshot();
  });

  it("the panels below the map: an unknown extension's, every tone, a long value wrapped", () => {
    const withPanels: ContextView = {
      ...view,
      panels: [
        {
          id: "weather",
          title: "weather",
          rows: [
            { label: "station", value: "EDDB" },
            { label: "forecast", value: "" },
            {
              label: "today",
              value: "rain, then sun over the whole of the region by the late afternoon",
              level: 1,
            },
            { label: "tomorrow", value: "not recorded", level: 1, tone: "dim" },
            { label: "feed", value: "up", tone: "ok" },
            { label: "warning", value: "gusts over 80 km/h", tone: "warn" },
            { label: "radar", value: "unreachable: timed out after 5 s", tone: "error" },
          ],
        },
        { id: "tides", title: "tides", rows: [], empty: "no tide tables for an inland station" },
      ],
    };
    const shown = frame(60, false, withPanels, 22);
    expect(shown).toContain(`${ESC}33m  warning: gusts over 80 km/h`);
    expect(shown).toContain(`${ESC}31m  radar: unreachable`);
    expect(shown).toMatchSnapshot();
  });
});
