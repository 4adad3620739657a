/**
 * A project's `.mcp.json` that the user has not approved is asked about before the session opens:
 * "Start without it" leaves its servers out (and says how to approve later); "Approve and use it"
 * records the approval for exactly that content, and the next start asks nothing.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

const MCP = JSON.stringify({ mcpServers: { notes: { command: "node", args: ["notes-server.js"] } } });

describe("picasso TUI: project configuration needs approval", { timeout: 120_000 }, () => {
  it("asks at start; declining starts without it; approving remembers it", async () => {
    tui = new TmuxTui({ files: { ".mcp.json": MCP }, width: 160, height: 40 }).start();
    const asked = await tui.waitFor("you have not approved it");
    expect(asked).toContain(
      ".mcp.json (not approved yet): it starts 1 MCP server: notes (node notes-server.js)",
    );
    expect(asked).toContain("Approve and use it");
    tui.press("Down");
    tui.press("Enter");
    await tui.waitFor("mock (no key set)");
    expect(existsSync(join(tui.home, "trust.json"))).toBe(false);
    const home = tui.home;

    tui.restart();
    await tui.waitFor("you have not approved it");
    tui.press("Enter");
    await tui.waitFor("mock (no key set)");
    const trust = JSON.parse(readFileSync(join(home, "trust.json"), "utf8"));
    expect(Object.keys(Object.values(trust.workspaces)[0] as object), JSON.stringify(trust)).toEqual([
      ".mcp.json",
    ]);

    tui.restart();
    const screen = await tui.waitFor("mock (no key set)");
    expect(screen).not.toContain("you have not approved it");
  });
});
