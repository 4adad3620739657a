/**
 * Agent definitions in the TUI (headless and ACP are in apps/cli/test/agents.test.ts): `/agents`
 * is a slash command the agents extension's operation made; it lists each agent with its source,
 * file and tools, then the problems found (an unknown tool name, a broken file), and the session
 * goes on.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI: agent definitions", { timeout: 120_000 }, () => {
  it("/agents lists the agents with their tools and the problems found", async () => {
    tui = new TmuxTui({ width: 140, height: 40 });
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(tui!.workspace, path)), { recursive: true });
      writeFileSync(join(tui!.workspace, path), text);
    };
    write(
      ".claude/agents/reviewer.md",
      "---\nname: reviewer\ndescription: Reviews changes.\ntools: Read, Grep, WebFetch\n---\nBe strict.\n",
    );
    write(".picasso/agents/broken.md", "---\nname: broken\n---\nNo description.\n");
    tui.start();
    await tui.waitFor("mock (no key set)");
    await tui.send("/agents");
    const listed = await tui.waitFor(
      /reviewer \(project, \.claude\/agents\/reviewer\.md\) — tools: read, search/,
    );
    expect(listed).toContain("Reviews changes.");
    const problems = await tui.waitFor(/"WebFetch" is not a tool of this session/);
    expect(problems).toContain(".picasso/agents/broken.md: description: missing");
  });
});
