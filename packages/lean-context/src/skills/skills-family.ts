/**
 * The `skills` family, declared beside lean context's skill tools (`skill`, core; `skill_search`,
 * deferred): its catalog group, Tier 1's "when" phrase and the rules `tool_search` returns with
 * `skill_search`'s schema. Lean context carries it as its own extension's family.
 */
import type { ToolFamily } from "@picasso/protocol";
import { SKILLS_GROUP } from "../catalog/catalog-groups.js";

export const SKILLS_FAMILY: ToolFamily = {
  name: "skills",
  group: SKILLS_GROUP,
  when: "unindexed skills",
  what: "Finding skills the skill index does not list, by name or trigger words.",
  rules:
    "skill_search finds skills not listed in the index by name or trigger words; load the skill it names before following it.",
};
