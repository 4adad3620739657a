/**
 * The sandbox's probe runs in the background: making a tool runtime (a session's mount) starts it
 * and waits for nothing, and a command issued at once waits for the answer and runs behind the
 * same walls as one issued after a synchronous probe. A value read before the answer is in
 * (`active`, `describe`…) probes synchronously, and that answer stays.
 */
import { readlinkSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createBashTool } from "../bash.js";
import { createTestContext } from "../test-context.js";
import { createToolRuntime } from "../tool-runtime.js";
import {
  CommandSandbox,
  probeSandbox,
  probeSandboxAsync,
  type SandboxProbe,
  type SandboxProber,
  type SandboxSettings,
} from "./sandbox.js";
import { probeWalls, probeWallsAsync } from "./sandbox-probe.js";

const ctx = createTestContext();
afterAll(() => ctx.cleanup());

const settings: SandboxSettings = { mode: "auto", network: false };
const place = () => ({ workspaceRoot: ctx.root, tempDir: ctx.root, hidden: [] });

/** A probe that answers only when told to; its synchronous side must never be used. */
function heldProber() {
  const log: string[] = [];
  let release!: (probe: SandboxProbe) => void;
  const answer = new Promise<SandboxProbe>((resolve) => {
    release = (probe) => {
      log.push("probe answered");
      resolve(probe);
    };
  });
  const prober: SandboxProber = {
    now: () => {
      throw new Error("a synchronous probe ran");
    },
    soon: () => {
      log.push("probe started");
      return answer;
    },
  };
  return { prober, log, release };
}

describe("the asynchronous probe", () => {
  it("answers as the synchronous one does, bwrap there or not", async () => {
    expect(await probeWallsAsync()).toEqual(probeWalls());
    expect(await probeSandboxAsync()).toEqual(probeSandbox());
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const missing = await probeWallsAsync();
      expect(missing).toEqual(probeWalls());
      if (process.platform === "linux")
        expect(missing).toEqual({
          available: false,
          reason: "bubblewrap (bwrap) is not installed",
          userNamespace: false,
        });
    } finally {
      process.env.PATH = path;
    }
  });

  it("making a runtime starts the probe and returns before it answers", async () => {
    const held = heldProber();
    const runtime = createToolRuntime({ sandbox: { settings, place: place(), prober: held.prober } });
    expect(held.log).toEqual(["probe started"]);
    let settled = false;
    const waiting = runtime.sandbox!.settled().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    held.release({ available: false, reason: "held", userNamespace: false });
    await waiting;
    expect(runtime.sandbox!.reason).toBe("held");
    await runtime.dispose();
  });

  it("a value read before the answer probes synchronously, and that answer stays", async () => {
    const held = heldProber();
    const sandbox = new CommandSandbox(settings, place(), {
      now: () => ({ available: false, reason: "asked at once", userNamespace: false }),
      soon: held.prober.soon,
    });
    expect(sandbox.describe()).toBe("Commands: not sandboxed (asked at once).");
    held.release({ available: true, reason: "bubblewrap works", userNamespace: true });
    await sandbox.settled();
    expect(sandbox.active).toBe(false);
    expect(sandbox.reason).toBe("asked at once");
  });

  it("off: nothing is probed", async () => {
    const held = heldProber();
    const sandbox = new CommandSandbox({ mode: "off", network: false }, place(), held.prober);
    await sandbox.settled();
    expect(held.log).toEqual([]);
    expect(sandbox.active).toBe(false);
  });
});

describe.runIf(probeSandbox().available)("a command issued right after mount (bubblewrap)", () => {
  it("waits for the probe, then runs behind the same walls as after a synchronous probe", async () => {
    const held = heldProber();
    const runtime = createToolRuntime({
      killGraceMs: 200,
      sandbox: { settings, place: place(), prober: held.prober },
    });
    const sandbox = runtime.sandbox!;
    const wrapped: { file: string; args: string[] }[] = [];
    const wrap = sandbox.wrap.bind(sandbox);
    sandbox.wrap = (command, cwd, options) => {
      held.log.push("command started");
      const run = wrap(command, cwd, options);
      wrapped.push(run);
      return run;
    };
    // The probe is released only once the command waits on it: a command that did not wait would
    // have started before the answer (or never, and the test times out).
    const settled = sandbox.settled.bind(sandbox);
    sandbox.settled = () => {
      held.log.push("command waits");
      const waiting = settled();
      held.release(probeSandbox());
      return waiting;
    };
    const out = await createBashTool(runtime.jobs).run({ command: "readlink /proc/self/ns/pid" }, ctx);
    await runtime.dispose();
    expect(held.log).toEqual(["probe started", "command waits", "probe answered", "command started"]);
    expect(out.content).toContain("Exit code: 0");
    // Its own PID namespace: not this process's.
    expect(out.content).toMatch(/pid:\[\d+\]/);
    expect(out.content).not.toContain(readlinkSync("/proc/self/ns/pid"));
    const direct = new CommandSandbox(settings, place(), { now: probeSandbox, soon: probeSandboxAsync });
    expect(direct.active).toBe(true);
    expect(wrapped).toEqual([direct.wrap("readlink /proc/self/ns/pid", ctx.root)]);
  });
});
