import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import { afterEach, describe, expect, it } from "vitest";
import { idleProvider } from "../test/idle-provider.js";
import { type ComposedSession, composeSession } from "./compose-session.js";
import { SWEEP_TEMPS_AFTER_MS } from "./tools-mount.js";

const opened: ComposedSession[] = [];
const givenTmp = process.env.TMPDIR;
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
  if (givenTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = givenTmp;
});

describe("the tools' mount", () => {
  it("sweeps the sandbox folders a killed session left once the session is up, not while it opens", async () => {
    const temp = realpathSync(mkdtempSync(join(tmpdir(), "tools-mount-tmp-")));
    // A session that is gone: its pid has exited.
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => gone.once("exit", r));
    const stale = join(temp, `picasso-sandbox-tmp-${gone.pid}-1-abc123`);
    mkdirSync(stale);
    process.env.TMPDIR = temp;
    const opening = performance.now();
    const composed = await composeSession({
      provider: idleProvider,
      workspaceRoot: realpathSync(mkdtempSync(join(tmpdir(), "tools-mount-ws-"))),
      picassoHome: process.env.PICASSO_HOME!,
      surface: "cli",
      surfaceLabel: "test",
      version: "test",
      approver: allowListApprover([]),
    });
    opened.push(composed);
    expect(existsSync(stale)).toBe(true);
    while (existsSync(stale) && performance.now() - opening < SWEEP_TEMPS_AFTER_MS + 5_000)
      await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(stale)).toBe(false);
    expect(performance.now() - opening).toBeGreaterThanOrEqual(SWEEP_TEMPS_AFTER_MS - 50);
  });
});
