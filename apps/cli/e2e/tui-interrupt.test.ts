/**
 * Esc interrupts a long-running bash call; the session stays usable. SIGTERM ends the TUI like
 * leaving it mid-turn: the bash call's processes are killed, the log is ended, the resume hint is
 * printed and the exit code is 143. (Steps carry no `match`: in auto mode the newest user text the
 * mock sees is the mode reminder, not the prompt.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { afterEach, describe, expect, it } from "vitest";
import { hostPids, uniqueMarker } from "../test/cli-harness.js";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI interrupt", { timeout: 120_000 }, () => {
  it("stops a long bash with Esc", async () => {
    tui = new TmuxTui({
      args: ["--mode", "auto"],
      script: [
        "steps:",
        "  - tool_calls:",
        "      - { name: bash, input: { command: 'sleep 60' } }",
        '  - text: "Still here."',
      ].join("\n"),
    }).start();
    await tui.send("wait for it");
    await tui.waitFor("… bash sleep 60");
    const started = Date.now();
    tui.press("Escape");
    const screen = await tui.waitFor("interrupted — the session is intact");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(screen).toMatch(/■ bash sleep 60 interrupted|✗ bash sleep 60 failed/);
    // The "interrupting…" line goes once the turn has ended, not at the next prompt.
    await tui.waitUntil((s) => !s.includes("interrupting…"), "the interrupting… line to clear");
    await tui.send("again");
    await tui.waitFor("Still here.");
  });

  it("ends on SIGTERM: the bash call's sleep is killed, the log ended, exit 143", async () => {
    const mark = uniqueMarker();
    tui = new TmuxTui({
      args: ["--mode", "auto"],
      script: [
        "steps:",
        "  - tool_calls:",
        `      - { name: bash, input: { command: 'sleep 300.${mark} & wait' } }`,
        '  - text: "not reached"',
      ].join("\n"),
    }).start();
    await tui.send("start it");
    // Found on the host by their command lines: inside the sandbox $! and $PPID are the namespace's.
    const sleepPid = await waitForValue(() => hostPids(`sleep 300.${mark}`)[0], "the sleep to start");
    const picassoPid = hostPids(join(tui.root, "script.yaml")).find((pid) => commOf(pid) === "node");
    if (picassoPid === undefined) throw new Error("no picasso process found for this TUI");
    process.kill(picassoPid, "SIGTERM");
    const end = await tui.waitFor("[exited 143]");
    // The hint wraps where the checkout path puts it; tmux drops the space at a wrap.
    expect(end.replace(/\n/g, "")).toMatch(
      /Session (\S+) saved — resume it with: ?(?:picasso|node ?\S+main\.js) ?--resume ?\1/,
    );
    await tui.waitUntil(() => !isAlive(sleepPid), "the sleep to be gone");
    const sessions = projectSessionsDir(tui.home, tui.workspace);
    const log = readdirSync(sessions).find((f) => f.endsWith(".jsonl"))!;
    const types = readFileSync(join(sessions, log), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).type);
    expect(types.slice(-3)).toEqual(["interrupt", "turn_end", "session_end"]);
  });
});

function commOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

async function waitForValue<T>(check: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}
