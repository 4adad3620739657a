/**
 * `checkSandbox` against the real bubblewrap: every check runs a real command through the
 * sandbox, so the report says what a confined command can and cannot do here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { probeSandbox } from "./sandbox.js";
import { checkSandbox, renderSandboxCheck } from "./sandbox-check.js";

const root = mkdtempSync(join(tmpdir(), "picasso-sandbox-check-"));
const workspace = join(root, "ws");
const home = join(root, "home");
mkdirSync(workspace);
mkdirSync(home);
writeFileSync(join(home, "config.yaml"), "provider: mock\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

function check(mode: "off" | "on" | "auto", network = false) {
  const tempDir = mkdtempSync(join(root, "tmp-"));
  return checkSandbox({ settings: { mode, network }, workspaceRoot: workspace, picassoHome: home, tempDir });
}

describe.runIf(probeSandbox().available)("sandbox check (bubblewrap)", () => {
  it("shows the walls holding: workspace writable, outside and PICASSO_HOME not, no network, tools run", async () => {
    const report = await check("on");
    expect(report.active).toBe(true);
    const observed = Object.fromEntries(report.checks.map((c) => [c.name, c.observed]));
    expect(observed["writes the workspace"]).toBe("allowed");
    expect(observed["writes outside the workspace"]).toBe("refused");
    expect(observed["sees PICASSO_HOME"]).toBe("hidden");
    expect(observed["network (a server on 127.0.0.1)"]).toBe("unreachable");
    expect(observed["runs node"]).toMatch(/^runs \(v\d+/);
    expect(report.checks.every((c) => c.ok)).toBe(true);
    const text = renderSandboxCheck(report);
    expect(text.split("\n")[0]).toMatch(/^Commands run in a sandbox/);
    expect(text).not.toMatch(/^failed/m);
  });

  it("with sandbox.network the local server is reachable, and that is what is expected", async () => {
    const report = await check("auto", true);
    const net = report.checks.find((c) => c.name.startsWith("network"));
    expect(net).toMatchObject({ observed: "reachable", ok: true });
  });
});

describe("sandbox check when the sandbox is off", () => {
  it("runs no command and says how to get the sandbox", async () => {
    const report = await check("off");
    expect(report.active).toBe(false);
    expect(report.checks).toEqual([
      {
        name: "bubblewrap",
        expected: "not used (sandbox.mode off)",
        observed: "the sandbox is off (setting sandbox.mode)",
        ok: true,
      },
    ]);
    expect(renderSandboxCheck(report)).toContain("auto mode asks before every command");
  });
});
