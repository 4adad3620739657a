/**
 * Type-ahead: a prompt typed the moment `picasso` is launched — before its first frame, while
 * the terminal is still in cooked mode and Enter arrives as `\n` — is kept, and its Enter submits
 * it: the turn runs once the session is open. So is one typed on the plain first frame, before
 * Ink has loaded (first-frame.ts); Ink then draws in the frame's place: one prompt box, no
 * "starting…" left behind. With bracketed paste on, every Enter outside a paste submits, even
 * when it arrives in one read with the next prompt. A prompt typed the moment the session is
 * ready (its start-up trace, PICASSO_STARTUP_TRACE, is written then) runs at once, and the trace
 * holds every start-up stage in order.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STARTUP_STAGES } from "@picasso/protocol/startup-trace";
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

  it("runs a prompt typed the moment the session is ready, and traces every stage up to ready in order", async () => {
    const trace = join(mkdtempSync(join(tmpdir(), "picasso-trace-")), "startup-trace.json");
    tui = new TmuxTui({
      script: ["steps:", '  - match: "ready now"', '    text: "Answered at once."'].join("\n"),
      env: { PICASSO_STARTUP_TRACE: trace },
    }).start();
    // The trace is written when the session is ready: type then, not after a settled screen.
    const deadline = Date.now() + 60_000;
    while (!existsSync(trace)) {
      if (Date.now() > deadline) throw new Error("no start-up trace within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    tui.type("ready now");
    tui.press("Enter");
    const screen = await tui.waitFor("Answered at once.");
    expect(screen).toContain("› ready now");
    expect(screen).toContain("new session");
    expect(screen).not.toContain("queued");
    const { stages } = JSON.parse(readFileSync(trace, "utf8")) as {
      stages: { stage: string; ms: number; cpuMs: number }[];
    };
    expect(stages.map((s) => s.stage)).toEqual([...STARTUP_STAGES]);
    for (const [i, stage] of stages.entries()) {
      expect(stage.cpuMs).toBeGreaterThan(0);
      if (i > 0) expect(stage.ms).toBeGreaterThanOrEqual(stages[i - 1]!.ms);
    }
  });
});
