import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpPluginFor } from "./mcp-mount.js";
import { approveProjectConfig } from "./project-config.js";

const stdio = (name: string) =>
  ({
    name,
    file: "the client",
    scope: "project",
    transport: "stdio",
    command: "node",
    args: [],
    env: {},
  }) as const;

describe("MCP servers a surface's client passes", () => {
  it("are mounted beside the configured ones, replace one of their name, and bad names are problems", async () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-mount-"));
    writeFileSync(
      join(root, ".mcp.json"),
      JSON.stringify({
        mcpServers: { docs: { command: "node", args: ["docs.js"] }, fs: { command: "old" } },
      }),
    );
    approveProjectConfig({ workspaceRoot: root, picassoHome: root });
    const mcp = mcpPluginFor({
      workspaceRoot: root,
      picassoHome: root,
      reservedNames: ["bash", "tool_call"],
      version: "test",
      extraServers: [stdio("fs"), stdio("Bad Name"), stdio("bash"), stdio("notes")],
    });
    try {
      expect(mcp.status().map((s) => s.name)).toEqual(["docs", "fs", "notes"]);
      expect(mcp.problems).toEqual([
        'the client: server "Bad Name": the name becomes a tool name (Bad Name_call): use lowercase letters, digits, "_" and "-" (at most 48); left out',
        'the client: server "bash": the name clashes with a tool; left out',
      ]);
    } finally {
      await mcp.close();
    }
  });

  it("a project .mcp.json changed mid-session and not approved is not told as a removal; an approved user server added is", async () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-mount-watch-"));
    const home = mkdtempSync(join(tmpdir(), "mcp-mount-watch-home-"));
    writeFileSync(join(root, ".mcp.json"), JSON.stringify({ mcpServers: { docs: { command: "node" } } }));
    approveProjectConfig({ workspaceRoot: root, picassoHome: home });
    const mcp = mcpPluginFor({ workspaceRoot: root, picassoHome: home, reservedNames: [], version: "test" });
    const notices = () =>
      (
        (mcp.preStep?.({} as never) ?? { append: [] }) as {
          append: { message: { content: { text: string }[] } }[];
        }
      ).append.map((a) => a.message.content[0]!.text);
    try {
      writeFileSync(
        join(root, ".mcp.json"),
        JSON.stringify({ mcpServers: { evil: { command: "sh" } }, x: 1 }),
      );
      expect(notices()).toEqual([]);
      writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers: { mine: { command: "node" } } }));
      expect(notices()).toEqual([
        expect.stringContaining('MCP server "mine" was added to the configuration'),
      ]);
    } finally {
      await mcp.close();
    }
  });
});
