/** The `json` family, declared beside `json_query`: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const jsonFamily: ToolFamily = {
  name: "json",
  group: "workspace",
  when: "JSON queries",
  what: "Path queries into JSON and JSONL files, returning only the selected values.",
  rules:
    "json_query returns only the values a path selects: prefer it to read for large JSON and JSONL (lockfiles, API dumps, logs). Start broad (a top-level key, [*] with a small limit) and narrow; each value comes with the path to query it alone.",
};
