import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBashTool } from "./bash.js";
import { createTestContext, processGone, type TestContext, waitUntil } from "./test-context.js";
import { createToolRuntime, type ToolRuntime } from "./tool-runtime.js";

let ctx: TestContext;
let runtime: ToolRuntime;
let bash: ReturnType<typeof createBashTool>;
beforeEach(() => {
  ctx = createTestContext();
  runtime = createToolRuntime({ killGraceMs: 300 });
  bash = createBashTool(runtime.jobs);
});
afterEach(async () => {
  await runtime.dispose();
  ctx.cleanup();
});

const pidIn = (name: string) => Number(readFileSync(join(ctx.root, name), "utf8").trim());

describe("bash: foreground commands", () => {
  it("reports exit code, stdout and stderr in the workspace", async () => {
    const out = await bash.run({ command: "pwd; echo out; echo err >&2" }, ctx);
    expect(out.isError).toBe(false);
    expect(out.content).toBe(`Exit code: 0\nstdout:\n${ctx.root}\nout\nstderr:\nerr`);
    expect(out.display).toMatchObject({
      kind: "command",
      command: "pwd; echo out; echo err >&2",
      exitCode: 0,
    });
  });

  it("reports a non-zero exit code without calling it a tool error", async () => {
    const out = await bash.run({ command: "echo oops >&2; exit 3" }, ctx);
    expect(out.isError).toBe(false);
    expect(out.content).toBe("Exit code: 3\nstderr:\noops");
  });

  it("says when there was no output", async () => {
    const out = await bash.run({ command: "true" }, ctx);
    expect(out.content).toBe("Exit code: 0\n(no output)");
  });

  it("shows non-UTF-8 output without crashing", async () => {
    const out = await bash.run({ command: "printf '\\xff\\xfe ok\\n'" }, ctx);
    expect(out.content).toContain("\uFFFD\uFFFD ok");
  });

  it("bounds huge output, keeping the start and the end", async () => {
    const out = await bash.run(
      { command: "echo START; head -c 2000000 /dev/zero | tr '\\0' a; echo; echo END" },
      ctx,
    );
    expect(out.content).toContain("START");
    expect(out.content).toMatch(/END$/);
    expect(out.content).toMatch(/\[… \d+ bytes omitted …\]/);
    expect(out.content.length).toBeLessThan(300_000);
  });

  it("kills the whole process group on timeout", async () => {
    const out = await bash.run({ command: "sleep 300 & echo $! > child.pid; wait", timeout_ms: 300 }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("timed out after 300 ms");
    expect(out.content).toContain("process group was killed");
    const child = pidIn("child.pid");
    expect(await waitUntil(() => processGone(child))).toBe(true);
  });

  it("escalates to SIGKILL when the group ignores SIGTERM", async () => {
    const command = "trap '' TERM; sleep 300 & echo $! > child.pid; while :; do wait; done";
    const out = await bash.run({ command, timeout_ms: 200 }, ctx);
    expect(out.content).toContain("timed out");
    const child = pidIn("child.pid");
    expect(await waitUntil(() => processGone(child))).toBe(true);
  });

  it("ends a command that never exits", async () => {
    const out = await bash.run({ command: "while :; do :; done", timeout_ms: 250 }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("timed out");
  });

  it("kills the process group when the turn is interrupted", async () => {
    const running = bash.run({ command: "sleep 300 & echo $! > child.pid; wait" }, ctx);
    expect(await waitUntil(() => existsSync(join(ctx.root, "child.pid")) && pidIn("child.pid") > 0)).toBe(
      true,
    );
    ctx.abort.abort();
    const out = await running;
    expect(out.isError).toBe(true);
    expect(out.content).toContain("interrupted");
    const child = pidIn("child.pid");
    expect(await waitUntil(() => processGone(child))).toBe(true);
  });

  it("returns when bash exits even if a child holds the output open, and kills it with the session", async () => {
    const out = await bash.run({ command: "sleep 300 & echo $! > child.pid; echo done" }, ctx);
    expect(out.content).toContain("Exit code: 0");
    expect(out.content).toContain("still running");
    const child = pidIn("child.pid");
    expect(processGone(child)).toBe(false);
    await runtime.dispose();
    expect(await waitUntil(() => processGone(child))).toBe(true);
  });
});

describe("bash: background jobs", () => {
  it("starts a job, reads its output incrementally and waits for it to end", async () => {
    const command = "echo ready; while [ ! -f go ]; do sleep 0.02; done; echo finished; exit 4";
    const started = await bash.run({ command, run_in_background: true }, ctx);
    expect(started.content).toContain("Started background job job-1");
    let seen = "";
    expect(
      await waitUntil(async () => {
        seen += (await bash.run({ action: "output", job_id: "job-1" }, ctx)).content;
        return seen.includes("ready");
      }),
    ).toBe(true);
    expect(seen).toContain("Job job-1: running.");
    writeFileSync(join(ctx.root, "go"), "");
    const end = await bash.run({ action: "output", job_id: "job-1", timeout_ms: 10_000 }, ctx);
    expect(end.content).toContain("Job job-1: exited with code 4.");
    expect(end.content).toContain("finished");
    expect(end.content).not.toContain("ready");
    const list = await bash.run({ action: "list" }, ctx);
    expect(list.content).toContain("job-1  exited with code 4");
  });

  it("kills a job's whole process group", async () => {
    await bash.run({ command: "sleep 300 & echo $! > bg.pid; wait", run_in_background: true }, ctx);
    expect(await waitUntil(() => existsSync(join(ctx.root, "bg.pid")) && pidIn("bg.pid") > 0)).toBe(true);
    const killed = await bash.run({ action: "kill", job_id: "job-1" }, ctx);
    expect(killed.content).toContain("Job job-1 is killed");
    const child = pidIn("bg.pid");
    expect(await waitUntil(() => processGone(child))).toBe(true);
  });

  it("kills every job when the runtime is disposed", async () => {
    await bash.run({ command: "sleep 300 & echo $! > a.pid; wait", run_in_background: true }, ctx);
    await bash.run({ command: "echo $$ > b.pid; exec sleep 300", run_in_background: true }, ctx);
    expect(
      await waitUntil(() => ["a.pid", "b.pid"].every((f) => existsSync(join(ctx.root, f)) && pidIn(f) > 0)),
    ).toBe(true);
    const pids = [pidIn("a.pid"), pidIn("b.pid")];
    await runtime.dispose();
    expect(await waitUntil(() => pids.every(processGone))).toBe(true);
  });
});

describe("bash: bad input", () => {
  it("returns clear errors instead of throwing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, '"command" is required'],
      [{ command: "   " }, "must not be blank"],
      [{ command: "true", timeout_ms: 10_000_000 }, "between 1 and 600000"],
      [{ action: "dance" }, 'Unknown action "dance"'],
      [{ action: "output" }, "needs job_id"],
      [{ action: "kill", job_id: "job-99" }, "No background job job-99"],
      [{ command: ["ls"] }, "must be a string"],
    ];
    for (const [input, message] of cases) {
      const out = await bash.run(input, ctx);
      expect(out.isError).toBe(true);
      expect(out.content).toContain(message);
    }
  });

  it("refuses a working folder outside the workspace", async () => {
    const out = await bash.run({ command: "pwd" }, { ...ctx, cwd: "/" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("outside the workspace");
  });
});
