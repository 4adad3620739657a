import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ForkedSubagent, ForkedSubagents, SessionEventBody, SubagentRequest } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { parseWorkflowFile } from "./workflow-file.js";
import { WorkflowRun } from "./workflow-run.js";

/** Lanes the test ends by hand: `finish(label, report)`. */
class FakeLanes implements ForkedSubagents {
  readonly requests: SubagentRequest[] = [];
  readonly cancelled: string[] = [];
  private readonly lanes = new Map<string, { snap: ForkedSubagent; done: Promise<void>; end: () => void }>();
  maxRunning = 0;

  fork(request: SubagentRequest): ForkedSubagent {
    this.requests.push(request);
    const id = `agent-${this.requests.length}`;
    let end = () => {};
    const done = new Promise<void>((resolve) => {
      end = resolve;
    });
    const snap: ForkedSubagent = {
      id,
      task: request.task,
      status: "running",
      steps: 0,
      elapsedMs: 0,
      pendingMessages: 0,
      tokens: 0,
      ...(request.label ? { label: request.label } : {}),
    };
    this.lanes.set(id, { snap, done, end });
    this.maxRunning = Math.max(this.maxRunning, this.running().length);
    return { ...snap };
  }
  running(): ForkedSubagent[] {
    return [...this.lanes.values()].filter((l) => l.snap.status === "running").map((l) => l.snap);
  }
  finish(label: string, report: string, status: ForkedSubagent["status"] = "done"): void {
    const lane = [...this.lanes.values()].find((l) => l.snap.label === label && l.snap.status === "running");
    if (!lane) throw new Error(`${label} is not running`);
    lane.snap.status = status;
    lane.snap.report = report;
    lane.snap.tokens = 100;
    lane.end();
  }
  async report(id: string): Promise<ForkedSubagent> {
    const lane = this.lanes.get(id)!;
    await lane.done;
    return { ...lane.snap };
  }
  list(): ForkedSubagent[] {
    return [...this.lanes.values()].map((l) => ({ ...l.snap }));
  }
  cancel(id: string): ForkedSubagent {
    this.cancelled.push(id);
    const lane = this.lanes.get(id)!;
    lane.snap.status = "interrupted";
    lane.snap.report = "[cancelled]";
    lane.end();
    return { ...lane.snap };
  }
  message(id: string): ForkedSubagent {
    return { ...this.lanes.get(id)!.snap };
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await tick();
  expect(check()).toBe(true);
}

function setUp(text: string) {
  const workflow = parseWorkflowFile(text, ".picasso/workflows/w.yaml", "w");
  const lanes = new FakeLanes();
  const events: SessionEventBody[] = [];
  const outputsFolder = mkdtempSync(join(tmpdir(), "wf-run-"));
  return {
    workflow,
    lanes,
    events,
    host: { lanes, record: (e: SessionEventBody) => events.push(e), outputsFolder },
  };
}

describe("WorkflowRun", () => {
  it("keeps to the concurrency cap and hands a dependant its reports by path", async () => {
    const { workflow, lanes, events, host } = setUp(
      [
        "max_concurrency: 2",
        "steps:",
        "  - id: t",
        "    for_each: [a, b, c, d, e]",
        '    prompt: "test {{item}}"',
        "  - id: s",
        "    needs: [t]",
        '    prompt: "sum {{steps.t.output}}"',
      ].join("\n"),
    );
    const run = new WorkflowRun("w-1", workflow, {}, host);
    for (const label of ["t[1]", "t[2]", "t[3]", "t[4]", "t[5]"]) {
      await until(() => lanes.running().some((l) => l.label === label));
      expect(lanes.running().length).toBeLessThanOrEqual(2);
      lanes.finish(label, `report of ${label} ${"x".repeat(500)}`);
    }
    await until(() => lanes.running().some((l) => l.label === "s"));
    lanes.finish("s", "summary");
    expect(await run.finished).toBe("done");
    expect(lanes.maxRunning).toBe(2);
    const sum = lanes.requests.find((r) => r.label === "s")!;
    expect(sum.group).toBe("workflow:w-1");
    for (const lane of run.lanes.filter((l) => l.stepId === "t")) {
      expect(sum.task).toContain(lane.output);
      expect(readFileSync(lane.output!, "utf8")).toMatch(/^report of t\[\d\] x{500}$/);
    }
    expect(sum.task.length).toBeLessThan(5 * 500);
    expect(
      events.map((e) => e.type).filter((t) => t !== "workflow_step_start" && t !== "workflow_step_end"),
    ).toEqual(["workflow_start", "workflow_end"]);
  });

  it("skips what needs a failed step, goes on with the rest, and keeps resumed lanes unforked", async () => {
    const { workflow, lanes, host } = setUp(
      [
        "steps:",
        "  - { id: a, prompt: A }",
        "  - { id: b, prompt: B, needs: [a] }",
        "  - { id: c, prompt: C, needs: [b] }",
        "  - { id: d, prompt: D }",
        "  - { id: e, prompt: E, needs: [d] }",
      ].join("\n"),
    );
    const kept = new Map([["d", { output: "/keep/d.md", bytes: 3, preview: "ddd" }]]);
    const run = new WorkflowRun("w-2", workflow, {}, host, kept);
    await until(() => lanes.running().length === 2);
    expect(lanes.running().map((l) => l.label)).toEqual(["a", "e"]);
    expect(lanes.requests.find((r) => r.label === "e")!.brief?.at(-1)?.text).toContain("/keep/d.md");
    lanes.finish("a", "broke", "error");
    lanes.finish("e", "fine");
    expect(await run.finished).toBe("failed");
    expect(Object.fromEntries(run.lanes.map((l) => [l.id, l.status]))).toEqual({
      a: "error",
      b: "skipped",
      c: "skipped",
      d: "done",
      e: "done",
    });
    expect(lanes.requests.map((r) => r.label)).toEqual(["a", "e"]);
  });

  it("cancelling stops running lanes and starts nothing more", async () => {
    const { workflow, lanes, events, host } = setUp(
      ["steps:", "  - { id: a, prompt: A }", "  - { id: b, prompt: B, needs: [a] }"].join("\n"),
    );
    const run = new WorkflowRun("w-3", workflow, {}, host);
    await until(() => lanes.running().length === 1);
    run.cancel();
    expect(await run.finished).toBe("interrupted");
    expect(lanes.cancelled).toEqual(["agent-1"]);
    expect(lanes.requests).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: "workflow_end", status: "interrupted" });
  });

  it("a lane stopped from outside (the session closing) ends the run interrupted, nothing more starts", async () => {
    const { workflow, lanes, events, host } = setUp(
      [
        "steps:",
        "  - { id: a, prompt: A }",
        "  - { id: b, prompt: B }",
        "  - { id: c, prompt: C, needs: [a] }",
      ].join("\n"),
    );
    const run = new WorkflowRun("w-4", workflow, {}, host);
    await until(() => lanes.running().length === 2);
    lanes.finish("a", "[stopped]", "interrupted");
    await tick();
    expect(lanes.requests.map((r) => r.label)).toEqual(["a", "b"]);
    lanes.finish("b", "b done");
    expect(await run.finished).toBe("interrupted");
    expect(Object.fromEntries(run.lanes.map((l) => [l.id, l.status]))).toEqual({
      a: "interrupted",
      b: "done",
      c: "waiting",
    });
    expect(events.some((e) => e.type === "workflow_step_end" && e.status === "skipped")).toBe(false);
  });
});
