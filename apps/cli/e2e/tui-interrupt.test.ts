/**
 * Esc interrupts a long-running bash call; the session stays usable. SIGTERM ends the TUI like
 * leaving it mid-turn: the bash call's processes are killed, the log is ended, the resume hint is
 * printed and the exit code is 143. (Steps carry no `match`: in auto mode the newest user text the
 * mock sees is the mode reminder, not the prompt.)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { afterEach, describe, expect, it } from "vitest";
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
    tui = new TmuxTui({
      args: ["--mode", "auto"],
      script: [
        "steps:",
        "  - tool_calls:",
        "      - { name: bash, input: { command: 'echo $PPID > picasso.pid; sleep 300 & echo $! > sleep.pid; wait' } }",
        '  - text: "not reached"',
      ].join("\n"),
    }).start();
    await tui.send("start it");
    const read = (name: string) => {
      const path = join(tui!.workspace, name);
      const text = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
      return text ? Number(text) : undefined;
    };
    await tui.waitUntil(() => read("sleep.pid") !== undefined, "the sleep to start");
    const sleepPid = read("sleep.pid")!;
    // bash's parent is the sandbox (bwrap) when it runs sandboxed: walk up to the Picasso process.
    process.kill(picassoAncestor(read("picasso.pid")!), "SIGTERM");
    const end = await tui.waitFor("[exited 143]");
    expect(end.replace(/\n/g, "")).toMatch(
      /Session (\S+) saved — resume it with: (?:picasso|node \S+main\.js) --resume \1/,
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

/** The nearest ancestor of `pid` (itself included) whose command is node or picasso. */
function picassoAncestor(pid: number): number {
  let current = pid;
  for (let depth = 0; depth < 10 && current > 1; depth++) {
    const stat = readFileSync(`/proc/${current}/stat`, "utf8");
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    if (comm === "node" || comm === "picasso") return current;
    current = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  }
  throw new Error(`no node or picasso process above pid ${pid}`);
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
