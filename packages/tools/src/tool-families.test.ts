import { afterAll, describe, expect, it } from "vitest";
import { deferredTools, toolFamilies, toolGroups } from "./deferred-tools.js";
import { builtinTools, createToolRuntime } from "./tool-runtime.js";

const runtime = createToolRuntime();
afterAll(() => runtime.dispose());

describe("the tools extension's families", () => {
  const declared = new Map(toolFamilies.map((f) => [f.name, f]));

  it("declare every deferred tool's family once, with a `when` for Tier 1 and rules for tool_search", () => {
    expect(declared.size).toBe(toolFamilies.length);
    for (const tool of deferredTools(runtime)) {
      const family = declared.get(tool.family);
      expect(family, `${tool.spec.name}: family ${tool.family}`).toBeDefined();
      expect(family!.when, tool.family).toMatch(/\S/);
      expect(family!.rules, tool.family).toMatch(/\S/);
    }
  });

  it("every deferred tool and its family declare what and when, one line each, distinct from their siblings", () => {
    const tools = deferredTools(runtime);
    for (const tool of tools) {
      for (const text of [tool.what, tool.when, declared.get(tool.family)?.what])
        expect(text, tool.spec.name).toMatch(/^[^\n]{12,160}$/);
      // Contrastive: no two tools of one family say the same what or when.
      const siblings = tools.filter((t) => t.family === tool.family && t !== tool);
      for (const sibling of siblings) {
        expect(sibling.what, `${tool.spec.name} vs ${sibling.spec.name}`).not.toBe(tool.what);
        expect(sibling.when, `${tool.spec.name} vs ${sibling.spec.name}`).not.toBe(tool.when);
      }
    }
  });

  it("file the core tools' families (fs, shell, agent) under a group too", () => {
    for (const name of ["bash", "read", "write", "edit", "search", "subagent"]) {
      const tool = builtinTools(runtime).find((t) => t.spec.name === name)!;
      expect(declared.get(tool.family)?.group, name).toBeDefined();
    }
  });

  it("join only groups they title, each titled once", () => {
    const titled = toolGroups.map((g) => g.group);
    expect(new Set(titled).size).toBe(titled.length);
    for (const family of toolFamilies) expect(titled, family.name).toContain(family.group);
    expect(titled).toEqual(["workspace", "web", "agents", "session", "present"]);
  });
});
