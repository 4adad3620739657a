/**
 * Type-ahead: a prompt typed the moment `picasso` is launched — before its first frame, while
 * the terminal is still in cooked mode and Enter arrives as `\n` — is kept, and its Enter submits
 * it: the turn runs once the session is open. So is one typed on the plain first frame, before
 * Ink has loaded (first-frame.ts); Ink then draws in the frame's place: one prompt box, no
 * "starting…" left behind. With bracketed paste on, every Enter outside a paste submits, even
 * when it arrives in one read with the next prompt.
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

  it("runs two prompts typed ahead, and an Enter that arrives in one read with the next prompt", async () => {
    tui = new TmuxTui({
      script: [
        "steps:",
        '  - { match: "first", text: "Answer one." }',
        '  - { match: "second", text: "Answer two." }',
        '  - { match: "third", text: "Answer three.", delay_ms: 1000 }',
        '  - { match: "fourth", text: "Answer four." }',
      ].join("\n"),
    }).start();
    tui.type("first");
    tui.press("Enter");
    tui.type("second");
    tui.press("Enter");
    await tui.waitFor("Answer two.");
    // One write, as a busy terminal delivers fast typing: each Enter still submits.
    tui.type("third\rfourth\r");
    const screen = await tui.waitFor("Answer four.");
    for (const prompt of ["› first", "› second", "› third", "› fourth"]) expect(screen).toContain(prompt);
    expect(screen).toMatch(/│ › +│/);
  });
});
