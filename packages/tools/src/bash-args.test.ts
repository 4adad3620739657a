/**
 * bash run as the tools run it, with a socket for stdin (what Node's piped stdin is) and a HOME
 * whose .bashrc leaves a mark: the rc file never runs; plain `bash -c` would run it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bashArgs } from "./bash-args.js";

function runWithSocketStdin(args: string[], home: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn("bash", args, { env: { HOME: home, PATH: process.env.PATH ?? "" }, stdio: "pipe" });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("close", () => resolve(out));
    child.stdin.end();
  });
}

describe("bashArgs", () => {
  it("never runs the user's ~/.bashrc, even with a socket for stdin", async () => {
    const home = mkdtempSync(join(tmpdir(), "bash-args-"));
    const mark = join(home, "rc-ran");
    writeFileSync(join(home, ".bashrc"), `touch ${JSON.stringify(mark)}\n`);
    expect(await runWithSocketStdin(bashArgs("echo ok"), home)).toBe("ok\n");
    expect(existsSync(mark)).toBe(false);
    // What the flag prevents: plain `bash -c` with the same stdin runs the rc file.
    await runWithSocketStdin(["-c", "true"], home);
    expect(existsSync(mark)).toBe(true);
  });
});
