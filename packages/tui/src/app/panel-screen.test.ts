import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { CLEAR_TERMINAL, lastLines, panelScreen } from "./panel-screen.js";

function terminal() {
  const target = Object.assign(new PassThrough(), { columns: 80, rows: 3, isTTY: true });
  let written = "";
  target.on("data", (chunk: Buffer) => {
    written += chunk.toString();
  });
  return { target: target as unknown as NodeJS.WriteStream, written: () => written };
}

describe("panelScreen", () => {
  it("cuts a full-screen redraw to the screen's last rows while a panel is open, and only then", () => {
    const { target, written } = terminal();
    let open = true;
    const screen = panelScreen(target, () => open);
    const redraw = `${CLEAR_TERMINAL}old 1\nold 2\nold 3\npanel 1\npanel 2\npanel 3`;
    screen.write(redraw);
    expect(written()).toBe(`${CLEAR_TERMINAL}panel 1\npanel 2\npanel 3`);
    screen.write("plain frame\nold 1\nold 2\nold 3\n");
    expect(written()).toBe(`${CLEAR_TERMINAL}panel 1\npanel 2\npanel 3plain frame\nold 1\nold 2\nold 3\n`);
    open = false;
    screen.write(redraw);
    expect(written().endsWith(redraw)).toBe(true);
  });

  it("is the terminal otherwise: its size, its events", () => {
    const { target } = terminal();
    const screen = panelScreen(target, () => true);
    expect([screen.columns, screen.rows, screen.isTTY]).toEqual([80, 3, true]);
    let resized = 0;
    screen.on("resize", () => resized++);
    target.emit("resize");
    expect(resized).toBe(1);
  });
});

describe("lastLines", () => {
  it("keeps the last n lines, or all of a shorter text", () => {
    expect(lastLines("a\nb\nc", 2)).toBe("b\nc");
    expect(lastLines("a\nb\nc", 3)).toBe("a\nb\nc");
    expect(lastLines("a\nb\nc", 9)).toBe("a\nb\nc");
    expect(lastLines("abc", 1)).toBe("abc");
  });
});
