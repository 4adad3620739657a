import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadComposition } from "@picasso/lean-context";
import { isUserError, type PicassoExtension } from "@picasso/protocol";
import { toolFamilies } from "@picasso/tools";
import { describe, expect, it } from "vitest";
import { EXTENSION_REGISTRY, mountExtensions } from "./extension-registry.js";
import { engineSettingsFrom, mountedFamilies, mountedTools } from "./plugin-mounts.js";
import { approveProjectConfig } from "./project-config.js";

function workspace(files: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), "surface-ws-"));
  mkdirSync(join(root, ".picasso"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  approveProjectConfig({ workspaceRoot: root, picassoHome: process.env.PICASSO_HOME! });
  return root;
}

function place(root: string) {
  const picassoHome = process.env.PICASSO_HOME!;
  const composition = loadComposition({ surface: "cli", picassoHome, workspaceRoot: root });
  return { composition, workspaceRoot: root, picassoHome, version: "test", offline: true };
}

const MCP_JSON = JSON.stringify({ mcpServers: { fs: { command: "node", args: [] } } });

describe("mounting the composition's extensions through the registry", () => {
  it("mounts lean context, the core tools, memory and the MCP servers in the composition's order", async () => {
    const root = workspace({ ".mcp.json": MCP_JSON });
    const at = place(root);
    const mounted = mountExtensions(at);
    try {
      expect(mounted.extensions.map((p) => p.name)).toEqual(at.composition.plugins.map((row) => row.name));
      expect(mounted.extensions.map((p) => p.name)).toEqual([
        "lean-context",
        "tools",
        "memory",
        "mcp",
        "changes",
        "init",
        "hooks",
        "agents",
        "workflows",
        "watch",
        "loops",
        "teams",
        "commands",
      ]);
      expect(mounted.leanContext && mounted.toolRuntime && mounted.memory && mounted.mcp).toBeTruthy();
      expect(mountedTools(mounted).map((t) => t.spec.name)).toEqual(
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
    } finally {
      await mounted.close();
    }
  });

  it("a row left out mounts nothing, and its handle stays undefined", async () => {
    const root = workspace();
    writeFileSync(join(root, ".picasso", "picasso.patch.yml"), "- disable: { plugin: mcp }\n");
    approveProjectConfig({ workspaceRoot: root, picassoHome: process.env.PICASSO_HOME! });
    const mounted = mountExtensions(place(root));
    try {
      expect(mounted.extensions.map((p) => p.name)).toEqual([
        "lean-context",
        "tools",
        "memory",
        "changes",
        "init",
        "hooks",
        "agents",
        "workflows",
        "watch",
        "loops",
        "teams",
        "commands",
      ]);
      expect(mounted.mcp).toBeUndefined();
    } finally {
      await mounted.close();
    }
  });

  it("a new extension is one registry line: its factory sees the extensions mounted before it", async () => {
    const root = workspace();
    const at = place(root);
    const seen: string[][] = [];
    const closed: string[] = [];
    const probe: PicassoExtension = { name: "probe", close: () => void closed.push("probe") };
    const registry = {
      ...EXTENSION_REGISTRY,
      probe: (_: unknown, before: { extensions: readonly PicassoExtension[] }) => {
        seen.push(before.extensions.map((e) => e.name));
        return { extension: probe, warnings: () => ["probe: one warning"] };
      },
    };
    const composition = {
      ...at.composition,
      plugins: [...at.composition.plugins, { name: "probe", config: {} }],
    };
    const mounted = mountExtensions({ ...at, composition }, registry);
    expect(seen).toEqual([
      [
        "lean-context",
        "tools",
        "memory",
        "mcp",
        "changes",
        "init",
        "hooks",
        "agents",
        "workflows",
        "watch",
        "loops",
        "teams",
        "commands",
      ],
    ]);
    expect(mounted.warnings()).toContain("probe: one warning");
    await mounted.close();
    expect(closed).toEqual(["probe"]);
  });

  it("collects the families and catalog groups the extensions declare, in mount order", async () => {
    const mounted = mountExtensions(place(workspace()));
    try {
      const { families, groups } = mountedFamilies(mounted);
      expect(families.map((f) => f.name)).toEqual([
        "skills",
        ...toolFamilies.map((f) => f.name),
        "memory",
        "workflow",
        "watch",
        "ralph",
        "team",
      ]);
      expect(families.find((f) => f.name === "memory")).toEqual({ name: "memory", group: "session" });
      expect(groups.map((g) => g.group)).toEqual([
        "skills",
        "mcp",
        "docs",
        "commands",
        "workspace",
        "web",
        "agents",
        "session",
        "present",
      ]);
      expect(groups.find((g) => g.group === "agents")?.title).toBe("Subagent control and goals");
    } finally {
      await mounted.close();
    }
  });

  it("takes engine settings from the composition", () => {
    const settings = engineSettingsFrom(place(workspace()).composition);
    expect(settings.toolOutputLimitBytes).toBeGreaterThan(0);
    expect(settings.compactAt).toBeGreaterThan(0);
    expect(settings.compactAt).toBeLessThanOrEqual(1);
  });

  it("names an unknown plugin row and the known ones", () => {
    const at = place(workspace());
    const composition = {
      ...at.composition,
      plugins: [...at.composition.plugins, { name: "telepathy", config: {} }],
    };
    let error: unknown;
    try {
      mountExtensions({ ...at, composition });
    } catch (e) {
      error = e;
    }
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /plugin "telepathy" .* known: lean-context, tools, memory, mcp, changes, init, hooks, agents, workflows, watch, loops, teams, commands$/,
    );
  });
});
