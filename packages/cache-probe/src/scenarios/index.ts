/** The standard scenarios, by name, in the order `picasso probe` runs them. */
import { acpScenario } from "./acp.js";
import { codingScenario } from "./coding.js";
import { compactionScenario } from "./compaction.js";
import { familiesScenario } from "./families.js";
import { helloScenario } from "./hello.js";
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

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}

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
