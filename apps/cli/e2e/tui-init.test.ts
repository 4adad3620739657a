/**
 * `/init` in the TUI (CLI and ACP are in apps/cli/test/init.test.ts): the mock's script answers
 * the init request with an AGENTS.md; the TUI shows the diff with its notes, then asks to write
 * or discard; picking "Write" writes the file and says the next session reads it. Without a
 * provider (the no-key mock standing in) `/init` is one warning line and writes nothing.
 * `picasso init` itself, on a terminal, asks "Write AGENTS.md? [y/N]" and writes only on `y`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

const PROPOSED =
  "# Demo\\n\\n## Read docs/X.md when working on Y\\n| when working on | read |\\n| --- | --- |\\n| the API | `docs/api.md` |\\n| deploys | `docs/deploy.md` |\\n";

describe("picasso TUI: /init", { timeout: 120_000 }, () => {
  it("shows the diff and its notes, asks, and writes AGENTS.md when Write is picked", async () => {
    tui = new TmuxTui({
      files: { "README.md": "# Demo\nA demo project.\n" },
      width: 110,
      height: 45,
      script: ["steps:", '  - match: "Write the AGENTS.md now."', `    text: "${PROPOSED}"`].join("\n"),
    });
    mkdirSync(join(tui.workspace, "docs"));
    writeFileSync(join(tui.workspace, "docs", "api.md"), "# The API\n");
    tui.start();
    await tui.send("/init");
    const asked = await tui.waitFor(/Write AGENTS\.md \(\d+ bytes\)\?/);
    expect(asked).toContain("+++ b/AGENTS.md");
    // The TUI shows `code` spans highlighted, without their backticks.
    expect(asked).toContain("+| the API | docs/api.md |");
    expect(asked).not.toContain("```diff");
    expect(asked).toContain(
      "note: a routing row names docs/deploy.md, which is not a file in this workspace",
    );
    expect(existsSync(join(tui.workspace, "AGENTS.md"))).toBe(false);
    tui.press("Enter");
    await tui.waitFor("It takes effect in the next session");
    expect(readFileSync(join(tui.workspace, "AGENTS.md"), "utf8")).toBe(PROPOSED.replaceAll("\\n", "\n"));
  });

  it("picasso init on a terminal asks y/N: n writes nothing, y writes", async () => {
    const options = {
      args: ["init"],
      files: { "README.md": "# Demo\n" },
      width: 110,
      height: 30,
      script: [
        "steps:",
        '  - match: "Write the AGENTS.md now."',
        '    text: "# Demo\\n"',
        '  - match: "Write the AGENTS.md now."',
        '    text: "# Demo\\n"',
      ].join("\n"),
    };
    tui = new TmuxTui(options);
    tui.start();
    await tui.waitFor("Write AGENTS.md (7 bytes)? [y/N]");
    tui.type("n");
    tui.press("Enter");
    await tui.waitFor("picasso init: AGENTS.md not written");
    await tui.waitFor("[exited 0]");
    expect(existsSync(join(tui.workspace, "AGENTS.md"))).toBe(false);
    tui.restart();
    await tui.waitFor("Write AGENTS.md (7 bytes)? [y/N]");
    tui.type("y");
    tui.press("Enter");
    await tui.waitFor("picasso init: wrote AGENTS.md (7 bytes); sessions started from now on read it");
    expect(readFileSync(join(tui.workspace, "AGENTS.md"), "utf8")).toBe("# Demo\n");
  });

  it("without a provider, /init is one warning line and writes nothing", async () => {
    tui = new TmuxTui({ files: { "README.md": "# Demo\n" }, width: 110, height: 30 });
    tui.start();
    await tui.waitFor("mock (no key set)");
    await tui.send("/init");
    await tui.waitFor("/init: init needs a real model: no provider chosen and ANTHROPIC_API_KEY is not set");
    expect(existsSync(join(tui.workspace, "AGENTS.md"))).toBe(false);
  });
});
