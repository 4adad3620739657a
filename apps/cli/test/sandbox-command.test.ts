/**
 * `picasso sandbox check` and the `--sandbox` flag, through the built binary: the check runs real
 * commands through bubblewrap; `--sandbox off` runs a session's commands unconfined.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { probeSandbox } from "@picasso/tools";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

describe.runIf(probeSandbox().available)("picasso sandbox check", () => {
  it("reports every wall holding, as JSON and as text, exit 0", async () => {
    const dir = workspace();
    writeFileSync(join(process.env.PICASSO_HOME!, "config.yaml"), "# nothing\n");
    const json = await picasso(dir, ["sandbox", "check", "--json"]);
    expect(json.exitCode).toBe(0);
    const report = JSON.parse(json.stdout as string);
    expect(report.active).toBe(true);
    const names = report.checks.map((c: { name: string }) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(["writes the workspace", "writes outside the workspace", "sees PICASSO_HOME"]),
    );
    expect(report.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    const text = await picasso(dir, ["sandbox", "check"]);
    expect(text.stdout).toMatch(/^Commands run in a sandbox/);
    expect(text.stdout).toMatch(/ok {3}network \(a server on 127\.0\.0\.1\) +unreachable/);
  });

  it("--sandbox off: the check says so; a session's command then writes where the sandbox would refuse", async () => {
    const off = await picasso(workspace(), ["sandbox", "check", "--sandbox", "off"]);
    expect(off.stdout).toContain("the sandbox is off");
    // /tmp inside the sandbox is the session's own folder: a file written there is not seen outside.
    const dir = workspace();
    const target = join(dir, "..", `${dir.split("/").pop()}-outside.txt`);
    const steps = [
      { match: "go", tool_calls: [{ name: "bash", input: { command: `echo out > '${target}'` } }] },
      { text: "done" },
    ];
    const confined = await picasso(dir, [
      "-p",
      "go",
      "--provider",
      "mock",
      "--mock-script",
      script(dir, { steps }),
      "--allow",
      "bash",
    ]);
    expect(confined.exitCode).toBe(0);
    expect(existsSync(target)).toBe(false);
    const dir2 = workspace();
    const unconfined = await picasso(dir2, [
      "-p",
      "go",
      "--provider",
      "mock",
      "--mock-script",
      script(dir2, { steps }),
      "--allow",
      "bash",
      "--sandbox",
      "off",
    ]);
    expect(unconfined.exitCode).toBe(0);
    expect(readFileSync(target, "utf8")).toBe("out\n");
  });
});

describe("the --sandbox flag", () => {
  it("a bad value names the flag and the choices", async () => {
    const bad = await picasso(workspace(), ["-p", "hi", "--provider", "mock", "--sandbox", "maybe"]);
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toMatch(/--sandbox <mode>.*maybe.*off, on, auto/);
  });
});
