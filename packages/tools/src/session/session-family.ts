/** The `session` family, declared beside `session_query`: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const sessionFamily: ToolFamily = {
  name: "session",
  group: "session",
  when: "past sessions",
  rules:
    "Session queries search past sessions read-only: use them to recover earlier decisions or outputs instead of redoing work.",
};
