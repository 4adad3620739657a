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
