/**
 * `compaction`: a session that outgrows a small context window, so the engine compacts it
 * automatically. The summary requests and the first request after each
 * compaction are expected misses on the messages; Tier 1 must still be read from cache.
 */
import { calls, read, type Scenario, say, turn } from "./scenario.js";
import { SHOP_MODULES, shopWorkspace } from "./shop-workspace.js";

const SUMMARY = {
  match: "Summarise the conversation so far",
  text: "The user is auditing the shop modules one by one; each follows the same pattern (a rate, a limit, a total and a limit check). No files changed yet.",
};

export const compactionScenario: Scenario = {
  name: "compaction",
  description:
    "12 turns of reading past a small context window: an automatic compaction, then the session goes on",
  files: shopWorkspace(),
  settings: { contextWindow: 24_000, compactAt: 0.5 },
  matched: [SUMMARY, SUMMARY, SUMMARY, SUMMARY] as Scenario["matched"],
  actions: SHOP_MODULES.slice(0, 12).map((name, i) =>
    turn(
      `read ${name}`,
      `Audit module ${i + 1}: ${name}.`,
      calls(
        `Reading ${name} and its neighbour.`,
        read(`src/shop/${name}.ts`),
        read(`src/shop/${SHOP_MODULES[i + 12]}.ts`),
      ),
      say(`\`src/shop/${name}.ts\` follows the shared pattern.`),
    ),
  ),
};
