import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import { DiffView } from "./DiffView.js";
import { COLOR_THEME, ThemeContext, themeFor } from "./theme.js";

// Colour support is decided when chalk loads; force it before the imports above run.
vi.hoisted(() => {
  process.env.FORCE_COLOR = "1";
});

describe("DiffView colours", () => {
  it("colours added lines green, removed lines red and hunks cyan", () => {
    const { lastFrame } = render(
      <ThemeContext.Provider value={COLOR_THEME}>
        <DiffView diff={"@@ -1 +1 @@\n-old\n+new"} />
      </ThemeContext.Provider>,
    );
    const frame = lastFrame()!;
    expect(frame).toContain("\u001b[32m+new");
    expect(frame).toContain("\u001b[31m-old");
    expect(frame).toContain("\u001b[36m@@ -1 +1 @@");
  });

  it("NO_COLOR selects the theme without colours", () => {
    expect(themeFor({ NO_COLOR: "1" }).added).toBeUndefined();
    expect(themeFor({}).added).toBe("green");
  });
});
