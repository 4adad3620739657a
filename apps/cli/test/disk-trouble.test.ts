/**
 * The fault matrix's disk row (the full disk is in kill-matrix.test.ts): the sessions folder on a
 * read-only filesystem (a real read-only bind mount, made with bubblewrap — permission bits do not
 * stop root), and the log deleted mid-session. Each is told in one line; the turn still finishes.
 */
import { mkdirSync, readdirSync } from "node:fs";
import { projectSessionsDir } from "@picasso/engine";
import { probeSandbox } from "@picasso/tools";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { BIN, picasso, script, workspace } from "./cli-harness.js";

const STEPS = (command: string) => [
  { match: "start", tool_calls: [{ name: "bash", input: { command } }] },
  { text: "all done" },
];

describe("disk trouble", { timeout: 120_000 }, () => {
  it("a log deleted mid-session: said once, the turn finishes", async () => {
    const dir = workspace();
    const sessions = projectSessionsDir(process.env.PICASSO_HOME!, dir);
    const s = script(dir, { steps: STEPS(`rm -f '${sessions}'/*.jsonl`) });
    // Unsandboxed: inside the sandbox PICASSO_HOME is hidden, so the command could not reach the log.
    const run = await picasso(dir, [
      "-p",
      "start",
      "--provider",
      "mock",
      "--mock-script",
      s,
      "--allow",
      "bash",
      "--sandbox",
      "off",
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("all done");
    const told = (run.stderr as string).split("\n").filter((l) => l.includes("session log"));
    expect(told).toEqual([
      expect.stringMatching(
        /^picasso: the session log .*\.jsonl was deleted while the session ran; the session goes on/,
      ),
    ]);
    expect(readdirSync(sessions).filter((f) => f.endsWith(".jsonl"))).toEqual([]);
  });

  it.runIf(probeSandbox().available)(
    "a read-only sessions folder: said once, the turn finishes",
    async () => {
      const dir = workspace();
      const sessions = projectSessionsDir(process.env.PICASSO_HOME!, dir);
      mkdirSync(sessions, { recursive: true });
      const s = script(dir, { steps: STEPS("echo hi") });
      const run = await execa(
        "bwrap",
        [
          "--bind",
          "/",
          "/",
          "--dev",
          "/dev",
          "--proc",
          "/proc",
          "--ro-bind",
          sessions,
          sessions,
          "--",
          "node",
          BIN,
          "-p",
          "start",
          "--provider",
          "mock",
          "--mock-script",
          s,
          "--allow",
          "bash",
          "--sandbox",
          "off",
        ],
        { cwd: dir, reject: false, timeout: 60_000 },
      );
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toBe("all done");
      const told = run.stderr.split("\n").filter((l) => l.includes("session log"));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(
        /^picasso: cannot write the session log .* \(its folder is not writable\); the session goes on/,
      );
      expect(readdirSync(sessions)).toEqual([]);
    },
  );
});
