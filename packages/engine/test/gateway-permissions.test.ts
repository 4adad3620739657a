/**
 * Gateway calls (a `tool_call` that runs another tool) are checked as the tool they run: its
 * effect, its arguments (deny-list) and its name for "allow for the session".
 */
import type { PicassoPlugin, ToolDefinition, ToolEffect } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type Scenario, startScenario, toolResults } from "./harness.js";

const deferred = (name: string, effect: ToolEffect): ToolDefinition => ({
  spec: { name, description: name, inputSchema: { type: "object" } },
  effect,
  family: "test",
  run: async (input) => ({ content: `${name} ran with ${JSON.stringify(input)}` }),
});
const catalog = new Map([
  ["lookup", deferred("lookup", "read")],
  ["deploy", deferred("deploy", "exec")],
  ["shell", deferred("shell", "exec")],
]);
const gateway: PicassoPlugin = {
  name: "gateway",
  registerTools: () => [
    {
      spec: {
        name: "tool_call",
        description: "call a deferred tool",
        inputSchema: {
          type: "object",
          properties: { name: { type: "string" }, arguments: { type: "object" } },
          required: ["name"],
        },
      },
      effect: "exec",
      family: "gateway",
      run: async (input, ctx) => {
        const target = catalog.get(String(input.name));
        if (!target) return { content: `unknown deferred tool ${String(input.name)}`, isError: true };
        return target.run((input.arguments ?? {}) as Record<string, unknown>, ctx);
      },
      // The gateway reports the effect of the tool a call runs.
      callEffect: (input) => {
        const target = catalog.get(String(input.name));
        if (!target) return { effect: "read" };
        const args = (input.arguments ?? {}) as Record<string, unknown>;
        return { effect: target.effect, target: { name: target.spec.name, input: args } };
      },
    },
  ],
};
const call = (name: string, args: Record<string, unknown> = {}) => ({
  name: "tool_call",
  input: { name, arguments: args },
});

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

describe("gateway calls", () => {
  it("ask per target and remember 'allow for the session' per target", async () => {
    scenario = await startScenario({
      plugins: [gateway],
      approve: () => ({ decision: "allow_session" }),
      script: {
        steps: [
          { tool_calls: [call("lookup"), call("deploy", { env: "prod" })] },
          { tool_calls: [call("deploy", { env: "prod" }), call("shell", { command: "ls" })] },
          { text: "done" },
        ],
      },
    });
    const events = await scenario.run("go");
    expect(toolResults(events).map((r) => r.status)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(scenario.approvals.map((a) => [a.name, a.target, a.effect])).toEqual([
      ["tool_call", "deploy", "exec"],
      ["tool_call", "shell", "exec"],
    ]);
  });

  it("run read targets in plan mode and refuse mutating ones; keep the deny-list on arguments", async () => {
    scenario = await startScenario({
      plugins: [gateway],
      mode: "plan",
      script: {
        steps: [{ tool_calls: [call("lookup"), call("deploy")] }, { text: "planned" }],
      },
    });
    const planned = toolResults(await scenario.run("plan"));
    expect(planned.map((r) => r.status)).toEqual(["ok", "denied"]);
    expect(planned[1]!.content).toContain("plan mode is on");
    await scenario.close();
    scenario = await startScenario({
      plugins: [gateway],
      mode: "auto",
      script: { steps: [{ tool_calls: [call("shell", { command: "rm -rf /" })] }, { text: "refused" }] },
    });
    const [refused] = toolResults(await scenario.run("wipe"));
    expect(refused).toMatchObject({ status: "denied" });
    expect(refused!.content).toContain("never run");
  });
});
