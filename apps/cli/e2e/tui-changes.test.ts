/**
 * The changes extension in the TUI (the recipe's third surface; CLI and ACP are in
 * apps/cli/test/changes-extension.test.ts): `/changes` is a slash command the extension's
 * operation made, completed from `/cha`, and `/context` shows its panel.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    cwd,
    stdio: "ignore",
  });
}

describe("picasso TUI: the changes extension", { timeout: 120_000 }, () => {
  it("/changes lists what changed; /context carries the workspace changes panel", async () => {
    tui = new TmuxTui({ files: { "a.txt": "one\n" }, width: 100, height: 40 });
    git(tui.workspace, "init", "-q", "-b", "main");
    git(tui.workspace, "add", "a.txt");
    git(tui.workspace, "commit", "-q", "-m", "first");
    writeFileSync(join(tui.workspace, "a.txt"), "one\ntwo\nthree\n");
    tui.start();
    await tui.waitFor("mock (no key set)");
    await tui.send("/changes");
    const listed = await tui.waitFor(/modified +a\.txt +\+2 −0/);
    expect(listed).toContain("Uncommitted: 1 file (+2 −0)");
    await tui.send("/context");
    await tui.waitFor("Esc close");
    tui.press("End");
    // "workspace changes" is also the title of /changes's own output above, so wait for the
    // panel's own line (lower case, as the panel renders it) rather than the title.
    const panel = await tui.waitFor(/uncommitted: 1 file \(\+2 −0\)/);
    expect(panel).toContain("workspace changes");
    tui.press("Escape");
  });
});
