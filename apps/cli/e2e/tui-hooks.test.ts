/**
 * Hooks in the TUI (docs/hooks.md): a Claude Code project's `.claude/settings.json` hooks are asked
 * about at start like any project configuration; once approved, its PreToolUse hook refuses an
 * `rm -rf` before any permission question, the refusal is a notice in the transcript, and `/hooks`
 * lists the hook with its source and approval.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

const GUARD =
  "input=$(cat); if printf '%s' \"$input\" | grep -q 'rm -rf'; then echo 'no rm -rf in this repo' >&2; exit 2; fi";
const SETTINGS = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: GUARD }] }] },
});
const SCRIPT = [
  "steps:",
  "  - tool_calls: [{ name: bash, input: { command: 'rm -rf x' } }]",
  "  - text: the hook stopped me",
].join("\n");

describe("picasso TUI: hooks", { timeout: 120_000 }, () => {
  it("an approved project hook refuses rm -rf; the refusal is a notice; /hooks lists it", async () => {
    tui = new TmuxTui({ script: SCRIPT, width: 160, height: 40 });
    for (const [path, text] of [
      [".claude/settings.json", SETTINGS],
      ["x/keep.txt", "keep\n"],
    ] as const) {
      mkdirSync(join(tui.workspace, path, ".."), { recursive: true });
      writeFileSync(join(tui.workspace, path), text);
    }
    tui.start();
    const asked = await tui.waitFor("you have not approved it");
    expect(asked).toContain(".claude/settings.json (not approved yet): it runs hook commands: PreToolUse:");
    tui.press("Enter");
    await tui.waitFor("/help for keys and commands");
    await tui.send("clean up");
    const refused = await tui.waitFor("the hook stopped me");
    expect(refused).toContain("hook PreToolUse (.claude/settings.json) blocked:");
    expect(refused).toContain("no rm -rf in this repo");
    expect(existsSync(join(tui.workspace, "x", "keep.txt"))).toBe(true);
    await tui.send("/hooks");
    // The line wraps at the screen's width: its parts are checked one by one.
    const listed = await tui.waitFor("approved, timeout 60 s)");
    expect(listed).toContain("PreToolUse [Bash]");
    expect(listed).toContain("(.claude/settings.json,");
  });
});
