/**
 * One process per session: a second open of a session that is open is refused in one line; a
 * lock left by a process that is gone is taken over (and said so); closing releases the lock.
 */
import { existsSync, writeFileSync } from "node:fs";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { makeWorkspace, startScenario } from "./harness.js";

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
});
