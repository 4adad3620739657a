import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLeanContextPlugin, loadComposition } from "@picasso/lean-context";
import { createMcpPlugin } from "@picasso/mcp";
import { isUserError } from "@picasso/protocol";
import { createToolRuntime, toolFamilies } from "@picasso/tools";
import { afterEach, describe, expect, it } from "vitest";
import { composedFamilies, composedTools, engineSettingsFrom, mountPlugins } from "./plugin-mounts.js";
import { approveProjectConfig } from "./project-config.js";
import { createSessionMemory } from "./session-memory.js";

const runtime = createToolRuntime();
afterEach(() => runtime.dispose());

function composition(projectPatch?: string) {
  const root = mkdtempSync(join(tmpdir(), "surface-ws-"));
  mkdirSync(join(root, ".picasso"));
  if (projectPatch) writeFileSync(join(root, ".picasso", "picasso.patch.yml"), projectPatch);
  approveProjectConfig({ workspaceRoot: root, picassoHome: process.env.PICASSO_HOME! });
  return loadComposition({ surface: "cli", picassoHome: process.env.PICASSO_HOME!, workspaceRoot: root });
}

describe("mounting the composition's plugins", () => {
  it("mounts lean context, the core tools, memory and the MCP servers in the composition's order", () => {
    const comp = composition();
    const leanContext = createLeanContextPlugin({ composition: comp });
    const memory = createSessionMemory({
      picassoHome: process.env.PICASSO_HOME!,
      workspaceRoot: tmpdir(),
      composition: comp,
    });
    const mcp = createMcpPlugin({
      servers: [
        {
          name: "fs",
          file: "/x/.mcp.json",
          scope: "project",
          transport: "stdio",
          command: "node",
          args: [],
          env: {},
        },
      ],
      picassoHome: process.env.PICASSO_HOME!,
      cwd: process.cwd(),
      clientVersion: "test",
    });
    const plugins = mountPlugins(comp, { leanContext, toolRuntime: runtime, memory, mcp });
    expect(plugins.map((p) => p.name)).toEqual(comp.plugins.map((row) => row.name));
    expect(plugins.map((p) => p.name)).toEqual(["lean-context", "tools", "memory", "mcp"]);
    const names = composedTools(comp, { leanContext, toolRuntime: runtime, memory, mcp }).map(
      (t) => t.spec.name,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        "bash",
        "read",
        "edit",
        "tool_search",
        "tool_call",
        "remember",
        "recall",
        "fs_call",
      ]),
    );
    // Without the memory and MCP plugins their rows mount nothing.
    expect(mountPlugins(comp, { leanContext, toolRuntime: runtime }).map((p) => p.name)).toEqual([
      "lean-context",
      "tools",
    ]);
  });

  it("collects the families and group titles the mounted plugins declare, in mount order", () => {
    const comp = composition();
    const leanContext = createLeanContextPlugin({ composition: comp });
    const memory = createSessionMemory({
      picassoHome: process.env.PICASSO_HOME!,
      workspaceRoot: tmpdir(),
      composition: comp,
    });
    const { families, groups } = composedFamilies(comp, { leanContext, toolRuntime: runtime, memory });
    expect(families.map((f) => f.name)).toEqual(["skills", ...toolFamilies.map((f) => f.name), "memory"]);
    expect(families.find((f) => f.name === "memory")).toEqual({ name: "memory", group: "session" });
    expect(groups.map((g) => g.group)).toEqual([
      "skills",
      "mcp",
      "docs",
      "workspace",
      "web",
      "agents",
      "session",
      "present",
    ]);
    expect(groups.find((g) => g.group === "agents")?.title).toBe("Subagent control and goals");
  });

  it("takes engine settings from the composition", () => {
    const settings = engineSettingsFrom(composition());
    expect(settings.toolOutputLimitBytes).toBeGreaterThan(0);
    expect(settings.compactAt).toBeGreaterThan(0);
    expect(settings.compactAt).toBeLessThanOrEqual(1);
  });

  it("names an unknown plugin row and the known ones", () => {
    const comp = composition();
    const bad = { ...comp, plugins: [...comp.plugins, { ...comp.plugins[0]!, name: "telepathy" }] };
    const leanContext = createLeanContextPlugin({ composition: comp });
    const memory = createSessionMemory({
      picassoHome: process.env.PICASSO_HOME!,
      workspaceRoot: tmpdir(),
      composition: comp,
    });
    let error: unknown;
    try {
      mountPlugins(bad, { leanContext, toolRuntime: runtime, memory });
    } catch (e) {
      error = e;
    }
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /plugin "telepathy" .* known: lean-context, tools, memory, mcp$/,
    );
  });
});
