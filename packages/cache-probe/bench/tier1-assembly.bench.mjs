/**
 * Tier-1 assembly time (`node scripts/bench.mjs packages/cache-probe`):
 * - probe.tier1-assembly-ms: what a session does once at start — a fresh lean-context plugin
 *   loads the CLI composition and the workspace's instruction files and assembles Tier 1 (the
 *   probe's fixture shop workspace); median of 31 runs.
 * - probe.tier1-assemble-pure-ms: `assembleTier1` alone on already loaded inputs; median of 31
 *   batches of 20.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  assembleTier1,
  createLeanContextPlugin,
  loadComposition,
  loadInstructionFiles,
} from "@picasso/lean-context";
import { builtinTools } from "@picasso/tools";
import { shopWorkspace } from "../dist/scenarios/shop-workspace.js";
import { bench, round, timeMs } from "./bench-kit.mjs";

const root = mkdtempSync(join(tmpdir(), "picasso-bench-tier1-"));
const home = join(root, ".home");
mkdirSync(join(root, ".picasso"), { recursive: true });
mkdirSync(home);
for (const [path, text] of Object.entries(shopWorkspace())) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
const ctx = (tools) => ({
  surface: "cli",
  workspaceRoot: root,
  cwd: root,
  picassoHome: home,
  tools,
  mcpServers: [],
  skills: [],
  families: [],
});
try {
  const full = await timeMs(
    () => {
      const plugin = createLeanContextPlugin({ stats: false });
      const tools = [...builtinTools(), ...plugin.registerTools()];
      plugin.assembleSystemPrompt(ctx(tools));
    },
    { runs: 31 },
  );
  bench(
    "probe.tier1-assembly-ms",
    round(full),
    "ms",
    "fresh plugin: composition + instruction files + assembly; median of 31",
  );

  const plugin = createLeanContextPlugin({ stats: false });
  const tools = [...builtinTools(), ...plugin.registerTools()];
  const composition = loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: root });
  const instructions = loadInstructionFiles(root, root).files;
  const pure = await timeMs(
    () =>
      assembleTier1({
        composition,
        tools,
        mcpServers: [],
        instructions,
        skills: [],
        families: plugin.families,
      }),
    { runs: 31, batch: 20 },
  );
  bench(
    "probe.tier1-assemble-pure-ms",
    round(pure),
    "ms",
    "assembleTier1 on loaded inputs; median of 31 batches of 20",
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
