/**
 * Type-ahead: a prompt typed the moment `picasso` is launched — before its first frame, while
 * the terminal is still in cooked mode and Enter arrives as `\n` — is kept, and its Enter submits
 * it: the turn runs once the session is open. So is one typed on the plain first frame, before
 * Ink has loaded (first-frame.ts); Ink then draws in the frame's place: one prompt box, no
 * "starting…" left behind.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI type-ahead", { timeout: 120_000 }, () => {
  it("runs `hello⏎` typed immediately after launch", async () => {
    tui = new TmuxTui({
      script: ["steps:", '  - match: "hello"', '    text: "Hi there, typed ahead."'].join("\n"),
    }).start();
    // No wait for the first frame: the keys go to the terminal at once.
    tui.type("hello");
    tui.press("Enter");
    const screen = await tui.waitFor("Hi there, typed ahead.");
    expect(screen).toContain("› hello");
    // The prompt box is empty again: the Enter submitted rather than inserting a line break.
    expect(screen).toMatch(/│ › +│/);
  });

  it("runs `hello⏎` typed on the plain first frame", async () => {
    tui = new TmuxTui({
      script: ["steps:", '  - match: "hello"', '    text: "Hi there, typed ahead."'].join("\n"),
    }).start();
    await tui.waitFor("│ › "); // the plain frame, unless Ink was quicker
    tui.type("hello");
    tui.press("Enter");
    const screen = await tui.waitFor("Hi there, typed ahead.");
    expect(screen).toContain("› hello");
    expect(screen).toMatch(/│ › +│/);
    expect(screen.match(/╭/g), screen).toHaveLength(1);
    expect(screen).not.toContain("starting…");
  });
});
