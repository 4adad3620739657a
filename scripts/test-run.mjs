#!/usr/bin/env node
/**
 * `npm test`: every package's lint, build and tests through turbo with `--continue` (one failing
 * package never hides the rest; the exit code is non-zero when any failed), after checking that
 * this machine has the programs the tests drive. A missing one is one line naming the tests that
 * need it and the command that installs it — the suite still runs, and still fails at the end,
 * since those tests cannot prove anything without it.
 *   ripgrep (rg)  the `search` tool's fast path
 *   bubblewrap    the command sandbox and the escape matrix (Linux)
 *   tmux          the TUI end-to-end tests (the real binary in a terminal)
 *   chromium      the HTML timeline checked in a real browser (`CHROMIUM_PATH` overrides)
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export function requiredPrograms(platform = process.platform) {
  return [
    { program: "rg", apt: "ripgrep", why: "the search tool's tests" },
    ...(platform === "linux"
      ? [{ program: "bwrap", apt: "bubblewrap", why: "the sandbox tests and the escape matrix" }]
      : []),
    { program: "tmux", apt: "tmux", why: "the TUI end-to-end tests" },
    { program: "chromium", apt: "chromium", why: "the HTML timeline test", override: "CHROMIUM_PATH" },
  ];
}

/** The lines to print before the suite runs and after it, for the programs `onPath` lacks. */
export function missingPrograms(onPath, env = process.env, platform = process.platform) {
  const missing = requiredPrograms(platform).filter(
    (t) => !(t.override && env[t.override]) && !onPath(t.program),
  );
  const install = `sudo apt-get install -y ${missing.map((t) => t.apt).join(" ")}`;
  return {
    missing: missing.map((t) => t.program),
    before: missing.map(
      (t) =>
        `npm test: ${t.program} is not installed, so ${t.why} fail — install it (Debian/Ubuntu: ${install})`,
    ),
    after:
      missing.length > 0
        ? [`npm test: failed for want of ${missing.map((t) => t.program).join(", ")} (${install})`]
        : [],
  };
}

/** Every task of every package, two at a time (this machine's cores), none stopping the others. */
export const TURBO_ARGS = [
  "turbo",
  "run",
  "lint",
  "deps",
  "test",
  "test:scripts",
  "--concurrency=2",
  "--continue",
  "--output-logs=new-only",
];

export const suiteExitCode = (turboStatus, missing) => (turboStatus !== 0 || missing.length > 0 ? 1 : 0);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const onPath = (program) =>
    spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
  const check = missingPrograms(onPath);
  for (const line of check.before) process.stderr.write(`${line}\n`);
  const turbo = spawnSync("npx", TURBO_ARGS, { stdio: "inherit" });
  for (const line of check.after) process.stderr.write(`${line}\n`);
  process.exit(suiteExitCode(turbo.status ?? 1, check.missing));
}
