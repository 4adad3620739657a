/**
 * `picasso context pin` / `unpin` through the built binary, offline: a real headless session
 * against the mock, then pins added, listed and taken off in its saved log (`context_pin` events
 * a resume folds); a session held by a live picasso (its lock names a live process) is refused in
 * one line and its log is left byte for byte as it was; mistakes are one line, exit 2.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { foldEvents } from "@picasso/engine";
import { readLogFileAll } from "@picasso/protocol";
import { bootId, processStartTime } from "@picasso/workspace";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

async function sessionIn(dir: string): Promise<{ sessionId: string; logPath: string }> {
  const path = script(dir, { steps: [{ text: "hello" }] });
  const run = await picasso(dir, [
    "-p",
    "hi",
    "--output-format",
    "json",
    "--provider",
    "mock",
    "--mock-script",
    path,
  ]);
  expect(run.exitCode, String(run.stderr)).toBe(0);
  return JSON.parse(run.stdout as string);
}

describe("picasso context pin / unpin", () => {
  it("pins, lists and unpins in a saved session's log, which a resume folds", async () => {
    const dir = workspace();
    const { sessionId, logPath } = await sessionIn(dir);
    expect((await picasso(dir, ["context", "pin"])).stdout).toBe(
      `Nothing is pinned in session ${sessionId}; picasso context pin <text> pins a decision every compaction keeps.`,
    );
    const pinned = await picasso(dir, ["context", "pin", "Use", "tabs,", "never", "spaces"]);
    expect(pinned.stderr).toBe("");
    expect(pinned.stdout).toBe(
      `Pinned in session ${sessionId}; every compaction keeps:\n1. Use tabs, never spaces`,
    );
    await picasso(dir, ["context", "pin", "--session", sessionId.slice(0, 12), "Ship behind a flag"]);
    expect((await picasso(dir, ["context", "pin"])).stdout).toBe(
      `Pinned in session ${sessionId}:\n1. Use tabs, never spaces\n2. Ship behind a flag`,
    );
    const unpinned = await picasso(dir, ["context", "unpin", "1"]);
    expect(unpinned.stdout).toBe(`Unpinned in session ${sessionId}; pinned now:\n1. Ship behind a flag`);
    const events = readFileSync(logPath, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const pins = events.filter((e) => e.type === "context_pin");
    expect(pins.map((e) => [e.action, e.text])).toEqual([
      ["pin", "Use tabs, never spaces"],
      ["pin", "Ship behind a flag"],
      ["unpin", "Use tabs, never spaces"],
    ]);
    // The log goes on numbering: every seq once, in order.
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    // A mistake: one line, exit 2, nothing written.
    const wrong = await picasso(dir, ["context", "unpin", "7"]);
    expect(wrong.exitCode).toBe(2);
    expect(String(wrong.stderr).trim()).toBe(
      'picasso: unpin: give a pin\'s number from 1 to 1 (as pin lists them), got "7"',
    );
    // The fold a resume starts from holds them.
    expect(foldEvents((await readLogFileAll(logPath)).events).pins).toEqual(["Ship behind a flag"]);
  });

  it("refuses a session a running picasso holds, and leaves its log as it was", async () => {
    const dir = workspace();
    const { sessionId, logPath } = await sessionIn(dir);
    // This test process stands for the running picasso holding the session's lock.
    const lock = join(dirname(logPath), `${sessionId}.lock`);
    writeFileSync(
      lock,
      JSON.stringify({ pid: process.pid, start: processStartTime(process.pid), boot: bootId() }),
    );
    const before = readFileSync(logPath);
    const refused = await picasso(dir, ["context", "pin", "Use tabs"]);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr).trim()).toBe(
      `picasso: session ${sessionId} is open in a running picasso (pid ${process.pid}); pin there with /pin or /unpin, or close it first — its log was not changed`,
    );
    expect(readFileSync(logPath).equals(before)).toBe(true);
    expect(readFileSync(lock, "utf8")).toContain(`"pid":${process.pid}`);
  });
});
