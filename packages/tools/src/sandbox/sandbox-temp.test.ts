import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processStartTime } from "@picasso/workspace";
import { describe, expect, it } from "vitest";
import { createSandboxTemp, sweepStaleSandboxTemps } from "./sandbox-temp.js";

describe("the sandbox's /tmp folders", () => {
  it("are swept once their owner is gone (a SIGKILLed session), never while it lives", async () => {
    const parent = mkdtempSync(join(tmpdir(), "sandbox-temp-test-"));
    const mine = createSandboxTemp(parent);
    // A session that dies by SIGKILL: its folder is named after it and left behind.
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    await new Promise((r) => child.once("spawn", r));
    const start = processStartTime(child.pid!);
    const orphan = join(parent, `picasso-sandbox-tmp-${child.pid}-${start}-abc123`);
    mkdirSync(join(orphan, "build"), { recursive: true });
    writeFileSync(join(orphan, "build", "big.bin"), Buffer.alloc(1024 * 1024));
    // A live owner's folder survives a sweep.
    expect(await sweepStaleSandboxTemps(parent)).toEqual([]);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    // The same pid with another start time is someone else: a folder naming it is stale too.
    const reused = join(parent, `picasso-sandbox-tmp-${process.pid}-1-zzz999`);
    mkdirSync(reused);
    const unowned = join(parent, "picasso-sandbox-tmp-older");
    mkdirSync(unowned);
    expect((await sweepStaleSandboxTemps(parent)).sort()).toEqual([orphan, reused].sort());
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(unowned)).toBe(true);
  });
});
