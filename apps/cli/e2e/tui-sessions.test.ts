/**
 * /clear starts a new session; /resume picks the old one back and shows its history. A session
 * that cannot open (nothing to continue) leaves one clean error line, not a frame above it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI sessions", { timeout: 120_000 }, () => {
  it("clears into a new session and resumes the old one from the picker", async () => {
    tui = new TmuxTui({ height: 40, script: ["steps:", '  - text: "Remembered: blue."'].join("\n") }).start();
    const first = await tui.waitFor(/new session (\S+)/);
    const firstId = /new session (\S+)/.exec(first)![1]!;
    await tui.send("my colour is blue");
    await tui.waitFor("Remembered: blue.");

    await tui.send("/clear");
    const cleared = await tui.waitFor(new RegExp(`new session (?!${firstId})\\S+`));
    expect(cleared).toContain(firstId);

    await tui.send("/resume");
    const picker = await tui.waitFor("Resume which session?");
    expect(picker).toContain("my colour is blue");
    tui.press("Enter");
    const resumed = await tui.waitFor(`resumed session ${firstId}`);
    const after = resumed.slice(resumed.lastIndexOf(`resumed session ${firstId}`));
    expect(after).toContain("› my colour is blue");
    expect(after).toContain("Remembered: blue.");
    await tui.waitFor(new RegExp(`│ ${firstId}\\s*$`, "m"));
  });

  it("--continue with no session: one clean error line where the TUI was, exit 2", async () => {
    tui = new TmuxTui({ args: ["--continue"] }).start();
    const screen = await tui.waitFor("[exited 2]");
    const lines = screen.split("\n").filter((l) => l.trim() !== "");
    expect(lines[0]).toMatch(/^picasso: no session to continue for this workspace/);
    expect(screen).not.toMatch(/[╭╰│]|starting…/);
  });
});
