import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import type { PicassoExtension } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { idleProvider } from "../test/idle-provider.js";
import { type ComposedSession, composeSession } from "./compose-session.js";
import { approveProjectConfig } from "./project-config.js";

async function open(surface: "cli" | "sdk", workspaceRoot: string) {
  const mounted: string[] = [];
  const composed: ComposedSession = await composeSession({
    provider: idleProvider,
    workspaceRoot,
    picassoHome: process.env.PICASSO_HOME!,
    surface,
    surfaceLabel: surface,
    version: "test",
    approver: allowListApprover([]),
    wrapPlugins: (plugins: PicassoExtension[]) => {
      mounted.push(...plugins.map((p) => p.name));
      return plugins;
    },
  });
  return { composed, mounted };
}

describe("composeSession per surface", () => {
  it("the sdk surface composes and mounts its plugins, and sends the cli's Tier 1 for the same workspace", async () => {
    const workspace = mkdtempSync(join(tmpdir(), "surface-sdk-"));
    writeFileSync(join(workspace, "AGENTS.md"), "# Shop\nRun `npm test` before committing.\n");
    const cli = await open("cli", workspace);
    const sdk = await open("sdk", workspace);
    try {
      expect(sdk.mounted).toEqual([
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
      expect(sdk.mounted).toEqual(cli.mounted);
      const tools = sdk.composed.session.tier1.tools.map((t) => t.name);
      expect(tools).toEqual(
        expect.arrayContaining(["bash", "read", "edit", "remember", "recall", "tool_search", "tool_call"]),
      );
      expect(sdk.composed.leanContext.assembly()?.tier1.hash).toBe(sdk.composed.session.tier1.hash);
      expect(sdk.composed.session.tier1.hash).toBe(cli.composed.session.tier1.hash);
      expect(sdk.composed.session.tier1.system).toEqual(cli.composed.session.tier1.system);
    } finally {
      await sdk.composed.close();
      await cli.composed.close();
    }
  });

  it("a composition without the memory row never opens memory.db and has no memory tools", async () => {
    const workspace = mkdtempSync(join(tmpdir(), "surface-nomem-"));
    mkdirSync(join(workspace, ".picasso"));
    writeFileSync(
      join(workspace, ".picasso", "picasso.patch.yml"),
      "- disable: { plugin: memory }\n- disable: { tool: remember }\n- disable: { tool: recall }\n",
    );
    const home = mkdtempSync(join(tmpdir(), "surface-nomem-home-"));
    approveProjectConfig({ workspaceRoot: workspace, picassoHome: home });
    const composed = await composeSession({
      provider: idleProvider,
      workspaceRoot: workspace,
      picassoHome: home,
      surface: "cli",
      surfaceLabel: "cli",
      version: "test",
      approver: allowListApprover([]),
    });
    try {
      expect(composed.session.tier1.tools.map((t) => t.name)).not.toContain("recall");
      expect(composed.warnings()).toEqual([]);
      expect(existsSync(join(home, "memory.db"))).toBe(false);
    } finally {
      await composed.close();
    }
  });
});

describe("composition settings reach the deferred tools", () => {
  it("web.allowPrivateNetwork from the project's patch file lets web_fetch reach 127.0.0.1; the default refuses it", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("local status: ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
    const plain = mkdtempSync(join(tmpdir(), "surface-web-"));
    const allowing = mkdtempSync(join(tmpdir(), "surface-web-"));
    mkdirSync(join(allowing, ".picasso"));
    writeFileSync(
      join(allowing, ".picasso", "picasso.patch.yml"),
      '- override: { settings: { web.allowPrivateNetwork: true, web.searchUrl: "http://127.0.0.1:1" } }\n',
    );
    approveProjectConfig({ workspaceRoot: allowing, picassoHome: process.env.PICASSO_HOME! });
    const a = await open("cli", plain);
    const b = await open("cli", allowing);
    try {
      const fetchIn = (c: ComposedSession) => {
        const tool = c.session.rt.host.tool("web_fetch");
        if (!tool) throw new Error("web_fetch is not registered");
        const ctx = { signal: new AbortController().signal } as Parameters<typeof tool.run>[1];
        return tool.run({ url }, ctx);
      };
      const refused = await fetchIn(a.composed);
      expect(refused.isError).toBe(true);
      expect(refused.content).toContain("a loopback or private-network address");
      const fetched = await fetchIn(b.composed);
      expect(fetched.content).toContain("local status: ok");
      // Settings that shape no Tier-1 byte: both sessions send the same Tier 1.
      expect(b.composed.session.tier1.hash).toBe(a.composed.session.tier1.hash);
    } finally {
      await a.composed.close();
      await b.composed.close();
      server.close();
    }
  });
});
