import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import type { ModelProvider, PicassoPlugin } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { type ComposedSession, composeSession } from "./compose-session.js";

/** Opening a session sends nothing; a provider that is called fails the test. */
const idleProvider: ModelProvider = {
  name: "idle",
  model: "idle-model",
  contextWindow: 200_000,
  stream() {
    throw new Error("opening a session must not call the provider");
  },
};

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
    wrapPlugins: (plugins: PicassoPlugin[]) => {
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
      expect(sdk.mounted).toEqual(["lean-context", "tools", "mcp"]);
      expect(sdk.mounted).toEqual(cli.mounted);
      const tools = sdk.composed.session.tier1.tools.map((t) => t.name);
      expect(tools).toEqual(expect.arrayContaining(["bash", "read", "edit", "tool_search", "tool_call"]));
      expect(sdk.composed.leanContext.assembly()?.tier1.hash).toBe(sdk.composed.session.tier1.hash);
      expect(sdk.composed.session.tier1.hash).toBe(cli.composed.session.tier1.hash);
      expect(sdk.composed.session.tier1.system).toEqual(cli.composed.session.tier1.system);
    } finally {
      await sdk.composed.close();
      await cli.composed.close();
    }
  });
});
