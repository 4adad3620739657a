/**
 * MCP beyond tools in the real TUI, with the real everything server from npm configured in the
 * user's `mcp.json` and its catalog cached (`picasso mcp refresh`, as a user would have run):
 * `/mcp` shows the server cataloged and not started; its `args-prompt` is a slash command whose
 * text is sent as the turn; a long call shows its progress on the running tool line; the server's
 * elicitation is a question dialog — accepted, the required name typed, the optional fields left
 * at their defaults — and the answer reaches the tool's result (the mock replies only when it sees
 * the name there). `/mcp:login` of an OAuth-protected server opens the authorization URL with the
 * platform's opener (a stand-in `xdg-open` on PATH that writes it down), the test's user agent
 * approves it, and `/mcp` then shows a token stored.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { approveInBrowser, startOAuthTestServer } from "@picasso/mcp/testing";
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

  it("/mcp:login opens the authorization URL in the browser; once approved, /mcp shows a token stored", async () => {
    const server = await startOAuthTestServer();
    try {
      // The platform's opener, stood in for on PATH: it writes down the URL it was given.
      const bin = mkdtempSync(join(tmpdir(), "picasso-e2e-opener-"));
      const opened = join(bin, "opened-url");
      writeFileSync(join(bin, "xdg-open"), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
      chmodSync(join(bin, "xdg-open"), 0o755);
      tui = new TmuxTui({
        width: 140,
        height: 40,
        script: 'steps:\n  - text: "unused"\n',
        env: { PATH: `${bin}:${process.env.PATH ?? ""}` },
      });
      writeFileSync(
        join(tui.home, "mcp.json"),
        JSON.stringify({ mcpServers: { guarded: { type: "http", url: server.url } } }),
      );
      tui.start();
      await tui.send("/mcp:login guarded");
      await tui.waitFor(/127\.0\.0\.1:\d+\/authorize/);
      const started = Date.now();
      while (!existsSync(opened) && Date.now() - started < 15_000)
        await new Promise((r) => setTimeout(r, 50));
      const url = new URL(readFileSync(opened, "utf8"));
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect((await approveInBrowser(url)).status).toBe(200);
      // The login finishes in the background: /mcp then shows the token stored (and never the token).
      let screen = "";
      for (let i = 0; i < 20 && !/guarded +http[\s\S]*token stored/.test(screen); i++) {
        await tui.send("/mcp");
        screen = await tui.waitFor(/guarded +http/);
        await new Promise((r) => setTimeout(r, 250));
        screen = tui.screen();
      }
      expect(screen).toMatch(/guarded +http[\s\S]*token stored/);
      for (const token of server.auth.issued) expect(screen).not.toContain(token);
    } finally {
      await server.close();
    }
  });
});
