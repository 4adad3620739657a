/** The standard scenarios, by name, in the order `picasso probe` runs them; the long ones by name. */
import { acpScenario } from "./acp.js";
import { claudeSetupScenario } from "./claude-setup.js";
import { codingScenario } from "./coding.js";
import { compactionScenario } from "./compaction.js";
import { familiesScenario } from "./families.js";
import { helloScenario } from "./hello.js";
import { marathonScenario, marathonShortScenario } from "./marathon.js";
import { mcpScenario } from "./mcp.js";
import { memoryScenario } from "./memory.js";
import { memory100kScenario } from "./memory-100k.js";
import { modesScenario } from "./modes.js";
import { nextDayScenario } from "./next-day.js";
import { resumeScenario } from "./resume.js";
import type { Scenario } from "./scenario.js";
import { skillsScenario } from "./skills.js";
import { teamScenario } from "./team.js";

export const SCENARIOS: readonly Scenario[] = [
  helloScenario,
  codingScenario,
  compactionScenario,
  resumeScenario,
  skillsScenario,
  memoryScenario,
  familiesScenario,
  acpScenario,
  mcpScenario,
  nextDayScenario,
  modesScenario,
  claudeSetupScenario,
  teamScenario,
];

/**
 * Long or heavy scenarios, run by name only (not by `all`): the 300-turn marathon and its 60-turn
 * cut; `memory-100k`, whose 100,000 memories take seconds to seed.
 */
export const LONG_SCENARIOS: readonly Scenario[] = [
  marathonScenario,
  marathonShortScenario,
  memory100kScenario,
];

export function findScenario(name: string): Scenario | undefined {
  return [...SCENARIOS, ...LONG_SCENARIOS].find((s) => s.name === name);
}

export { CHECKOUT_PNG, CLAUDE_SETUP_MARKS, claudeSetupFiles } from "./claude-setup.js";
export * from "./marathon.js";
export { mcpScenarioConfig, notesServerPath } from "./mcp.js";
export { MEMORY_100K_COUNT, MEMORY_100K_IDS } from "./memory-100k.js";
export { LEDGER_MEMORY, memoryCorpus, OTHER_LEDGER_MEMORY, OTHER_PROJECTS } from "./memory-corpus.js";
export * from "./scenario.js";
export * from "./shop-workspace.js";
export { TEAM_MEMBERS } from "./team.js";
export {
  acpScenario,
  claudeSetupScenario,
  codingScenario,
  compactionScenario,
  familiesScenario,
  helloScenario,
  mcpScenario,
  memory100kScenario,
  memoryScenario,
  modesScenario,
  nextDayScenario,
  resumeScenario,
  skillsScenario,
  teamScenario,
};
