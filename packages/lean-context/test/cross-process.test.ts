/**
 * The Tier-1 hash is the same in another process: a child node process imports the built package
 * (dist/), assembles Tier 1 from the same inputs, and prints the hash. Run `npx tsc -b` first.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Tier1 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createLeanContextPlugin, loadComposition } from "../src/index.js";
import { coreTools, deferredTools, families, groups } from "./fixtures/tools.js";
import { agentsMd, fixtureServers, fixtureSkills } from "./fixtures/workspace-inputs.js";

const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));

const CHILD = `
const { createLeanContextPlugin, loadComposition } = await import(process.argv[1]);
let raw = "";
for await (const chunk of process.stdin) raw += chunk;
const input = JSON.parse(raw);
const composition = loadComposition({ surface: "cli", picassoHome: input.home, workspaceRoot: input.home });
const tools = input.specs.map((spec, i) => ({ spec, effect: "read", family: input.families[i], run: async () => ({ content: "" }) }));
const plugin = createLeanContextPlugin({ composition, loadInstructions: () => ({ files: input.instructions, warnings: [] }) });
const tier1 = plugin.assembleSystemPrompt({ surface: "cli", workspaceRoot: input.home, cwd: input.home, picassoHome: input.home, tools, mcpServers: input.servers, skills: input.skills, families: input.declared, groups: input.groups });
process.stdout.write(tier1.hash);
`;

describe("Tier 1 across processes", () => {
  it("a child process assembles the same hash", () => {
    const home = mkdtempSync(join(tmpdir(), "lc-xproc-"));
    const tools = [...coreTools(), ...deferredTools()];
    const input = {
      home,
      specs: tools.map((t) => t.spec),
      families: tools.map((t) => t.family),
      servers: fixtureServers,
      instructions: [agentsMd],
      skills: fixtureSkills,
      declared: families,
      groups,
    };
    const composition = loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: home });
    const plugin = createLeanContextPlugin({
      composition,
      loadInstructions: () => ({ files: [agentsMd], warnings: [] }),
    });
    const here = (
      plugin.assembleSystemPrompt!({
        surface: "cli",
        workspaceRoot: home,
        cwd: home,
        picassoHome: home,
        tools,
        mcpServers: fixtureServers,
        skills: fixtureSkills,
        families,
        groups,
      }) as Tier1
    ).hash;
    const hashes = [0, 1].map(() => {
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", CHILD, dist], {
        input: JSON.stringify(input),
        encoding: "utf8",
      });
      expect(child.stderr).toBe("");
      expect(child.status).toBe(0);
      return child.stdout;
    });
    expect(hashes).toEqual([here, here]);
  });
});
