/**
 * `hello`: one turn, one request — the first-turn prefix the baseline report is about, in a
 * realistic user's setup: the shop (a real-sized AGENTS.md with its docs routing table), three
 * real MCP servers from npm in `.mcp.json` (filesystem, everything, and the knowledge-graph
 * memory server no other scenario uses), the 30 skills of the `skills` scenario (10 project, 20
 * user, bodies at public collections' size), 100 memories of this workspace (5 pinned) and every
 * deferred tool family the product registers.
 */

import { binOf, mcpJson, npmServers } from "./mcp.js";
import { memoryScenario } from "./memory.js";
import { type Scenario, type ScenarioMemory, say, turn } from "./scenario.js";
import { skillsScenario } from "./skills.js";

/**
 * `.mcp.json` of the setup: absolute paths to this Node and the servers' entry files. The memory
 * server keeps its graph where `MEMORY_FILE_PATH` says (relative paths resolve inside its own
 * package), so a shell line points it into the workspace's `.picasso/` folder.
 */
export function helloMcpConfig(): string {
  const graph = 'MEMORY_FILE_PATH="$(pwd)/.picasso/knowledge-graph.jsonl" exec "$0" "$1"';
  return mcpJson({
    ...npmServers(),
    graph: {
      command: "/bin/sh",
      args: ["-c", graph, process.execPath, binOf("@modelcontextprotocol/server-memory")],
    },
  });
}

const MORE_PINNED: ScenarioMemory[] = [
  {
    class: "pinned",
    title: "Migrations need a rollback",
    body: "Every file in migrations/ has its down step; CI applies and reverts each one.",
    scope: "project",
    importance: 5,
  },
  {
    class: "pinned",
    title: "No personal data in logs",
    body: "Log order ids only — never names, emails or addresses.",
    scope: "project",
    importance: 5,
  },
  {
    class: "pinned",
    title: "Ask before touching payments",
    body: "Changes under src/shop/payments.ts or refunds.ts need my go-ahead first.",
    scope: "user",
    importance: 5,
  },
];

/**
 * The `memory` scenario's memories with three more pinned ones in place of three indexed ones:
 * 100 of this workspace (5 pinned, 3 preferences, 92 facts, procedures and episodes), 10 of
 * another project.
 */
function helloMemories(): ScenarioMemory[] {
  const all = memoryScenario.memories ?? [];
  return [...all.slice(0, 2), ...MORE_PINNED, ...all.slice(2, 5), ...all.slice(8)];
}

/** The realistic setup the `hello`, `coding`, `acp` and `next-day` scenarios run in. */
export const realisticSetup: Pick<Scenario, "files" | "homeFiles" | "memories"> = {
  files: { ...skillsScenario.files, ".mcp.json": helloMcpConfig() },
  ...(skillsScenario.homeFiles ? { homeFiles: skillsScenario.homeFiles } : {}),
  memories: helloMemories(),
};

export const helloScenario: Scenario = {
  name: "hello",
  description: "one turn in a realistic setup (3 MCP servers, 30 skills, 100 memories): hello",
  ...realisticSetup,
  actions: [
    turn(
      "hello",
      "hello",
      say("Hello! I can read, search and edit this shop's code, run commands and plan changes."),
    ),
  ],
};
