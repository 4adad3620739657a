/**
 * The `session` family, declared beside its tools (`session_query`, `history_read`): its catalog
 * group, Tier 1's "when" phrase and its rules. The "when" phrase is part of Tier 1's families line:
 * changing it changes Tier 1; the rules are the catalog's.
 */
import type { ToolFamily } from "@picasso/protocol";

export const sessionFamily: ToolFamily = {
  name: "session",
  group: "session",
  when: "past sessions",
  what: "Read-only access to past sessions and to this session's outputs compaction removed.",
  rules:
    "Session tools read history read-only: session_query searches past sessions; history_read gives back, by id, a tool output or compacted span of this session that a compaction or truncation took out of view. Use them to recover earlier decisions or outputs instead of redoing work.",
};
