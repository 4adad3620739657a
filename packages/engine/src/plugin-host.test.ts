import type { PicassoPlugin, ToolDefinition } from "@picasso/protocol";
import { sealTier1, text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { PluginHost } from "./plugin-host.js";

const tool = (name: string): ToolDefinition => ({
  spec: { name, description: name, inputSchema: { type: "object" } },
  effect: "read",
  family: "core",
  run: async () => ({ content: name }),
});
const ctx = {
  surface: "cli" as const,
  workspaceRoot: "/w",
  cwd: "/w",
  picassoHome: "/h",
  mcpServers: [],
};

describe("PluginHost", () => {
  it("collects tools and refuses a duplicate name, naming both plugins", () => {
    const host = new PluginHost([{ name: "a", registerTools: () => [tool("x"), tool("y")] }]);
    expect(host.tools.map((t) => t.spec.name)).toEqual(["x", "y"]);
    expect(host.tool("y")?.spec.name).toBe("y");
    expect(
      () =>
        new PluginHost([
          { name: "a", registerTools: () => [tool("x")] },
          { name: "b", registerTools: () => [tool("x")] },
        ]),
    ).toThrow(/"x" is registered twice: by plugin a and by b/);
  });

  it("assembles Tier 1 once with the first assembler, or a default one", async () => {
    let calls = 0;
    const assembler: PicassoPlugin = {
      name: "lean",
      assembleSystemPrompt: (c) => {
        calls += 1;
        return sealTier1(
          c.tools.map((t) => t.spec),
          [{ id: "s", text: "custom" }],
        );
      },
    };
    const host = new PluginHost([{ name: "tools", registerTools: () => [tool("x")] }, assembler]);
    const first = await host.assemble(ctx);
    expect(await host.assemble(ctx)).toBe(first);
    expect(calls).toBe(1);
    expect(first.system[0]!.text).toBe("custom");
    const plain = await new PluginHost([{ name: "tools", registerTools: () => [tool("x")] }]).assemble(ctx);
    expect(plain.tools.map((t) => t.name)).toEqual(["x"]);
    expect(plain.system[0]!.text).toMatch(/^You are Picasso/);
    expect(plain.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("hands every plugin's catalog entries to the assembler, in plugin order", async () => {
    let seen: unknown;
    const host = new PluginHost([
      {
        name: "mcp",
        catalogEntries: (c) => [
          { kind: "mcp_server", name: "github", description: `Issues of ${c.workspaceRoot}.` },
        ],
      },
      {
        name: "docs",
        catalogEntries: async () => [{ kind: "doc", name: "docs/a.md", description: "A." }],
      },
      {
        name: "lean",
        assembleSystemPrompt: (c) => {
          seen = c.catalog;
          return sealTier1([], [{ id: "s", text: "x" }]);
        },
      },
    ]);
    await host.assemble(ctx);
    expect(seen).toEqual([
      { kind: "mcp_server", name: "github", description: "Issues of /w." },
      { kind: "doc", name: "docs/a.md", description: "A." },
    ]);
  });

  it("joins facts, isolates a failing pre-step plugin and namespaces settings", async () => {
    const errors: string[] = [];
    const host = new PluginHost([
      { name: "a", sessionFacts: () => "fact a", describeSettings: () => ({ namespace: "ns-a", value: 1 }) },
      {
        name: "bad",
        preStep: () => {
          throw new Error("boom");
        },
      },
      {
        name: "c",
        sessionFacts: () => "fact c",
        preStep: () => ({
          append: [{ source: "reminder", message: userMessage(text("r")) }],
          stats: { n: 1 },
        }),
      },
    ]);
    expect(host.sessionFacts({ workspaceRoot: "/w", cwd: "/w", date: "2026-01-01", platform: "linux" })).toBe(
      "fact a\n\nfact c",
    );
    const result = await host.preStep(
      { sessionId: "s", lane: "main", turn: 1, step: 0, mode: "default", messages: [], compactions: 0 },
      (plugin, error) => errors.push(`${plugin}: ${(error as Error).message}`),
    );
    expect(result.append).toHaveLength(1);
    expect(result.stats).toEqual({ c: { n: 1 } });
    expect(errors).toEqual(["bad: boom"]);
    expect(host.describeSettings()).toEqual({ "ns-a": 1 });
  });
});
