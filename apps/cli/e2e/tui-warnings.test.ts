/**
 * The TUI tells the user, on start, what is wrong with the workspace's instruction files: one
 * notice per problem naming the file — an AGENTS.md cut at the 8 KB cap, a binary CLAUDE.md left
 * out of Tier 1.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI instruction-file warnings", { timeout: 120_000 }, () => {
  it("shows a notice for an AGENTS.md over the cap and for a binary CLAUDE.md", async () => {
    const rules = Array.from({ length: 3000 }, (_, i) => `- rule ${i + 1}: keep the build green.`).join("\n");
    tui = new TmuxTui({
      files: { "AGENTS.md": `# Rules\n${rules}\n`, "CLAUDE.md": "rules\u0000\u0001\u0002" },
      width: 160,
    }).start();
    const screen = await tui.waitFor("AGENTS.md: instructions cut at the 8192-byte cap");
    expect(screen).toContain(
      "CLAUDE.md: binary content (NUL bytes), not text; left out of the instruction index",
    );
    expect(screen).toMatch(/the model sees up to line \d+ unless it reads the rest/);
    await tui.waitFor("mock (no key set)");
  });
});
