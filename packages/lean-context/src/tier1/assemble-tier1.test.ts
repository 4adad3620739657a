import { canonicalJson } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { cliComposition } from "../../test/fixtures/composition.js";
import { coreTools, deferredTools, families, reversedKeys } from "../../test/fixtures/tools.js";
import { agentsMd, fixtureServers, fixtureSkills } from "../../test/fixtures/workspace-inputs.js";
import { assembleTier1, type Tier1Input } from "./assemble-tier1.js";

const input = (): Tier1Input => ({
  composition: cliComposition(),
  tools: [...coreTools(), ...deferredTools()],
  mcpServers: fixtureServers,
  instructions: [agentsMd],
  skills: fixtureSkills,
  families,
});

describe("assembleTier1", () => {
  it("orders tools: core (composition order), tool_search, tool_call, then <server>_call sorted", () => {
    const { tier1, split } = assembleTier1(input());
    expect(tier1.tools.map((t) => t.name)).toEqual([
      "bash",
      "read",
      "write",
      "edit",
      "search",
      "todo_write",
      "ask_user",
      "subagent",
      "tool_search",
      "tool_call",
      "github_call",
      "linear_call",
    ]);
    expect(split.deferred.map((t) => t.spec.name)).toEqual(
      deferredTools()
        .map((t) => t.spec.name)
        .sort(),
    );
  });

  it("orders system: the canonical sections, then the instruction index, then the skill index", () => {
    const { tier1 } = assembleTier1(input());
    expect(tier1.system.map((b) => b.id)).toEqual([
      "harness:identity",
      "deployment:persona-prefix",
      "style:response",
      "practice:engineering",
      "context:file-reference",
      "tool:core",
      "lean:gateways",
      "instructions:index",
      "skills:index",
    ]);
    expect(tier1.system[0]!.text.startsWith("You are Picasso")).toBe(true);
    expect(tier1.sections.map((s) => s.id)).toEqual(tier1.system.map((b) => b.id));
  });

  it("is the same bytes whatever order the inputs' keys and tools arrive in", () => {
    const a = assembleTier1(input()).tier1;
    const shuffled = input();
    shuffled.tools = reversedKeys([...shuffled.tools].reverse());
    shuffled.mcpServers = [...fixtureServers].reverse();
    shuffled.skills = [...fixtureSkills].reverse();
    const b = assembleTier1(shuffled).tier1;
    expect(b.hash).toBe(a.hash);
    expect(JSON.stringify(b.tools)).toBe(JSON.stringify(a.tools));
    // the specs handed to a provider are already in canonical key order
    expect(JSON.stringify(a.tools)).toBe(canonicalJson(a.tools));
  });

  it("repeated runs give the same hash", () => {
    const hashes = new Set(Array.from({ length: 5 }, () => assembleTier1(input()).tier1.hash));
    expect(hashes.size).toBe(1);
  });

  it("holds no clock, no mode and no machine paths", () => {
    const text = canonicalJson(assembleTier1(input()).tier1);
    expect(text).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
    expect(text).not.toMatch(/\b\d\d:\d\d:\d\d\b/);
    expect(text).not.toContain(process.cwd());
    expect(text).not.toContain("/tmp/");
    expect(text).not.toMatch(/mode is now|Permission mode is/);
    expect(text).not.toContain("Plan mode");
  });

  it("never names anything underneath Picasso", () => {
    const system = assembleTier1(input())
      .tier1.system.map((b) => b.text)
      .join("\n");
    expect(system).not.toMatch(/\b(Claude|Anthropic|OpenAI|GPT|Gemini|Codex)\b/i);
  });

  it("byte sizes add up and the hash covers tools and system", () => {
    const { tier1 } = assembleTier1(input());
    expect(tier1.bytes.total).toBe(tier1.bytes.tools + tier1.bytes.system);
    expect(tier1.bytes.system).toBe(tier1.sections.reduce((n, s) => n + s.bytes, 0));
    expect(tier1.toolSizes.map((t) => t.name)).toEqual(tier1.tools.map((t) => t.name));
    const changed = input();
    changed.instructions = [{ ...agentsMd, text: `${agentsMd.text}\nOne more rule.` }];
    expect(assembleTier1(changed).tier1.hash).not.toBe(tier1.hash);
  });

  it("keeps the system text within the size budget (4–9 KB with a small AGENTS.md)", () => {
    const { tier1 } = assembleTier1(input());
    expect(tier1.bytes.system).toBeGreaterThan(4 * 1024);
    expect(tier1.bytes.system).toBeLessThan(9 * 1024);
  });

  it("a core row without a registered tool is reported missing and left out", () => {
    const partial = input();
    partial.tools = coreTools().filter((t) => t.spec.name !== "subagent");
    const { tier1, split } = assembleTier1(partial);
    // The fixture's core tools have no `skill` (lean context registers it) and no `remember` or
    // `recall` (@picasso/memory does), so they are missing too.
    expect(split.missing).toEqual(["skill", "remember", "recall", "subagent"]);
    expect(tier1.tools.map((t) => t.name)).not.toContain("subagent");
  });

  it("golden Tier 1: section ids, bytes and hash (review when the snapshot changes)", () => {
    const { tier1 } = assembleTier1(input());
    expect({
      hash: tier1.hash,
      bytes: tier1.bytes,
      sections: tier1.sections.map(({ id, bytes }) => ({ id, bytes })),
      tools: tier1.toolSizes,
    }).toMatchSnapshot();
  });
});
