/**
 * Custom commands in the TUI (CLI and ACP are in apps/cli/test/custom-commands.test.ts): a
 * Claude Code user's `.claude/commands/review.md` is a slash command, completed from `/rev`,
 * listed by `/help` with its argument hint; running it sends the expanded prompt (the mock
 * answers only when the arguments and the `@file` content arrived); a broken command file is one
 * warning naming it, and the session goes on.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui, type TuiOptions } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI: custom commands", { timeout: 120_000 }, () => {
  it("/review is completed, listed by /help and sends its expanded prompt", async () => {
    const options: TuiOptions = {
      files: { "notes.md": "NOTES-CONTENT-5678\n" },
      width: 120,
      height: 40,
      script: [
        "steps:",
        '  - match: "/Review @notes\\\\.md for speed only\\\\.[\\\\s\\\\S]*NOTES-CONTENT-5678/"',
        '    text: "TUI-REVIEW-OK"',
        '  - text: "UNEXPECTED-PROMPT"',
      ].join("\n"),
    };
    tui = new TmuxTui(options);
    // The user's own command folders stay out: HOME is the test's.
    options.env = { HOME: tui.home };
    const commands = join(tui.workspace, ".claude", "commands");
    mkdirSync(commands, { recursive: true });
    writeFileSync(
      join(commands, "review.md"),
      "---\ndescription: Review a file for one concern\nargument-hint: <file> <concern>\n---\nReview @$1 for $2 only.\n",
    );
    writeFileSync(join(commands, "broken.md"), "---\ndescription: [unclosed\n---\nbody\n");
    tui.start();
    await tui.waitFor(".claude/commands/broken.md: not used: front matter not valid YAML");
    await tui.waitFor("│ › ");
    tui.type("/rev");
    await tui.waitFor(/› \/review +Review a file for one concern \(project claude command\)/);
    tui.press("C-u");
    await tui.send("/help");
    await tui.waitFor(/\/review <file> <concern> — Review a file for one concern \(project claude command\)/);
    await tui.send("/review notes.md speed");
    const screen = await tui.waitFor("TUI-REVIEW-OK");
    expect(screen).not.toContain("UNEXPECTED-PROMPT");
    expect(screen).toContain("Review @notes.md for speed only.");
  });
});
