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

const TOOLS = [
  { program: "rg", apt: "ripgrep", why: "the search tool's tests" },
  ...(process.platform === "linux"
    ? [{ program: "bwrap", apt: "bubblewrap", why: "the sandbox tests and the escape matrix" }]
    : []),
  { program: "tmux", apt: "tmux", why: "the TUI end-to-end tests" },
  { program: "chromium", apt: "chromium", why: "the HTML timeline test", override: "CHROMIUM_PATH" },
];

const onPath = (program) =>
  spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
const missing = TOOLS.filter((t) => !(t.override && process.env[t.override]) && !onPath(t.program));
const install = `sudo apt-get install -y ${missing.map((t) => t.apt).join(" ")}`;
for (const t of missing)
  process.stderr.write(
    `npm test: ${t.program} is not installed, so ${t.why} fail — install it (Debian/Ubuntu: ${install})\n`,
  );

const turbo = spawnSync(
  "npx",
  [
    "turbo",
    "run",
    "lint",
    "deps",
    "test",
    "test:scripts",
    "--concurrency=2",
    "--continue",
    "--output-logs=new-only",
  ],
  { stdio: "inherit" },
);
if (missing.length > 0)
  process.stderr.write(
    `npm test: failed for want of ${missing.map((t) => t.program).join(", ")} (${install})\n`,
  );
process.exit(turbo.status !== 0 || missing.length > 0 ? 1 : 0);
