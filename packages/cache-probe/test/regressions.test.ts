/**
 * Deliberately injected regressions, each caught by the probe. They are injected from outside the
 * product — a provider wrapper that rewrites requests on their way out (`mutate`), or a wrapping
 * plugin — never by editing product code: a timestamp in a section, a tool-order shuffle, a mode
 * flag in the system prompt, an MCP tool added to `tools` mid-session, and a request that grows
 * 20+ blocks past a lone trailing breakpoint. The same scenario without the injection is clean, and
 * a clock stamped into Tier 1 by a wrapping plugin cannot drift across a resume.
 */
import { tier1From } from "@picasso/engine";
import type { PicassoPlugin, ToolSpec } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import type { RequestMutation } from "../src/probe-recorder.js";
import { buildReport } from "../src/probe-report.js";
import { runScenario, type ScenarioRun } from "../src/run-scenario.js";
import { codingScenario, resumeScenario } from "../src/scenarios/index.js";

const probe = (mutate?: RequestMutation, plugins?: (p: PicassoPlugin[]) => PicassoPlugin[]) =>
  runScenario(codingScenario, {
    rules: "anthropic",
    minCacheable: 1024,
    ...(mutate ? { mutate } : {}),
    ...(plugins ? { plugins } : {}),
  });
const drops = (run: ScenarioRun) => run.findings.filter((f) => !f.expected);

const githubTool: ToolSpec = {
  name: "github__create_issue",
  description: "Create an issue (an MCP tool mounted mid-session)",
  inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
};

describe("injected regressions", () => {
  it("baseline: the uninjected scenario has no drops", async () => {
    expect(drops(await probe())).toEqual([]);
  });

  it("a timestamp rendered into a section on every request", async () => {
    const clock = Date.parse("2026-01-15T09:00:00Z");
    const run = await probe((request, { n }) => {
      const block = request.system[2]!;
      block.text = `${block.text}\nCurrent time: ${new Date(clock + n * 60_000).toISOString()}`;
      return request;
    });
    const first = drops(run)[0]!;
    expect(first).toMatchObject({ kind: "tier1-changed", segment: "system", index: 2, n: 2 });
    expect(first.before).toContain("Current time: 2026-01-15T09:01");
    expect(first.after).toContain("Current time: 2026-01-15T09:02");
    expect(buildReport([run]).drops.length).toBeGreaterThan(0);
  });

  it("a tool-order shuffle", async () => {
    const run = await probe((request, { n }) => {
      if (n >= 10) request.tools = [request.tools[1]!, request.tools[0]!, ...request.tools.slice(2)];
      return request;
    });
    const first = drops(run)[0]!;
    expect(first).toMatchObject({ kind: "tier1-changed", segment: "tools", index: 0, n: 10 });
    expect(first.name).toBe("bash");
  });

  it("a mode flag in the system prompt", async () => {
    const run = await probe((request, { mode }) => {
      request.system = [...request.system, { id: "mode", text: `Permission mode: ${mode}` }];
      return request;
    });
    const first = drops(run)[0]!;
    const firstPlan = run.steps.find((s) => s.mode === "plan")!;
    expect(first).toMatchObject({ kind: "tier1-changed", segment: "system", n: firstPlan.n });
    expect(first.after).toContain("plan");
  });

  it("an MCP tool added to `tools` mid-session", async () => {
    const run = await probe((request, { n }) => {
      if (n >= 20) request.tools = [...request.tools, githubTool];
      return request;
    });
    const first = drops(run)[0]!;
    expect(first).toMatchObject({
      kind: "tier1-changed",
      segment: "tools",
      name: "github__create_issue",
      n: 20,
    });
    // The simulated cache agrees: the request read nothing past nothing.
    expect(run.steps[19]!.usage.read).toBe(0);
  });

  it("a clock rendered into Tier 1 at assembly cannot drift across a resume: the logged Tier 1 is kept", async () => {
    // A wrapping plugin around lean context that stamps the assembly time into a system block —
    // a regression inside the prefix. Each session assembles once; the resumed session must send
    // the Tier 1 it logged, not its fresh (different) assembly.
    let assemblies = 0;
    const inProcess = {
      ...resumeScenario,
      actions: resumeScenario.actions.map((a) => (a.kind === "resume" ? { kind: "resume" as const } : a)),
    };
    const run = await runScenario(inProcess, {
      rules: "anthropic",
      minCacheable: 1024,
      plugins: (plugins) =>
        plugins.map((plugin) => {
          const assemble = plugin.assembleSystemPrompt;
          if (!assemble) return plugin;
          return {
            ...plugin,
            async assembleSystemPrompt(ctx) {
              const tier1 = await assemble.call(plugin, ctx);
              assemblies += 1;
              return tier1From(tier1.tools, [
                ...tier1.system,
                { id: "clock", text: `Assembled at tick ${assemblies}` },
              ]);
            },
          } satisfies PicassoPlugin;
        }),
    });
    expect(assemblies).toBe(2);
    expect(run.steps.every((s) => s.request.system.at(-1)?.text === "Assembled at tick 1")).toBe(true);
    expect(drops(run)).toEqual([]);
  });

  it("a request that grows 20+ blocks past a lone trailing breakpoint", async () => {
    const run = await probe((request) => {
      request.cacheBreakpoints = request.cacheBreakpoints.slice(-1);
      return request;
    });
    const found = drops(run);
    const wide = run.steps.find(
      (s) => s.fingerprint.blocks - (run.steps[s.n - 2]?.fingerprint.blocks ?? 0) >= 50,
    )!;
    expect(found.some((f) => f.kind === "lookback" && f.n === wide.n)).toBe(true);
    expect(found.some((f) => f.kind === "cache-shortfall" && f.n === wide.n)).toBe(true);
  });
});
