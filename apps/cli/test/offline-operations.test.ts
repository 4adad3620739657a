/**
 * An extension's offline operation as a `picasso <name>` subcommand, through the built binary:
 * the changes extension's `changes` operation (mounted by the CLI's composition) runs without a
 * session, prints its text or, with `--json`, its data, and is listed by `picasso --help`.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picasso, workspace } from "./cli-harness.js";

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    cwd,
    stdio: "ignore",
  });
}

function repository(): string {
  const root = workspace({ "a.txt": "one\n" });
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "a.txt");
  git(root, "commit", "-q", "-m", "first");
  return root;
}

describe("picasso <offline operation>", () => {
  it("runs the changes operation without a session: text, --json data, and a place in --help", async () => {
    const root = repository();
    writeFileSync(join(root, "a.txt"), "one\ntwo\n");
    const text = await picasso(root, ["changes"]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("a.txt");
    const json = await picasso(root, ["changes", "--json"]);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout as string)).toMatchObject({ ok: true, branch: "main" });
    const help = await picasso(root, ["--help"]);
    expect(help.stdout).toMatch(/\n\s+changes \[options\] \[args\.\.\.\]\s+what changed in the workspace/);
    // A word that is neither a subcommand nor an operation is still the root's mistake.
    const unknown = await picasso(root, ["frobnicate"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("too many arguments");
  });
});
