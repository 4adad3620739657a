/**
 * Snapshots of a reply with a table, a link, a block quote and highlighted code, at 60 and 120
 * columns, in colour (ANSI codes kept, so the highlighting is reviewed too) and with NO_COLOR.
 */
import { Box } from "ink";
import { render } from "ink-testing-library";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadHighlighter } from "../markdown/highlight-code.js";
import { loadMarkdownReader } from "../markdown/markdown-reader.js";
import { hyperlink, Markdown } from "./Markdown.js";
import { COLOR_THEME, PLAIN_THEME, type Theme, ThemeContext, themeFor } from "./theme.js";

// Colour support is decided when chalk loads; force it before the imports above run.
vi.hoisted(() => {
  process.env.FORCE_COLOR = "1";
});

const REPLY = [
  "## Build status",
  "",
  "The build runs in **three** steps; see [the turbo docs](https://turbo.build/repo/docs) for caching.",
  "",
  "| step | package | time | result |",
  "| :--- | :------ | ---: | :----: |",
  "| lint | all packages, checked by biome with the repository's configuration | 12 s | ok |",
  "| build | `@picasso/tui` | 41 s | ok |",
  "| test | tools | 1 m 3 s | **failed** |",
  "",
  "> The failing test is flaky on busy machines:",
  "> it waits for a frame.",
  "",
  "1. Re-run it:",
  "   - `npm test`",
  "   - then read the log",
  "2. Fix the wait.",
  "",
  "```ts",
  "// wait for the frame, never sleep",
  "export async function waitFor(check: () => boolean, ms = 3000): Promise<string> {",
  "  return poll(check, ms);",
  "}",
  "```",
].join("\n");

function frame(width: number, theme: Theme): string {
  const { lastFrame, unmount } = render(
    <ThemeContext.Provider value={theme}>
      <Box width={width}>
        <Markdown text={REPLY} width={width} />
      </Box>
    </ThemeContext.Provider>,
  );
  const out = lastFrame() ?? "";
  unmount();
  return out;
}

// The OSC 8 sequences and ANSI colours are part of what is reviewed; show escapes readably.
const visible = (s: string) => s.replace(/\u001b/g, "␛").replace(/\u0007/g, "␇");
const unstyled = (s: string) => s.replace(/\u001b\[[\d;]*m/g, "");

beforeAll(async () => {
  await loadHighlighter();
});

// marked loads on first need (markdown-reader.ts); these tests read Markdown from the start.
beforeAll(() => loadMarkdownReader());

describe("Markdown", () => {
  for (const width of [60, 120]) {
    it(`renders a table, a link, a quote and highlighted code at ${width} columns`, () => {
      expect(visible(frame(width, COLOR_THEME))).toMatchSnapshot();
    });
    it(`renders the same reply without colour (NO_COLOR) at ${width} columns`, () => {
      const plain = frame(width, themeFor({ NO_COLOR: "1" }));
      // Bold, dim and underline still mark structure; no colour (SGR 30–37, 90–97, 38) is left.
      expect(plain).not.toMatch(/\u001b\[(?:3[0-8]|9[0-7])(?:;\d+)*m/);
      expect(visible(plain)).toMatchSnapshot();
    });
  }

  it("keeps every line within the width, the table's included", () => {
    for (const width of [60, 120]) {
      const lines = unstyled(frame(width, PLAIN_THEME)).split("\n");
      expect(lines.filter((line) => [...line].length > width)).toEqual([]);
    }
  });

  it("highlights code by role once highlight.js is loaded", () => {
    const out = frame(120, COLOR_THEME);
    expect(out).toContain("\u001b[35mexport\u001b[39m"); // keyword: magenta
    expect(out).toContain("\u001b[90m// wait for the frame, never sleep\u001b[39m"); // comment: gray
  });

  it("wraps link text in an OSC 8 hyperlink where the terminal supports it, keeping the layout", () => {
    const linked = frame(60, { ...COLOR_THEME, hyperlinks: true });
    expect(linked).toContain(hyperlink("https://turbo.build/repo/docs", "the turbo docs"));
    const strip = (s: string) => s.replace(/\u001b\]8;;[^\u0007]*\u0007/g, "");
    expect(strip(linked)).toBe(frame(60, COLOR_THEME));
    expect(hyperlink("https://x.dev/a b,(c)", "t")).toBe(
      "\u001b]8;;https://x.dev/a%20b%2C%28c%29\u0007t\u001b]8;;\u0007",
    );
  });

  it("decides hyperlinks from the terminal, never under NO_COLOR", () => {
    expect(themeFor({ TERM_PROGRAM: "iTerm.app" }).hyperlinks).toBe(true);
    expect(themeFor({ TERM_PROGRAM: "Apple_Terminal" }).hyperlinks).toBe(false);
    expect(themeFor({ FORCE_HYPERLINK: "1" }).hyperlinks).toBe(true);
    expect(themeFor({ NO_COLOR: "", TERM_PROGRAM: "iTerm.app" }).hyperlinks).toBe(false);
  });

  it("renders a table still streaming without its delimiter row as a table", () => {
    const { lastFrame, rerender } = render(
      <ThemeContext.Provider value={PLAIN_THEME}>
        <Markdown text={"Status:\n\n| step | state |"} width={60} />
      </ThemeContext.Provider>,
    );
    const before = unstyled(lastFrame()!);
    expect(before).toContain("│ step │ state │");
    rerender(
      <ThemeContext.Provider value={PLAIN_THEME}>
        <Markdown text={"Status:\n\n| step | state |\n|---|---|\n| build | ok"} width={60} />
      </ThemeContext.Provider>,
    );
    // Still a table, in the same place: only its column widths follow the new cells.
    const after = unstyled(lastFrame()!).split("\n");
    expect(after.slice(0, 2)).toEqual(before.split("\n").slice(0, 2));
    expect(after[3]).toBe("│ step  │ state │");
    expect(after[5]).toBe("│ build │ ok    │");
  });
});
