/**
 * `memory-100k`: the `memory` scenario's shop with **100,000 memories** in the probe's `memory.db`
 * — the `memory` scenario's 110 (ids m1–m110), then 99,890 from the realistic corpus
 * (memory-corpus.ts: the user's, this project's and 9 other projects'; 10 other projects in all),
 * five minutes apart over the year before the probe's clock. It proves that Tier 1 does not grow
 * or move with the number of memories: the same bytes as with none and with 110
 * (`test/memory-100k.test.ts`), on every request; the pinned lines and the index lines stay within
 * their budgets in the session facts (Tier 2); recall works at that size — by id from the index,
 * the same again (a pointer), by query (the one ledger memory of this project among 100,000;
 * another project's namesake never), and by the id of another project's memory (not found).
 *
 * Memory ranks without an embedder here (`memory.embeddings.provider: none` in the probe's
 * PICASSO_HOME): the local model would embed 256 memories per session start in the background,
 * so recall by query would depend on how far it got (a memory with no vector yet scores at most
 * 0.40 on a keyword match, under the 0.45 floor), and embedding 100,000 memories in the fixture
 * would take far longer than the scenario (docs/cache-probe.md). Tier 1 does not depend on the
 * embedder — the test compares it with the `memory` scenario's, which ranks with the local model.
 * Built when it runs (`moreMemories`), run by name only (`picasso probe --scenario memory-100k`).
 */

import { memoryScenario } from "./memory.js";
import { ledgerPositions, memoryCorpus } from "./memory-corpus.js";
import { calls, type Scenario, type ScenarioMemory, say, tool, turn } from "./scenario.js";

/** Memories in the scenario's `memory.db` when it starts. */
export const MEMORY_100K_COUNT = 100_000;
const LISTED = memoryScenario.memories ?? [];
const CORPUS = MEMORY_100K_COUNT - LISTED.length;
const ledger = ledgerPositions(CORPUS);

/** The ids the scenario asks for (rows are numbered in seeding order from 1). */
export const MEMORY_100K_IDS = {
  /** The memory on the first line of the session's memory index (the test checks it still is). */
  indexed: "m57505",
  /** This project's ledger memory, found by query. */
  ledger: `m${LISTED.length + ledger.project + 1}`,
  /** Another project's memory: recall by its id is "not found" in this workspace. */
  otherProject: `m${LISTED.length + ledger.other + 1}`,
  /** The memory `remember` stores. */
  remembered: `m${MEMORY_100K_COUNT + 1}`,
};

let corpus: ScenarioMemory[] | undefined;

export const memory100kScenario: Scenario = {
  name: "memory-100k",
  description:
    "100,000 memories (user, this project, 10 others): Tier 1 as with none; pinned and index lines within budget in the session facts; remember, recall by id, a pointer, by query, another project's id not found",
  files: memoryScenario.files,
  homeFiles: {
    "picasso.patch.yml": "- override:\n    settings:\n      memory.embeddings.provider: none\n",
  },
  memories: LISTED,
  // Built on first use, once per process (a test runs the scenario under both rules).
  moreMemories: () => {
    corpus ??= memoryCorpus(CORPUS);
    return corpus;
  },
  memorySpacingMinutes: 5,
  actions: [
    turn(
      "remember a preference",
      "We never deploy on Fridays after 15:00; remember that.",
      calls(
        "Saving that as a project preference.",
        tool("remember", {
          title: "No Friday deploys",
          body: "No deploys on Fridays after 15:00; anything that is not a hotfix waits for Monday.",
          class: "preference",
          importance: 4,
        }),
      ),
      say("Noted: no Friday deploys after 15:00."),
    ),
    turn(
      "recall an indexed memory by id",
      "What does the first memory in the index say?",
      calls("Loading it.", tool("recall", { ids: [MEMORY_100K_IDS.indexed] })),
      say("Here it is."),
    ),
    turn(
      "the same recall again: a pointer",
      "Show it again.",
      calls("Loading it again.", tool("recall", { ids: [MEMORY_100K_IDS.indexed] })),
      say("Unchanged since the last answer."),
    ),
    turn(
      "recall by query among 100,000",
      "When does the ledger reconciliation run?",
      calls("Searching memory.", tool("recall", { query: "ledger reconciliation", limit: 3 })),
      say("Nightly at 02:00 UTC; a mismatch opens an issue for billing and holds the next payout."),
    ),
    turn(
      "another project's memory by id",
      `What is ${MEMORY_100K_IDS.otherProject}?`,
      calls("Loading it.", tool("recall", { ids: [MEMORY_100K_IDS.otherProject] })),
      say("That memory is not one of this workspace's."),
    ),
  ],
};
