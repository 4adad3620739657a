/**
 * The TUI end to end: start on the demo model and run its greeting's `run ls` (output on rows of
 * its own), compact and resume with --continue (the real prompt replayed, not the summary); on the
 * mock, type a prompt and see the streamed reply, open
 * /context and /context timeline, use an unknown command, leave with Ctrl+C twice; answer an
 * ask_user question; NO_COLOR at 60 columns.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MAP_CATEGORIES, TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI", { timeout: 120_000 }, () => {
  it("starts on the demo model, which runs `run ls` as the first prompt; --continue after /compact replays the prompt", async () => {
    tui = new TmuxTui({ height: 40, files: { "alpha.txt": "a\n", "beta.txt": "b\n" } }).start();
    // The first frame comes before the session opens; the hint follows once it has.
    const screen = await tui.waitFor("No provider is configured");
    expect(screen).toContain("mock (no key set)");
    expect(screen).toContain("ANTHROPIC_API_KEY");
    expect(screen).toMatch(/│ default │ ctx ~[\d.]+k\/200k/);

    // The greeting's own suggestion works as the session's first prompt.
    await tui.send("run ls");
    await tui.waitFor("Allow bash?");
    tui.press("1");
    const answer = await tui.waitFor("finished with exit code 0");
    // The reply's output keeps its lines: each file name on a row of its own, below the sentence
    // that introduces it (the tool line above shows the output too).
    const all = tui.visibleRows();
    const rows = all.slice(all.findIndex((row) => row.includes("finished with exit code 0")));
    expect(rows.some((row) => /^\W*alpha\.txt\W*$/.test(row))).toBe(true);
    expect(rows.some((row) => /^\W*beta\.txt\W*$/.test(row))).toBe(true);
    expect(answer).not.toContain("can only read files");

    await tui.send("/compact");
    await tui.waitFor(/compacted \d+ messages \(manual\)/);
    tui.restart(["--continue"]);
    const resumed = await tui.waitFor("— conversation compacted (manual)");
    expect(resumed).toContain("› run ls");
    expect(resumed).not.toContain("conversation-summary");
  });

  it("streams the reply to a prompt, shows /context, and exits on Ctrl+C twice", async () => {
    tui = new TmuxTui({
      script: [
        "steps:",
        '  - match: "summarise"',
        '    text: "## Summary\\n\\nThe project has **two** parts:\\n\\n- the `engine`\\n- the screen"',
      ].join("\n"),
    }).start();
    await tui.send("summarise the repo");
    const reply = await tui.waitFor("• the screen");
    expect(reply).toContain("› summarise the repo");
    expect(reply).toContain("Summary");
    expect(reply).not.toContain("## Summary");
    expect(reply).toContain("The project has two parts:");
    await tui.waitFor(/│ cache \d+% │/);

    await tui.send("/context");
    const panel = await tui.waitFor("other Tier-2");
    expect(panel).toMatch(/Context window: \S+ of 200k used \([\d.]+%\), \S+ free/);
    for (const category of MAP_CATEGORIES) expect(panel).toContain(category);
    tui.press("End");
    await tui.waitFor("events (newest first)");
    tui.press("Escape");
    await tui.waitFor(/\/context: \S+ of 200k tokens in use/);

    await tui.send("/context timeline");
    const timeline = await tui.waitFor(/Context timeline · 1 step|the context timeline is not available yet/);
    expect(timeline).toMatch(/› t1 s0 +█*▓*░* +\S+/);
    expect(timeline).toContain("n/p drop · Enter expand");
    tui.press("Enter");
    await tui.waitFor(/read [\d,]+ · write [\d,]+ · uncached [\d,]+ · output [\d,]+/);
    // The step's own entries: what its request sent first; the reply is sent by no later step.
    await tui.waitFor(/entered: session facts [\d.]+ [KM]?B · user [\d.]+ [KM]?B/);
    await tui.waitFor(/after it: assistant [\d.]+ [KM]?B/);
    tui.press("Escape");
    await tui.waitFor("/context timeline: 1 step, 0 prefix drops");

    await tui.send("/contxt");
    await tui.waitFor("unknown command /contxt — did you mean /context?");

    tui.press("C-c");
    await tui.waitFor("press Ctrl+C again to exit");
    tui.press("C-c");
    const end = await tui.waitFor("[exited 0]");
    // picasso is not on the PATH here: the hint names the command that works.
    // The hint wraps where the checkout path puts it; tmux drops the space at a wrap.
    expect(end.replace(/\n/g, "")).toMatch(
      /Session (\S+) saved — resume it with: ?(?:picasso|node ?\S+\/main\.js) ?--resume ?\1/,
    );
  });

  it("respects NO_COLOR and a 60-column terminal; Ctrl+D on an empty prompt exits", async () => {
    tui = new TmuxTui({ width: 60, env: { NO_COLOR: "1" } }).start();
    await tui.waitFor("mock (no key set)");
    const plain = tui.screen();
    expect(plain.split("\n").every((line) => line.length <= 60)).toBe(true);
    expect(plain).toMatch(/│ default/);
    expect(tui.screen(true)).not.toMatch(/\u001b\[(3[0-7]|9[0-7]|38;)/);
    tui.press("C-d");
    await tui.waitFor("[exited 0]");
  });

  it("answers the model's ask_user question from a dialog", async () => {
    tui = new TmuxTui({
      script: [
        "steps:",
        "  - tool_calls:",
        "      - { name: ask_user, input: { question: 'Which greeting?', choices: [hello, howdy] } }",
        '  - text: "Noted."',
      ].join("\n"),
    }).start();
    await tui.send("greet me");
    // The call's line names the question before the dialog is drawn: wait for the choices.
    const dialog = await tui.waitFor("2. howdy");
    expect(dialog).toContain("Which greeting?");
    tui.press("2");
    const done = await tui.waitFor("Noted.");
    expect(done).toMatch(/✓ ask_user Which greeting\?/);
    expect(done).toContain("howdy");
  });
});
