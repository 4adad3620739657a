import { describe, expect, it } from "vitest";
import { cliComposition } from "../../test/fixtures/composition.js";
import { coreTools, deferredTools, families } from "../../test/fixtures/tools.js";
import { agentsMd, fixtureSkills } from "../../test/fixtures/workspace-inputs.js";
import { assembleTier1 } from "../tier1/assemble-tier1.js";
import { assembleEagerBaseline } from "../tier1/eager-baseline.js";
import { buildContextReport } from "./context-report.js";
import { renderContextReport } from "./render-context-report.js";

describe("context report", () => {
  const composition = cliComposition();
  const tools = [...coreTools(), ...deferredTools()];
  const assembly = assembleTier1({
    composition,
    tools,
    mcpServers: ["github"],
    instructions: [agentsMd],
    skills: fixtureSkills,
    families,
  });
  const baseline = assembleEagerBaseline({
    composition,
    tools,
    mcpServers: [{ name: "github", tools: deferredTools().map((t) => t.spec) }],
    instructions: [agentsMd],
    skills: fixtureSkills.map((s) => ({ ...s, body: "step\n".repeat(400) })),
    memories: [],
    families,
  });
  const report = buildContextReport({ assembly, baseline, composition, mode: "plan", warnings: ["w1"] });

  it("lists every section and tool with bytes and estimated tokens, and the totals", () => {
    expect(report.hash).toBe(assembly.tier1.hash);
    expect(report.sections.map((s) => s.id)).toEqual(assembly.tier1.system.map((b) => b.id));
    expect(report.sections.reduce((n, s) => n + s.bytes, 0)).toBe(report.bytes.system);
    expect(report.tools.map((t) => t.kind)).toEqual([...Array(8).fill("core"), "gateway", "gateway", "mcp"]);
    for (const item of [...report.sections, ...report.tools]) expect(item.estimatedTokens).toBeGreaterThan(0);
    expect(report.deferredTools).toHaveLength(6);
    expect(report.baseline.bytes).toBe(baseline.bytes.total);
    expect(report.baseline.reductionPercent).toBeGreaterThan(0);
  });

  it("renders as text with labelled estimates, caps and warnings", () => {
    const text = renderContextReport(report);
    expect(text.split("\n")[0]).toBe(`Tier 1 (cli, mode plan)  hash ${report.hash}`);
    expect(text).toMatch(/tool:core +\d+ B +\d+ ~tok/);
    expect(text).toMatch(/smaller than loading everything eagerly/);
    expect(text).toContain("skills: 3 known, 3 with trigger, 0 by name, 0 behind skill_search");
    expect(text).toContain("Warnings\n  w1");
    expect(text).toMatch(/Note: token counts are estimates/);
  });

  it("counts deferred tools the same way in the tools header and in the baseline verdict", () => {
    // A Tier 1 larger than its baseline: the verdict names the deferred tools the header counts.
    const larger = { ...report, baseline: { ...report.baseline, reductionPercent: -4.6 } };
    const text = renderContextReport(larger);
    const n = report.deferredTools.length;
    expect(text).toContain(`${n} deferred behind tool_search`);
    expect(text).toContain(`the gateways cost more than the ${n} deferred tools they keep out of it`);
    expect(text).not.toContain("nothing is deferred");
  });
});
