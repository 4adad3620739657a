/**
 * An unusable state folder (PICASSO_HOME) stops every command — each subcommand and the root
 * command, with and without -p — with exit code 2 and one line naming the path, never a stack
 * trace. Running as root, permission bits do not stop writes, so the read-only cases are checked
 * only for other users; the file-shaped cases are checked for everyone.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUBCOMMANDS } from "../src/commands/index.js";
import { picasso, workspace } from "./cli-harness.js";

const base = mkdtempSync(join(tmpdir(), "picasso-bad-home-"));
const file = join(base, "a-file");
writeFileSync(file, "not a folder\n");
const withSessionsFile = join(base, "home-with-sessions-file");
mkdirSync(withSessionsFile);
writeFileSync(join(withSessionsFile, "sessions"), "");

const homes: [string, string][] = [
  ["a regular file", file],
  ["a path under a regular file", join(file, "home")],
  ["a folder whose sessions folder is a file", join(withSessionsFile)],
];
if (process.getuid?.() !== 0) {
  const readOnly = join(base, "read-only");
  mkdirSync(readOnly, { mode: 0o555 });
  chmodSync(readOnly, 0o555);
  homes.push(
    ["a read-only folder", readOnly],
    ["a missing folder in a read-only one", join(readOnly, "home")],
  );
}

/** Every command of the binary, each with arguments that would otherwise make it do its work. */
const commands: string[][] = [
  [],
  ["-p", "hi", "--provider", "mock"],
  // `eval`, `mcp`, `sandbox` and `workflow` are groups: one command of each.
  ...Object.keys(SUBCOMMANDS).map((name) =>
    name === "eval"
      ? ["eval", "navigation", "--cases", "c.yml"]
      : name === "mcp"
        ? ["mcp", "list"]
        : name === "sandbox"
          ? ["sandbox", "check"]
          : name === "workflow"
            ? ["workflow", "run", "release"]
            : [name],
  ),
  ["context", "timeline", "--last"],
  ["tools", "search", "web"],
];

describe("an unusable PICASSO_HOME", () => {
  it("covers every subcommand", () => {
    expect(Object.keys(SUBCOMMANDS).sort()).toEqual([
      "acp",
      "compact",
      "context",
      "eval",
      "init",
      "mcp",
      "memory",
      "mock-server",
      "probe",
      "sandbox",
      "sessions",
      "tools",
      "trust",
      "workflow",
    ]);
  });

  for (const [what, home] of homes)
    it(`${what}: every command exits 2 with one line naming the path`, async () => {
      const dir = workspace();
      const runs = await Promise.all(
        commands.map(async (args) => ({
          args,
          run: await picasso(dir, args, { env: { PICASSO_HOME: home } }),
        })),
      );
      for (const { args, run } of runs) {
        const lines = String(run.stderr).trimEnd().split("\n");
        expect({ args, exitCode: run.exitCode, lines: lines.length, stdout: run.stdout }).toEqual({
          args,
          exitCode: 2,
          lines: 1,
          stdout: "",
        });
        expect(lines[0]).toMatch(/^picasso: (PICASSO_HOME|the sessions folder) /);
        expect(lines[0]).toContain(home === withSessionsFile ? join(home, "sessions") : home);
        expect(lines[0]).not.toMatch(/internal error|\bat .*:\d+:\d+/);
      }
    });
});
