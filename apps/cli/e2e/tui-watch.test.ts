/**
 * Watched work in the TUI: a prompt the model scheduled comes due while the session is idle and
 * runs a turn of its own — shown as a `⏰ schedule:` notice line, not as a prompt — and `/watch`
 * lists what is still armed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI: wake-ups", { timeout: 120_000 }, () => {
  it("a scheduled prompt wakes the idle session and runs its turn; /watch lists the pending ones", async () => {
    tui = new TmuxTui({
      script: [
        "steps:",
        '  - match: "remind me"',
        "    tool_calls:",
        '      - { name: tool_call, input: { name: schedule, arguments: { in_seconds: 2, prompt: "look at the build again" } } }',
        '      - { name: tool_call, input: { name: schedule, arguments: { in_seconds: 3600, prompt: "much later", name: "nightly" } } }',
        '  - { match: "Scheduled sch-2", text: "I will look again in a moment." }',
        '  - { match: "look at the build again", text: "The build is green." }',
      ].join("\n"),
    }).start();
    await tui.waitFor("/help for keys");
    await tui.send("remind me to check the build");
    await tui.waitFor("I will look again in a moment.");
    const woken = await tui.waitFor("The build is green.");
    expect(woken).toMatch(/⏰ schedule: Scheduled prompt sch-1/);
    expect(woken.indexOf("⏰ schedule")).toBeLessThan(woken.indexOf("The build is green."));
    await tui.send("/watch");
    await tui.waitFor(/sch-2: "nightly" due in \d+ s: much later/);
    const sessions = projectSessionsDir(tui.home, tui.workspace);
    const log = readFileSync(
      join(sessions, readdirSync(sessions).find((f) => f.endsWith(".jsonl"))!),
      "utf8",
    );
    const inputs = log
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === "turn_start")
      .map((e) => String(e.input));
    expect(inputs).toHaveLength(2);
    expect(inputs[1]).toMatch(/^<system-reminder source="schedule">/);
  });
});
