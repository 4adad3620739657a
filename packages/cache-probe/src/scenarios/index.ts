/** The standard scenarios, by name, in the order `picasso probe` runs them; the long ones by name. */
import { acpScenario } from "./acp.js";
import { codingScenario } from "./coding.js";
import { compactionScenario } from "./compaction.js";
import { familiesScenario } from "./families.js";
import { helloScenario } from "./hello.js";
import { marathonScenario, marathonShortScenario } from "./marathon.js";
import { mcpScenario } from "./mcp.js";
import { memoryScenario } from "./memory.js";
import { modesScenario } from "./modes.js";
import { nextDayScenario } from "./next-day.js";
import { resumeScenario } from "./resume.js";
import type { Scenario } from "./scenario.js";
import { skillsScenario } from "./skills.js";

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
];

/** Long scenarios, run by name only (not by `all`): the 300-turn marathon and its 60-turn cut. */
export const LONG_SCENARIOS: readonly Scenario[] = [marathonScenario, marathonShortScenario];

export function findScenario(name: string): Scenario | undefined {
  return [...SCENARIOS, ...LONG_SCENARIOS].find((s) => s.name === name);
}

export * from "./marathon.js";
export { mcpScenarioConfig, notesServerPath } from "./mcp.js";
export * from "./scenario.js";
export * from "./shop-workspace.js";
export {
  acpScenario,
  codingScenario,
  compactionScenario,
  familiesScenario,
  helloScenario,
  mcpScenario,
  memoryScenario,
  modesScenario,
  nextDayScenario,
  resumeScenario,
  skillsScenario,
};
