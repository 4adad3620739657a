/**
 * Issue 34's acceptance workspace in the real TUI, driven through tmux: the shop set up as a
 * Claude Code user has it (the probe's `claude-setup` files: hooks, `/review` and `/fix-issue`,
 * agents `reviewer` and `tester`). Its hooks are asked about at start and approved; `/review`
 * runs within its allowed tools with the hook's note; `/fix-issue` delegates to the reviewer,
 * whose `bash` is refused; `@docs/checkout.png` attaches the screenshot; `/agents` lists both
 * agents and `/context` counts what hooks added and the image.
 * The mock answers a step only when its `match` arrived, so each answer on screen proves what
 * reached the model.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CHECKOUT_PNG, CLAUDE_SETUP_MARKS, claudeSetupFiles } from "@picasso/cache-probe/scenarios";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

const SCRIPT = JSON.stringify({
  steps: [
    {
      match: `/${CLAUDE_SETUP_MARKS.review}: review src\\/shop\\/cart\\.ts[\\s\\S]*${CLAUDE_SETUP_MARKS.hookContext}/`,
      tool_calls: [{ name: "bash", input: { command: "npx eslint src/shop/cart.ts" } }],
    },
    {
      match: "is not allowed during this turn: /review allows only",
      text: "REVIEW-DONE-WITHIN-READ-AND-GREP",
    },
    {
      match: `${CLAUDE_SETUP_MARKS.fixIssue}: fix issue #42 (priority high)`,
      tool_calls: [{ name: "subagent", input: { task: "Review src/shop/cart.ts", agent: "reviewer" } }],
    },
    {
      match: CLAUDE_SETUP_MARKS.reviewer,
      tool_calls: [{ name: "bash", input: { command: "wc -l src/shop/cart.ts" } }],
    },
    { match: "is not among the tools of agent reviewer", text: "REVIEWER-REFUSED-BASH" },
    { match: "REVIEWER-REFUSED-BASH", text: "FIX-ISSUE-DONE" },
    { match: `[image image/png ${CHECKOUT_PNG.length} bytes]`, text: "SAW-THE-CHECKOUT-SCREENSHOT" },
  ],
});

describe("picasso TUI: a Claude Code user's setup", { timeout: 180_000 }, () => {
  it("hooks approved at start, both commands, an agent with its tools limit, a screenshot by @path, /agents and /context", async () => {
    tui = new TmuxTui({ script: SCRIPT, width: 160, height: 45 });
    for (const [path, text] of Object.entries(claudeSetupFiles())) {
      mkdirSync(dirname(join(tui.workspace, path)), { recursive: true });
      writeFileSync(join(tui.workspace, path), text);
    }
    tui.start();
    const asked = await tui.waitFor("you have not approved it");
    expect(asked).toContain(".claude/settings.json (not approved yet): it runs hook commands:");
    tui.press("Enter");
    await tui.waitFor("/help for keys and commands");

    await tui.send("/review src/shop/cart.ts");
    await tui.waitFor("REVIEW-DONE-WITHIN-READ-AND-GREP");

    await tui.send("/fix-issue 42 high");
    await tui.waitFor("FIX-ISSUE-DONE");

    await tui.send("Which module renders the header in @docs/checkout.png?");
    const attached = await tui.waitFor("SAW-THE-CHECKOUT-SCREENSHOT");
    expect(attached).toContain(`attached docs/checkout.png (image/png, 32×20, ${CHECKOUT_PNG.length} B)`);

    await tui.send("/agents");
    const agents = await tui.waitFor("- tester (project, .claude/agents/tester.md)");
    expect(agents).toContain("- reviewer (project, .claude/agents/reviewer.md) — tools: read, search");

    await tui.send("/context");
    await tui.waitFor("Esc close");
    tui.press("End");
    // The hooks panel: the note of each of the two turns, appended history.
    const context = await tui.waitFor(/added to context: \d+ B in 3 messages \(appended history\)/);
    expect(context).toMatch(/runs: \d+/);
    tui.press("Escape");

    // The PostToolUse hook logged every call: the refused bash of /review, the reviewer's refused
    // bash, and the subagent call itself.
    const logged = readFileSync(join(tui.workspace, ".tool-calls.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { tool_name: string }).tool_name);
    expect(logged).toEqual(["Bash", "Bash", "Task"]);
  });
});
