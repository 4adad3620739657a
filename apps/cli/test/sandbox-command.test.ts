/**
 * `picasso sandbox check` and the `--sandbox` flag, through the built binary: the check runs real
 * commands through bubblewrap; `--sandbox off` runs a session's commands unconfined.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probeSandbox } from "@picasso/tools";
import { execa } from "execa";
import { describe, expect, it, onTestFinished } from "vitest";
import { BIN, picasso, script, workspace } from "./cli-harness.js";

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
    expect(text.stdout).toMatch(/ok {5}network \(a server on 127\.0\.0\.1\) +unreachable/);
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

describe.runIf(probeSandbox().available)("picasso sandbox check where walls are missing", () => {
  it("a bubblewrap that drops the namespaces and the capability drop: each missing wall says failed, exit 1", async () => {
    // An old or patched bwrap, first on PATH: it runs the real one without the process walls.
    const shimDir = mkdtempSync(join(tmpdir(), "picasso-weak-bwrap-"));
    const real = execFileSync("bash", ["-c", "command -v bwrap"], { encoding: "utf8" }).trim();
    writeFileSync(
      join(shimDir, "bwrap"),
      `#!/bin/bash
args=(); skip=0
for a in "$@"; do
  if [ $skip = 1 ]; then skip=0; continue; fi
  case "$a" in
    --unshare-user|--unshare-pid|--new-session) continue ;;
    --cap-drop) skip=1; continue ;;
  esac
  args+=("$a")
done
exec ${real} "\${args[@]}"
`,
      { mode: 0o755 },
    );
    const dir = workspace();
    const run = await picasso(dir, ["sandbox", "check", "--json"], {
      env: { PATH: `${shimDir}:${process.env.PATH}` },
    });
    expect(run.exitCode).toBe(1);
    const report = JSON.parse(run.stdout as string) as { checks: { name: string; ok: boolean }[] };
    const failed = report.checks.filter((c) => !c.ok).map((c) => c.name);
    // Whoever runs it, Picasso's process shows through a missing PID namespace.
    expect(failed).toContain("sees Picasso's process");
    if (process.getuid?.() === 0)
      expect(failed).toEqual(
        expect.arrayContaining([
          "user namespace",
          "capabilities",
          "remounts / read-write",
          "a setsid daemon",
        ]),
      );
    const text = await picasso(dir, ["sandbox", "check"], {
      env: { PATH: `${shimDir}:${process.env.PATH}` },
    });
    expect(text.stdout).toMatch(/^failed sees Picasso's process +visible/m);
  });
});

const asNobody =
  process.getuid?.() === 0 &&
  spawnSync("setpriv", [
    "--reuid=65534",
    "--regid=65534",
    "--clear-groups",
    "--",
    process.execPath,
    "-e",
    `require("fs").accessSync(${JSON.stringify(BIN)})`,
  ]).status === 0;

describe.runIf(probeSandbox().available && asNobody)("picasso sandbox check as an unprivileged user", () => {
  it("with neither ~ nor the workspace's parent writable, the probe folder comes from elsewhere: no stack trace", async () => {
    // The workspace's parent belongs to root; nobody owns only the workspace and its state.
    const parent = mkdtempSync("/var/tmp/picasso-check-parent-");
    onTestFinished(() => rmSync(parent, { recursive: true, force: true }));
    chmodSync(parent, 0o755); // nobody may enter it, not write it
    const dir = join(parent, "ws");
    const home = join(parent, "state");
    for (const d of [dir, home]) {
      execFileSync("mkdir", ["-p", d]);
      chownSync(d, 65534, 65534);
    }
    const run = await execa(
      "setpriv",
      [
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
        "--",
        process.execPath,
        BIN,
        "sandbox",
        "check",
        "--json",
      ],
      { cwd: dir, env: { HOME: "/", PICASSO_HOME: home }, reject: false },
    );
    expect(run.stderr).not.toMatch(/internal error|EACCES|\n\s+at /);
    const report = JSON.parse(run.stdout as string) as {
      checks: { name: string; observed: string; ok: boolean }[];
    };
    expect(report.checks.find((c) => c.name === "writes outside the workspace")).toMatchObject({ ok: true });
    expect(report.checks.every((c) => c.ok)).toBe(true);
    expect(run.exitCode).toBe(0);
  });
});

describe("the --sandbox flag", () => {
  it("a bad value names the flag and the choices", async () => {
    const bad = await picasso(workspace(), ["-p", "hi", "--provider", "mock", "--sandbox", "maybe"]);
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toMatch(/--sandbox <mode>.*maybe.*off, on, auto/);
  });
});
