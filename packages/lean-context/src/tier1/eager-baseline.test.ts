import { describe, expect, it } from "vitest";
import { cliComposition } from "../../test/fixtures/composition.js";
import { coreTools, deferredTools, families } from "../../test/fixtures/tools.js";
import { agentsMd, fixtureSkills } from "../../test/fixtures/workspace-inputs.js";
import { assembleTier1 } from "./assemble-tier1.js";
import { assembleEagerBaseline } from "./eager-baseline.js";

describe("assembleEagerBaseline", () => {
  const composition = cliComposition();
  const bigAgents = {
    path: "AGENTS.md",
    text: `${agentsMd.text}\n${"- a long rule about the project\n".repeat(600)}`,
  };
  const skills = fixtureSkills.map((s) => ({
    ...s,
    body: `# ${s.name}\n${"Step: do the thing carefully.\n".repeat(80)}`,
  }));
  const servers = [
    { name: "github", tools: deferredTools().map((t) => ({ ...t.spec, name: `gh_${t.spec.name}` })) },
  ];
  const baseline = assembleEagerBaseline({
    composition,
    tools: [...coreTools(), ...deferredTools()],
    mcpServers: servers,
    instructions: [bigAgents],
    skills,
    memories: [{ id: "m1", body: "The user prefers tabs." }],
    families,
  });

  it("puts every core, deferred and MCP schema in tools and every body in system", () => {
    const names = baseline.tools.map((t) => t.name);
    for (const t of [...coreTools(), ...deferredTools()]) expect(names).toContain(t.spec.name);
    expect(names).toContain("github__gh_web_fetch");
    const ids = baseline.system.map((b) => b.id);
    expect(ids).toEqual(expect.arrayContaining(["instructions:AGENTS.md", "skill:release", "memory:m1"]));
    expect(baseline.system.find((b) => b.id === "instructions:AGENTS.md")!.text).toBe(bigAgents.text);
  });

  it("is much larger than the lean Tier 1 of the same inputs, and deterministic", () => {
    const lean = assembleTier1({
      composition,
      tools: [...coreTools(), ...deferredTools()],
      mcpServers: ["github"],
      instructions: [bigAgents],
      skills,
      families,
    }).tier1;
    expect(baseline.bytes.total).toBeGreaterThan(lean.bytes.total * 2);
    expect(
      assembleEagerBaseline({
        composition,
        tools: [...deferredTools(), ...coreTools()],
        mcpServers: servers,
        instructions: [bigAgents],
        skills: [...skills].reverse(),
        memories: [{ id: "m1", body: "The user prefers tabs." }],
        families,
      }).hash,
    ).toBe(baseline.hash);
  });
});
