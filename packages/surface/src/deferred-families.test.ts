/**
 * The deferred tool families (docs/tools.md) are reachable and never in Tier 1: every one has a
 * deferred row in the composition, none is core, and Tier 1 does not depend on them beyond the
 * one line naming which families exist — not on their number, names, schemas or descriptions.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assembleTier1, buildCatalog, createLeanContextPlugin, loadComposition } from "@picasso/lean-context";
import type { ToolDefinition } from "@picasso/protocol";
import { builtinTools, createToolRuntime, deferredTools, toolFamilies, toolGroups } from "@picasso/tools";
import { afterEach, describe, expect, it } from "vitest";

const runtime = createToolRuntime();
afterEach(() => runtime.dispose());

function cliComposition() {
  const root = mkdtempSync(join(tmpdir(), "surface-families-"));
  mkdirSync(join(root, ".picasso"));
  return loadComposition({ surface: "cli", picassoHome: process.env.PICASSO_HOME!, workspaceRoot: root });
}

function tier1(tools: ToolDefinition[]) {
  const composition = cliComposition();
  const lean = createLeanContextPlugin({ composition }).registerTools?.() ?? [];
  return assembleTier1({
    composition,
    tools: [...builtinTools(runtime), ...tools, ...lean],
    mcpServers: [],
    instructions: [],
    skills: [],
    families: toolFamilies,
  });
}

/** A stand-in with the same name and family, but another description, schema and effect. */
const stub = (tool: ToolDefinition): ToolDefinition => ({
  spec: {
    name: tool.spec.name,
    description: `Stand-in for ${tool.spec.name}.`,
    inputSchema: { type: "object", properties: { x: { type: "string" } }, additionalProperties: false },
  },
  effect: "read",
  family: tool.family,
  run: async () => ({ content: "stub" }),
});

describe("the deferred tool families", () => {
  const families = deferredTools(runtime);

  it("all have a deferred composition row with their family and a declared effect; none is core", () => {
    const composition = cliComposition();
    const rows = new Map(composition.tools.map((row) => [row.name, row]));
    for (const tool of families) {
      expect(rows.get(tool.spec.name), tool.spec.name).toMatchObject({
        tier: "deferred",
        family: tool.family,
      });
      expect(["read", "write", "exec", "network", "agent", "interactive"]).toContain(tool.effect);
    }
    const { tier1: t1, split } = tier1(families);
    const inTier1 = new Set(t1.tools.map((t) => t.name));
    for (const tool of families) expect(inTier1.has(tool.spec.name), tool.spec.name).toBe(false);
    expect(split.deferred.map((t) => t.spec.name)).toEqual(
      expect.arrayContaining(families.map((t) => t.spec.name)),
    );
  });

  it("do not change a Tier-1 byte by their schemas, descriptions, effects or number", () => {
    const real = tier1(families).tier1;
    expect(tier1(families.map(stub)).tier1.hash).toBe(real.hash);
    const onePerFamily = [...new Map(families.map((t) => [t.family, t])).values()];
    expect(onePerFamily.length).toBeLessThan(families.length);
    expect(tier1(onePerFamily).tier1.hash).toBe(real.hash);
    const gateways = real.system.find((b) => b.id === "lean:gateways")?.text ?? "";
    for (const family of new Set(families.map((t) => t.family))) expect(gateways).toContain(family);
  });

  it("are all reachable: tool_search finds each by exact name with its full schema", () => {
    const catalog = buildCatalog({
      deferred: tier1(families).split.deferred,
      families: toolFamilies,
      groups: toolGroups,
    });
    for (const tool of families) expect(catalog.tool(tool.spec.name), tool.spec.name).toBe(tool);
  });
});
