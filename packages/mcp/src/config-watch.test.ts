import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMcpPlugin } from "./mcp-plugin.js";

const step = {
  sessionId: "s",
  lane: "main",
  turn: 1,
  step: 0,
  mode: "default" as const,
  messages: [],
  compactions: 0,
};

describe("a configuration change during a session", () => {
  it("is told once per server, before the next step, and mounts nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-watch-"));
    const file = join(dir, ".mcp.json");
    let names = ["fs"];
    writeFileSync(file, '{"mcpServers":{"fs":{"command":"x"}}}');
    const plugin = createMcpPlugin({
      servers: [{ name: "fs", file, scope: "project", transport: "stdio", command: "x", args: [], env: {} }],
      picassoHome: dir,
      cwd: dir,
      clientVersion: "test",
      configWatch: { files: [file, join(dir, "absent.json")], names: () => names },
    });
    expect((await plugin.preStep!(step)).append).toEqual([]);

    names = ["fs", "github"];
    writeFileSync(file, '{"mcpServers":{"fs":{"command":"x"},"github":{"command":"gh"}}}');
    const added = (await plugin.preStep!(step)).append;
    expect(added).toHaveLength(1);
    expect(added[0]!.tier2).toMatchObject({ kind: "mcp_catalog", name: "github" });
    expect(JSON.stringify(added[0]!.message)).toContain("mounted from the next session, not in this one");
    expect((await plugin.preStep!(step)).append).toEqual([]);

    names = ["github"];
    writeFileSync(file, '{"mcpServers":{"github":{"command":"gh"}}}');
    const removed = (await plugin.preStep!(step)).append;
    expect(removed.map((a) => a.tier2?.name)).toEqual(["fs"]);
    expect(JSON.stringify(removed[0]!.message)).toContain("fs_call stays usable until this session ends");
    expect(plugin.registerTools!().map((t) => t.spec.name)).toEqual(["fs_call"]);
  });
});
