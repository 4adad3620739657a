/** The `goal` family, declared beside its tools: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const goalFamily: ToolFamily = {
  name: "goal",
  group: "agents",
  when: "rounds",
  what: "One goal worked toward round after round, until done or blocked.",
  rules:
    "Goals loop until done: each round states progress and the next step; when blocked, report the blocker and what would unblock it instead of repeating a failing step.",
};
