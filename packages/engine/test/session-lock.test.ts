/**
 * One process per session: a second open of a session that is open is refused in one line; a
 * lock left by a process that is gone is taken over (and said so); closing releases the lock; a
 * lock file still empty is taken over only when it is old (a crash), never while its creator may
 * be writing it; processes racing for one lock never hold it together.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { makeWorkspace, startScenario } from "./harness.js";

const RACER = join(dirname(fileURLToPath(import.meta.url)), "lock-racer.mjs");

function race(lockPath: string, rounds: number): Promise<string> {
  const child = spawn(process.execPath, [RACER, lockPath, String(rounds)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`racer exited ${code}: ${out}`)),
    ),
  );
}

describe("the session lock", () => {
  it("refuses a second open of an open session, and frees it on close", async () => {
    const workspace = makeWorkspace();
    const first = await startScenario({ script: { steps: [{ text: "hi" }] }, workspace });
    const lockPath = first.session.logPath.replace(/\.jsonl$/, ".lock");
    expect(existsSync(lockPath)).toBe(true);
    const error = await startScenario({ script: {}, workspace, resume: { id: first.session.id } }).catch(
      (e: unknown) => e,
    );
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toBe(
      `session ${first.session.id} is open in another picasso (pid ${process.pid}); close it there, or start a new session`,
    );
    await first.close();
    expect(existsSync(lockPath)).toBe(false);
    const again = await startScenario({ script: {}, workspace, resume: { id: first.session.id } });
    expect(again.session.resumeNotes).toEqual([]);
    await again.close();
  });

  it("takes over a lock whose process is gone, and says so once", async () => {
    const workspace = makeWorkspace();
    const first = await startScenario({ script: {}, workspace });
    await first.close();
    const lockPath = first.session.logPath.replace(/\.jsonl$/, ".lock");
    // A picasso that was SIGKILLed: its lock stays, its pid is gone (pid 2^22 - 1 does not exist).
    writeFileSync(lockPath, JSON.stringify({ pid: 4_194_303, start: "1", boot: "" }));
    const second = await startScenario({ script: {}, workspace, resume: "newest" });
    try {
      expect(second.session.resumeNotes).toEqual([
        `session ${first.session.id} was left open by a picasso that is gone (pid 4194303); its lock was taken over`,
      ]);
    } finally {
      await second.close();
    }
  });

  it("never takes over a lock file still empty while its creator may be writing it; an old empty one is", async () => {
    const workspace = makeWorkspace();
    const first = await startScenario({ script: {}, workspace });
    await first.close();
    const lockPath = first.session.logPath.replace(/\.jsonl$/, ".lock");
    // Another picasso has just created the lock file and not yet written its owner into it.
    writeFileSync(lockPath, "");
    const error = await startScenario({ script: {}, workspace, resume: "newest" }).catch((e: unknown) => e);
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toBe(
      `session ${first.session.id} is being opened by another picasso right now; try again`,
    );
    expect(readFileSync(lockPath, "utf8")).toBe("");
    // The same empty file a minute later: its creator died before writing; taken over.
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockPath, minuteAgo, minuteAgo);
    const second = await startScenario({ script: {}, workspace, resume: "newest" });
    try {
      expect(JSON.parse(readFileSync(lockPath, "utf8")).pid).toBe(process.pid);
    } finally {
      await second.close();
    }
  });

  it("three processes racing for one lock: never two holders at once", { timeout: 120_000 }, async () => {
    const lockPath = join(mkdtempSync(join(tmpdir(), "session-lock-race-")), "race.lock");
    const outputs = await Promise.all([race(lockPath, 2000), race(lockPath, 2000), race(lockPath, 2000)]);
    const held = outputs.map((out) => Number(/held (\d+)/.exec(out)?.[1] ?? 0));
    // Each process got the lock some of the time, and none ever found it naming another.
    for (const n of held) expect(n).toBeGreaterThan(0);
    expect(outputs.join("").match(/stolen \d+/g) ?? []).toEqual([]);
    expect(existsSync(lockPath)).toBe(false);
  });
});
