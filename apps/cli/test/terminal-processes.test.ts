/**
 * Terminals (the deferred terminal family) never outlive the session: a `picasso -p` turn starts
 * one through tool_call whose shell leaves a `sleep` running in its process group; when the turn
 * ends and Picasso exits, the whole group is gone.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

describe("terminals end with the session", () => {
  it("kills a terminal's whole process group when picasso -p exits", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [
        {
          tool_calls: [
            {
              name: "tool_call",
              input: {
                name: "terminal_start",
                arguments: {
                  command: "sleep 300 & echo $! > sleep.pid; echo started; wait",
                  wait_for: "started",
                },
              },
            },
          ],
        },
        { match: "started", text: "The server is up." },
      ],
    });
    const run = await picasso(dir, [
      "-p",
      "start the slow thing",
      "--allow",
      "terminal_start",
      "--output-format",
      "json",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout as string).result).toBe("The server is up.");
    const pid = Number(readFileSync(join(dir, "sleep.pid"), "utf8").trim());
    expect(pid).toBeGreaterThan(0);
    leftovers.push(pid);
    // Picasso has exited: the terminal's group, the sleep included, was killed before it did.
    expect(alive(pid)).toBe(false);
  });
});
