/**
 * Rendered frames of the /context timeline bars, reviewed when they change: at 60, 80 and 120
 * columns with colours, and with NO_COLOR (no escape codes; parts and markers told by glyphs).
 */
import { describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-at.js";
import { timelineChartFixture } from "../test-support/timeline-chart-fixture.js";
import { tick } from "../test-support/wait-for-frame.js";
import { TimelinePager } from "./TimelinePager.js";
import { COLOR_THEME, PLAIN_THEME, ThemeContext } from "./theme.js";

// Colour support is decided when chalk loads; force it before the imports above run.
vi.hoisted(() => {
  process.env.FORCE_COLOR = "1";
});

const HEIGHT = 34;

async function frame(columns: number, noColor: boolean): Promise<string> {
  const shown = renderAt(
    columns,
    <ThemeContext.Provider value={noColor ? PLAIN_THEME : COLOR_THEME}>
      <TimelinePager chart={timelineChartFixture()} width={columns} height={HEIGHT} onClose={() => {}} />
    </ThemeContext.Provider>,
  );
  await tick();
  return shown.lastFrame()!;
}

describe("the /context timeline bars", () => {
  for (const columns of [60, 80, 120])
    it(`at ${columns} columns`, async () => {
      const shown = await frame(columns, false);
      expect(shown).toContain("\u001b[32m████");
      expect(shown).toContain("\u001b[31m▼");
      expect(shown).toMatchSnapshot();
      const plain = shown.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
      expect(plain.every((line) => [...line].length <= columns)).toBe(true);
      expect(plain.length).toBeLessThanOrEqual(HEIGHT);
    });

  it("with NO_COLOR: no colour codes, the glyphs tell read, write, uncached and drops apart", async () => {
    const shown = await frame(80, true);
    expect(shown).not.toMatch(/\u001b\[(3\d|9\d)m/);
    const plain = shown.replace(/\u001b\[[0-9;]*m/g, "");
    expect(plain).toMatch(/t2 s3 +▼ █+▓+░ +9\.8k ● −6\.2k prefix changed at message 4/);
    expect(shown).toMatchSnapshot();
  });
});
