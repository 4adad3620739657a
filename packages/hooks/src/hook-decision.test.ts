import type { UserCommandRun as HookRun } from "@picasso/workspace";
import { describe, expect, it } from "vitest";
import { readHookRun } from "./hook-decision.js";

const run = (over: Partial<HookRun>): HookRun => ({
  exitCode: 0,
  stdout: "",
  stderr: "",
  timedOut: false,
  durationMs: 1,
  ...over,
});
const json = (value: unknown) => run({ stdout: JSON.stringify(value) });

describe("the hooks contract: exit codes", () => {
  it("exit 0 with nothing printed has no opinion", () => {
    expect(readHookRun("PreToolUse", run({}), 60_000)).toEqual({ decision: { kind: "none" } });
  });

  it("exit 2 blocks with stderr as the reason", () => {
    expect(readHookRun("PreToolUse", run({ exitCode: 2, stderr: "no rm -rf\n" }), 60_000).decision).toEqual({
      kind: "block",
      reason: "no rm -rf",
    });
  });

  it("another exit code, a timeout, a missing command and a failed start are warnings", () => {
    const warning = (r: HookRun) => readHookRun("PostToolUse", r, 5_000).decision;
    expect(warning(run({ exitCode: 1, stderr: "oops\nmore" }))).toEqual({
      kind: "warning",
      message: "exit code 1: oops",
    });
    expect(warning(run({ exitCode: null, timedOut: true }))).toEqual({
      kind: "warning",
      message: "timed out after 5 s and was killed",
    });
    expect(warning(run({ exitCode: 127, stderr: "bash: nope: command not found" }))).toEqual({
      kind: "warning",
      message: "command not found (exit code 127: bash: nope: command not found)",
    });
    expect(warning(run({ exitCode: null, spawnError: "spawn bash ENOENT" }))).toEqual({
      kind: "warning",
      message: "could not start: spawn bash ENOENT",
    });
  });

  it("plain stdout is context for UserPromptSubmit and SessionStart only", () => {
    expect(readHookRun("SessionStart", run({ stdout: "branch: main\n" }), 1).context).toBe("branch: main");
    expect(readHookRun("PostToolUse", run({ stdout: "branch: main\n" }), 1).context).toBeUndefined();
  });
});

describe("the hooks contract: JSON on stdout", () => {
  it("decision block and approve, with their reason", () => {
    expect(
      readHookRun("PostToolUse", json({ decision: "block", reason: "lint failed" }), 1).decision,
    ).toEqual({
      kind: "block",
      reason: "lint failed",
    });
    expect(readHookRun("PreToolUse", json({ decision: "approve", reason: "safe" }), 1).decision).toEqual({
      kind: "allow",
      reason: "safe",
    });
  });

  it("PreToolUse permissionDecision allow, deny and ask", () => {
    const decide = (permissionDecision: string) =>
      readHookRun(
        "PreToolUse",
        json({ hookSpecificOutput: { permissionDecision, permissionDecisionReason: "because" } }),
        1,
      ).decision;
    expect(decide("deny")).toEqual({ kind: "block", reason: "because" });
    expect(decide("allow")).toEqual({ kind: "allow", reason: "because" });
    expect(decide("ask")).toEqual({ kind: "ask", reason: "because" });
    expect(decide("maybe")).toEqual({
      kind: "warning",
      message: 'printed an unknown permissionDecision "maybe"',
    });
  });

  it("continue: false stops with stopReason; additionalContext and systemMessage are kept", () => {
    const verdict = readHookRun(
      "UserPromptSubmit",
      json({
        continue: false,
        stopReason: "frozen",
        systemMessage: "note",
        hookSpecificOutput: { additionalContext: "ctx" },
      }),
      1,
    );
    expect(verdict).toEqual({ decision: { kind: "none" }, stop: "frozen", notice: "note", context: "ctx" });
  });

  it("invalid JSON and an unknown decision are warnings", () => {
    expect(readHookRun("Stop", run({ stdout: "{not json" }), 1).decision.kind).toBe("warning");
    expect(readHookRun("Stop", run({ stdout: "{not json" }), 1).decision).toMatchObject({
      message: expect.stringMatching(/^printed invalid JSON on stdout/),
    });
    expect(readHookRun("Stop", json({ decision: "later" }), 1).decision).toEqual({
      kind: "warning",
      message: 'printed an unknown decision "later"',
    });
  });
});
