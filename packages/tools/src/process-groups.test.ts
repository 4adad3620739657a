import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bootId, processStartTime } from "@picasso/workspace";
import { afterEach, describe, expect, it } from "vitest";
import { createBashTool } from "./bash.js";
import { readGroupRecord, writeGroupRecord } from "./group-record.js";
import { ProcessGroups } from "./process-groups.js";
import { createTestContext, processGone, type TestContext, waitUntil } from "./test-context.js";
import { createToolRuntime } from "./tool-runtime.js";

const contexts: TestContext[] = [];
const spawned: number[] = [];
afterEach(() => {
  for (const pid of spawned.splice(0)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  for (const ctx of contexts.splice(0)) ctx.cleanup();
});

/** A `sleep` leading its own process group, as a bash tool call's group would. */
function strayGroup(): number {
  const child = spawn("sleep", ["60"], { detached: true, stdio: "ignore" });
  child.unref();
  spawned.push(child.pid!);
  return child.pid!;
}

function context(): TestContext {
  const ctx = createTestContext();
  contexts.push(ctx);
  return ctx;
}

describe("ProcessGroups", () => {
  it("the supervisor also ends a tool process it was never told about, found by the session's token", async () => {
    const groups = new ProcessGroups(300);
    await groups.recordIn(join(context().root, "process-groups"));
    // As a tool's spawn does: the supervisor starts first. Then, as if Picasso died between
    // starting the tool and telling the supervisor: only the env marks it.
    groups.starting();
    const child = spawn("sleep", ["60"], {
      detached: true,
      stdio: "ignore",
      env: { ...process.env, ...groups.processEnv },
    });
    child.unref();
    spawned.push(child.pid!);
    const unrelated = strayGroup();
    groups.close();
    expect(await waitUntil(() => processGone(child.pid!), 30_000)).toBe(true);
    expect(processGone(unrelated)).toBe(false);
  });

  it("opening spawns no supervisor; the first command starts it before its own process", async () => {
    const ctx = context();
    const runtime = createToolRuntime({ killGraceMs: 300 });
    await runtime.recordProcessGroupsIn(join(ctx.root, "process-groups"));
    expect(runtime.groups.supervisorPid).toBeUndefined();
    const out = await createBashTool(runtime.jobs).run({ command: "echo ran" }, ctx);
    expect(out.content).toContain("ran");
    const pid = runtime.groups.supervisorPid;
    expect(pid).toBeDefined();
    // Its last argument is the group it was started with: empty, so it ran before the command did
    // (a supervisor started by the group itself would carry that group's pgid).
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    expect(argv.slice(-2)).toEqual(["", ""]);
    expect(argv).toContain(runtime.groups.processEnv.PICASSO_TOOL_GROUPS);
    await runtime.dispose();
  });

  it("kills on recordIn the groups an earlier run recorded and left alive", async () => {
    const path = join(context().root, "session", "process-groups");
    const stray = strayGroup();
    const earlier = new ProcessGroups(300);
    await earlier.recordIn(path);
    earlier.started(stray);
    expect(readGroupRecord(path)).toEqual([{ pgid: stray, start: processStartTime(stray), boot: bootId() }]);

    const next = new ProcessGroups(300);
    expect(await next.recordIn(path)).toEqual([stray]);
    expect(await waitUntil(() => processGone(stray))).toBe(true);
    expect(readFileSync(path, "utf8")).toBe("");
  });

  it("leaves alone a recorded pgid that is now someone else's, or from another boot", async () => {
    const path = join(context().root, "process-groups");
    const other = strayGroup();
    const alsoOther = strayGroup();
    writeGroupRecord(path, [
      { pgid: other, start: "1", boot: bootId() }, // the pid was reused: another start time
      { pgid: alsoOther, start: processStartTime(alsoOther), boot: "another-boot" },
    ]);
    expect(await new ProcessGroups(300).recordIn(path)).toEqual([]);
    expect(processGone(other)).toBe(false);
    expect(processGone(alsoOther)).toBe(false);
  });

  it("ends with the session what a command left running even with its output closed", async () => {
    const ctx = context();
    const runtime = createToolRuntime({ killGraceMs: 300 });
    const bash = createBashTool(runtime.jobs);
    const out = await bash.run({ command: "sleep 60 >/dev/null 2>&1 & echo $! > bg.pid" }, ctx);
    expect(out.content).toContain("Exit code: 0");
    const pid = Number(readFileSync(join(ctx.root, "bg.pid"), "utf8").trim());
    spawned.push(pid);
    expect(processGone(pid)).toBe(false);
    expect(runtime.groups.list()).toHaveLength(1);
    await runtime.dispose();
    expect(await waitUntil(() => processGone(pid))).toBe(true);
    expect(runtime.groups.list()).toEqual([]);
  });

  it("forgets a group once it has ended", async () => {
    const ctx = context();
    const runtime = createToolRuntime({ killGraceMs: 300 });
    await createBashTool(runtime.jobs).run({ command: "echo hi" }, ctx);
    expect(runtime.groups.list()).toEqual([]);
    await runtime.dispose();
  });
});
