/**
 * Rendered frames of the /context map, reviewed when they change: at 60, 80 and 120 columns with
 * colours, and with NO_COLOR (the plain theme: no escape codes, each category told by its glyph).
 */
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

function frame(columns: number, noColor: boolean): string {
  const theme = noColor ? PLAIN_THEME : COLOR_THEME;
  return renderAt(
    columns,
    <ThemeContext.Provider value={theme}>
      <ContextPanel view={view} width={columns} height={HEIGHT} />
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
});
