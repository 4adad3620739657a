/**
 * MCP beyond tools in the real TUI, with the real everything server from npm configured in the
 * user's `mcp.json` and its catalog cached (`picasso mcp refresh`, as a user would have run):
 * `/mcp` shows the server cataloged and not started; its `args-prompt` is a slash command whose
 * text is sent as the turn; a long call shows its progress on the running tool line; the server's
 * elicitation is a question dialog — accepted, the required name typed, the optional fields left
 * at their defaults — and the answer reaches the tool's result (the mock replies only when it sees
 * the name there).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { BINARY, TmuxTui } from "./tmux-tui.js";

const require = createRequire(import.meta.url);

function everythingServer(): { command: string; args: string[] } {
  const manifest = require.resolve("@modelcontextprotocol/server-everything/package.json");
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return { command: process.execPath, args: [join(dirname(manifest), Object.values(bin)[0]!), "stdio"] };
}

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI: MCP prompts, progress and elicitation", { timeout: 180_000 }, () => {
  it("/mcp, a prompt as a slash command, a progress line and an elicitation dialog", async () => {
    tui = new TmuxTui({
      args: ["--mode", "auto"],
      width: 120,
      height: 40,
      script: [
        "steps:",
        '  - match: "/Paris/"',
        '    text: "PROMPT-OK"',
        '  - match: "go long"',
        "    tool_calls:",
        "      - { name: everything_call, input: { tool: trigger-long-running-operation, arguments: { duration: 6, steps: 6 } } }",
        '  - match: "Long running operation completed"',
        "    tool_calls:",
        "      - { name: everything_call, input: { tool: trigger-elicitation-request, arguments: {} } }",
        '  - match: "Ada Lovelace"',
        '    text: "ELICIT-OK"',
        '  - text: "UNEXPECTED-INPUT"',
      ].join("\n"),
    });
    writeFileSync(
      join(tui.home, "mcp.json"),
      JSON.stringify({ mcpServers: { everything: everythingServer() } }),
    );
    const refreshed = await execa("node", [BINARY, "mcp", "refresh"], {
      cwd: tui.workspace,
      env: { PICASSO_HOME: tui.home },
      reject: false,
    });
    expect(refreshed.exitCode, refreshed.stderr).toBe(0);
    tui.start();

    await tui.send("/mcp");
    await tui.waitFor(/everything +stdio/);
    expect(tui.screen()).toMatch(/cataloged · \d+ tools/);

    await tui.send("/mcp__everything__args-prompt city=Paris");
    await tui.waitFor("PROMPT-OK");

    await tui.send("go long");
    // The running call's line carries the server's progress reports (`· 3/6 …`).
    await tui.waitFor(/everything_call.* · [1-5]\/6/, 20_000);

    // The elicitation: accept, type the one required field, leave every optional one as offered.
    await tui.waitFor("Please provide inputs", 30_000);
    tui.type("1");
    await tui.waitFor(/Your full, legal name/);
    tui.type("Ada Lovelace");
    tui.press("Enter");
    const done = await tui.waitUntil((screen) => {
      if (screen.includes("ELICIT-OK") || screen.includes("UNEXPECTED-INPUT")) return true;
      tui!.press("Enter");
      return false;
    }, "the elicitation's result");
    expect(done).toContain("ELICIT-OK");
    expect(done).not.toContain("UNEXPECTED-INPUT");
  });
});
