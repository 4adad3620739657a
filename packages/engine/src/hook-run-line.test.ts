import type { SessionEventOf } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { hookRunLine, hookRunShown } from "./hook-run-line.js";

const run = (over: Partial<SessionEventOf<"hook_run">>): SessionEventOf<"hook_run"> => ({
  type: "hook_run",
  event: "PreToolUse",
  source: ".claude/settings.json",
  command: "sleep 30",
  outcome: "warning",
  durationMs: 1000,
  ...over,
});

describe("the line for a hook run", () => {
  it("names the event, the file, the outcome with its message and the command", () => {
    expect(hookRunLine(run({ message: "timed out after 1 s and was killed" }))).toBe(
      "hook PreToolUse (.claude/settings.json) warning: timed out after 1 s and was killed — `sleep 30`",
    );
  });

  it("shortens a long command and shows only what the user should see", () => {
    const line = hookRunLine(run({ outcome: "blocked", command: `echo ${"x".repeat(100)}` }));
    expect(line).toBe(`hook PreToolUse (.claude/settings.json) blocked — \`echo ${"x".repeat(54)}…\``);
    expect(hookRunShown(run({ outcome: "ok" }))).toBe(false);
    expect(hookRunShown(run({ outcome: "allowed" }))).toBe(false);
    expect(hookRunShown(run({ outcome: "continued" }))).toBe(true);
  });
});
