/**
 * `npm test`'s driver (test-run.mjs): a missing program is named before and after the suite with
 * the one command that installs every missing one, `CHROMIUM_PATH` stands in for chromium, the
 * suite is one turbo run that does not stop at a failing package, and any failure — a task or a
 * missing program — makes the exit code non-zero.
 */
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the repository's tooling, without types
import { missingPrograms, suiteExitCode, TURBO_ARGS } from "./test-run.mjs";

describe("npm test's driver", () => {
  it("names each missing program and one apt line for all of them", () => {
    const check = missingPrograms((p: string) => p === "rg", {}, "linux");
    expect(check.missing).toEqual(["bwrap", "tmux", "chromium"]);
    expect(check.before[0]).toBe(
      "npm test: bwrap is not installed, so the sandbox tests and the escape matrix fail — install it (Debian/Ubuntu: sudo apt-get install -y bubblewrap tmux chromium)",
    );
    expect(check.after).toEqual([
      "npm test: failed for want of bwrap, tmux, chromium (sudo apt-get install -y bubblewrap tmux chromium)",
    ]);
  });

  it("takes CHROMIUM_PATH for chromium, asks bubblewrap only on Linux, says nothing when all are there", () => {
    expect(missingPrograms(() => false, { CHROMIUM_PATH: "/opt/c" }, "darwin").missing).toEqual([
      "rg",
      "tmux",
    ]);
    expect(missingPrograms(() => true, {}, "linux")).toEqual({ missing: [], before: [], after: [] });
  });

  it("runs every package's tasks without stopping at a failure, and fails if anything failed", () => {
    expect(TURBO_ARGS).toContain("--continue");
    expect(TURBO_ARGS.slice(2, 6)).toEqual(["lint", "deps", "test", "test:scripts"]);
    expect(suiteExitCode(0, [])).toBe(0);
    expect(suiteExitCode(1, [])).toBe(1);
    expect(suiteExitCode(0, ["tmux"])).toBe(1);
  });
});
