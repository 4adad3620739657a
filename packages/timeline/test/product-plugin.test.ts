/**
 * The timeline of a session wired like the product: the core tools and the lean-context plugin
 * (its Tier 1, session facts and pre-step normaliser) on the engine, against the mock provider.
 * Not a golden — the product's sections and tools change — but the properties the timeline exists
 * to show: an exact-name `tool_search` is a Tier-2 `deferred_schema` load inside a tool result,
 * entering plan mode appends the mode notice and the plan section as reminders (a `plan_mode`
 * load), and none of it drops the cached prefix on later turns.
 */
import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession } from "@picasso/engine";
import { createLeanContextPlugin } from "@picasso/lean-context";
import { startMockServer } from "@picasso/mock-provider";
import { AnthropicProvider } from "@picasso/providers";
import { builtinTools, createToolRuntime } from "@picasso/tools";
import { describe, expect, it } from "vitest";
import { foldTimelineFile } from "../src/index.js";

describe("timeline of a product-wired session", () => {
  it("shows Tier-2 loads by kind and name and no prefix drop across turns and a mode switch", async () => {
    const server = await startMockServer({
      script: {
        steps: [
          { match: "which tool", tool_calls: [{ name: "tool_search", input: { query: "skill_search" } }] },
          { match: "skill_search", text: "skill_search finds skills." },
          { match: "plan it", text: "Plan: 1. read 2. change 3. test." },
          { match: "go on", text: "Done." },
        ],
      },
    });
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-timeline-product-")));
    writeFileSync(join(workspace, "AGENTS.md"), "# Rules\nRun the tests with npm test.\n");
    const runtime = createToolRuntime({ killGraceMs: 200 });
    const session = await createSession({
      provider: new AnthropicProvider({
        apiKey: "test-key",
        model: "mock-model",
        baseUrl: server.url,
        name: "mock",
      }),
      plugins: [
        { name: "core-tools", registerTools: () => builtinTools(runtime) },
        createLeanContextPlugin(),
      ],
      workspaceRoot: workspace,
      picassoHome: process.env.PICASSO_HOME!,
      surfaceLabel: "test",
    });
    const run = async (input: string) => {
      await session.runTurn(input);
    };
    try {
      await run("which tool finds skills?");
      session.setMode("plan");
      await run("plan it");
      session.setMode("default");
      await run("go on");
    } finally {
      session.close("test done");
      await runtime.dispose();
      await server.close();
    }
    const timeline = await foldTimelineFile(session.logPath);
    expect(timeline.turns.map((t) => t.mode)).toEqual(["default", "plan", "default"]);
    const [first, plan] = timeline.turns.map((t) => t.lanes.find((l) => l.lane === "main")!);
    expect(first!.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(["session_facts", "user", "tool_result", "tier2", "assistant"]),
    );
    expect(first!.entries.find((e) => e.kind === "tier2")).toMatchObject({
      tier2Kind: "deferred_schema",
      name: "skill_search",
      includedIn: "tool_result",
    });
    expect(plan!.entries.filter((e) => e.kind === "reminder").map((e) => e.name)).toEqual([
      "mode",
      "plan-mode",
    ]);
    expect(plan!.entries.find((e) => e.kind === "tier2")).toMatchObject({
      tier2Kind: "plan_mode",
      includedIn: "reminder",
    });
    const steps = timeline.turns.flatMap((t) => t.lanes.flatMap((l) => l.steps));
    expect(steps[0]!.prefixCheck).toBe("first");
    expect(steps.slice(1).map((s) => s.prefixCheck)).toEqual(steps.slice(1).map(() => "kept"));
    expect(timeline.totals.cacheDrops).toBe(0);
    expect(timeline.totals.cacheReadShare).toBeGreaterThan(0.5);
  });
});
