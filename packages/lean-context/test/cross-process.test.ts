/**
 * The Tier-1 hash is the same in another process: a child node process imports the built package
 * (dist/), assembles Tier 1 from the same inputs, and prints the hash. Run `npx tsc -b` first.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { assembleTier1, loadComposition } from "../src/index.js";
import { coreTools, deferredTools } from "./fixtures/tools.js";
import { agentsMd, fixtureServers, fixtureSkills } from "./fixtures/workspace-inputs.js";

const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));

const CHILD = `
const { assembleTier1, loadComposition } = await import(process.argv[1]);
let raw = "";
for await (const chunk of process.stdin) raw += chunk;
const input = JSON.parse(raw);
const composition = loadComposition({ surface: "cli", picassoHome: input.home, workspaceRoot: input.home });
const tools = input.specs.map((spec, i) => ({ spec, effect: "read", family: input.families[i], run: async () => ({ content: "" }) }));
const { tier1 } = assembleTier1({ composition, tools, mcpServers: input.servers, instructions: input.instructions, skills: input.skills });
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
    };
    const composition = loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: home });
    const here = assembleTier1({
      composition,
      tools,
      mcpServers: fixtureServers,
      instructions: [agentsMd],
      skills: fixtureSkills,
    }).tier1.hash;
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
