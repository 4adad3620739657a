/**
 * The "Add a Tier-1 section" recipe (docs/architecture.md), walked: a section is its text in the
 * code plus its row in patches/picasso-tier1.patch.yml. Every section the code defines is placed by
 * a row of that file, Tier 1 carries them in the rows' order, and both surfaces send the same bytes.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadComposition } from "../src/composition/load-composition.js";
import { createLeanContextPlugin } from "../src/plugin.js";
import { CANONICAL_SECTION_IDS } from "../src/sections/canonical-sections.js";
import { coreTools, deferredTools, families, groups } from "./fixtures/tools.js";

function place() {
  const root = mkdtempSync(join(tmpdir(), "lc-sections-"));
  mkdirSync(join(root, ".picasso"));
  const home = mkdtempSync(join(tmpdir(), "lc-sections-home-"));
  return { root, home };
}

async function tier1(surface: "cli" | "sdk", at: { root: string; home: string }) {
  const composition = loadComposition({ surface, picassoHome: at.home, workspaceRoot: at.root });
  const plugin = createLeanContextPlugin({ composition, stats: false, writeCatalog: false });
  return {
    composition,
    tier1: await plugin.assembleSystemPrompt!({
      surface,
      workspaceRoot: at.root,
      cwd: at.root,
      picassoHome: at.home,
      tools: [...coreTools(), ...deferredTools(), ...(plugin.registerTools?.() ?? [])],
      mcpServers: [],
      families: [...(plugin.families ?? []), ...families],
      groups: [...(plugin.groups ?? []), ...groups],
    }),
  };
}

describe("Tier-1 sections: the code's text and the patch file's rows", () => {
  it("every section the code defines is placed by a row of the Tier-1 patch file", async () => {
    const { composition } = await tier1("cli", place());
    expect([...composition.sections.map((s) => s.id)].sort()).toEqual([...CANONICAL_SECTION_IDS].sort());
  });

  it("Tier 1 carries the sections in the rows' order, the same bytes on both surfaces", async () => {
    const at = place();
    const cli = await tier1("cli", at);
    const sdk = await tier1("sdk", at);
    const placed = [...cli.composition.sections].sort((a, b) => a.order - b.order).map((s) => s.id);
    const sent = cli.tier1.sections.map((s) => s.id).filter((id) => placed.includes(id));
    expect(sent).toEqual(placed.filter((id) => sent.includes(id)));
    expect(sent.length).toBeGreaterThanOrEqual(placed.length - 1); // the persona prefix is empty by default
    expect(sdk.tier1.hash).toBe(cli.tier1.hash);
  });
});
