/**
 * Terminals (the deferred terminal family) never outlive the session: a `picasso -p` turn starts
 * one through tool_call whose shell leaves a `sleep` running in its process group; when the turn
 * ends and Picasso exits, the whole group is gone (found on the host by its unique argument).
 */
import { afterEach, describe, expect, it } from "vitest";
import { hostPids, picasso, script, uniqueMarker, workspace } from "./cli-harness.js";

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

describe("terminals end with the session", () => {
  it("kills a terminal's whole process group when picasso -p exits", async () => {
    const dir = workspace();
    const mark = uniqueMarker();
    const s = script(dir, {
      steps: [
        {
          tool_calls: [
            {
              name: "tool_call",
              input: {
                name: "terminal_start",
                arguments: {
                  command: `sleep 300.${mark} & echo started; wait`,
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
    // The sleep ran (the terminal printed "started" after it began)…
    expect(run.stdout).toContain("The server is up.");
    // …and Picasso has exited: the terminal's group, the sleep included, was killed before it did.
    const left = hostPids(`sleep 300.${mark}`);
    leftovers.push(...left);
    expect(left).toEqual([]);
  });
});
