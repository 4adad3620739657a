import type { ForkedSubagent, ForkedSubagents, SubagentRequest, ToolDefinition } from "@picasso/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { subagentLaneTools } from "./subagent-lane-tools.js";

/** A registry that records what the tools asked of it; the engine's own is tested in packages/engine. */
function recordingSubagents() {
  const forked: SubagentRequest[] = [];
  const calls: string[] = [];
  const state = (id: string, status: ForkedSubagent["status"], report?: string): ForkedSubagent => ({
    id,
    task: "Count the modules in src/shop and answer with the number of modules found there, please",
    status,
    steps: 3,
    elapsedMs: 1500,
    pendingMessages: 1,
    ...(report ? { report } : {}),
  });
  const subagents: ForkedSubagents = {
    fork(request) {
      forked.push(request);
      return state("agent-1", "running");
    },
    async report(id, waitMs) {
      calls.push(`report ${id} ${waitMs}`);
      return id === "agent-1" ? state(id, "done", "27 modules.") : state(id, "running");
    },
    list: () => [state("agent-1", "done", "27 modules."), state("agent-2", "running")],
    cancel(id) {
      calls.push(`cancel ${id}`);
      return state(id, "running");
    },
    message(id, text) {
      calls.push(`message ${id} ${text}`);
      return state(id, "running");
    },
  };
  return { subagents, forked, calls };
}

let ctx: TestContext;
let rec: ReturnType<typeof recordingSubagents>;
let tools: Record<string, ToolDefinition>;
beforeEach(() => {
  rec = recordingSubagents();
  ctx = createTestContext({ subagents: rec.subagents });
  tools = Object.fromEntries(subagentLaneTools().map((t) => [t.spec.name, t]));
});
afterEach(() => ctx.cleanup());
const run = (name: string, input: Record<string, unknown> = {}) => tools[name]!.run(input, ctx);

describe("subagent family", () => {
  it("declares its effects: fork and control start or steer agents, report only reads", () => {
    expect(Object.fromEntries(Object.values(tools).map((t) => [t.spec.name, [t.effect, t.family]]))).toEqual({
      subagent_fork: ["agent", "subagent"],
      subagent_report: ["read", "subagent"],
      subagent_control: ["agent", "subagent"],
    });
  });

  it("forks with the task, budget and folder, and answers with the id at once", async () => {
    const out = await run("subagent_fork", { task: "  count modules  ", max_steps: 5, cwd: "pkg" });
    expect(rec.forked).toEqual([{ task: "count modules", maxSteps: 5, cwd: "pkg" }]);
    expect(out.content).toMatch(/^Started subagent agent-1 in the background in pkg\./);
    expect((await run("subagent_fork", { task: "   " })).content).toBe(
      'Invalid input for subagent_fork: "task" must not be blank.',
    );
  });

  it("reports one (waiting in milliseconds), a running one, or lists them all", async () => {
    const done = await run("subagent_report", { id: "agent-1", wait_seconds: 7 });
    expect(rec.calls).toEqual(["report agent-1 7000"]);
    expect(done.content).toBe(
      "agent-1 · done · 3 steps · 1.5 s · Count the modules in src/shop and answer with the number of modules found there…\n\n27 modules.",
    );
    const running = await run("subagent_report", { id: "agent-2" });
    expect(running.content).toContain("Still running; ask again later");
    const all = await run("subagent_report");
    expect(all.content.split("\n").map((l) => l.split(" · ")[1])).toEqual(["done", "running"]);
    expect((await run("subagent_report", { id: "agent-1", wait_seconds: 601 })).isError).toBe(true);
  });

  it("cancels, sends a message, and refuses a bad action or an empty message", async () => {
    expect((await run("subagent_control", { id: "agent-2", action: "cancel" })).content).toMatch(
      /^Cancelling agent-2/,
    );
    expect(
      (await run("subagent_control", { id: "agent-2", action: "message", message: " use cm " })).content,
    ).toBe("Sent to agent-2; it reads it before its next step (1 message waiting).");
    expect(rec.calls).toEqual(["cancel agent-2", "message agent-2 use cm"]);
    expect((await run("subagent_control", { id: "agent-2", action: "pause" })).content).toBe(
      'Invalid input for subagent_control: "action" must be "cancel" or "message".',
    );
    expect((await run("subagent_control", { id: "agent-2", action: "message" })).isError).toBe(true);
  });

  it("turns the engine's refusal into a tool error for the model", async () => {
    const plain = createTestContext();
    try {
      const out = await tools.subagent_fork!.run({ task: "x" }, plain);
      expect(out).toEqual({
        content: "subagent_fork failed: this test context forks no subagents",
        isError: true,
      });
    } finally {
      plain.cleanup();
    }
  });
});
