/** The `present` family, declared beside `present`: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const presentFamily: ToolFamily = {
  name: "present",
  group: "present",
  when: "artifacts",
  what: "Showing an artifact in the user's view instead of the reply.",
  rules:
    "present shows markdown, a file, a diff or a table to the user; name it once in your reply and do not also paste it.",
};
