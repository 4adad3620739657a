/**
 * Esc interrupts a long-running bash call; the session stays usable. (Steps carry no `match`:
 * in auto mode the newest user text the mock sees is the mode reminder, not the prompt.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI interrupt", { timeout: 120_000 }, () => {
  it("stops a long bash with Esc", async () => {
    tui = new TmuxTui({
      args: ["--mode", "auto"],
      script: [
        "steps:",
        "  - tool_calls:",
        "      - { name: bash, input: { command: 'sleep 60' } }",
        '  - text: "Still here."',
      ].join("\n"),
    }).start();
    await tui.send("wait for it");
    await tui.waitFor("… bash sleep 60");
    const started = Date.now();
    tui.press("Escape");
    const screen = await tui.waitFor("interrupted — the session is intact");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(screen).toMatch(/■ bash sleep 60 interrupted|✗ bash sleep 60 failed/);
    // The "interrupting…" line goes once the turn has ended, not at the next prompt.
    await tui.waitUntil((s) => !s.includes("interrupting…"), "the interrupting… line to clear");
    await tui.send("again");
    await tui.waitFor("Still here.");
  });
});
