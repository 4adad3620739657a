/** The `terminal` family, declared beside its tools: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const terminalFamily: ToolFamily = {
  name: "terminal",
  group: "workspace",
  when: "shells",
  what: "Long-lived processes you start, read, type into and stop, unlike bash's one-off commands.",
  rules:
    "Terminals outlive one call: wait_for the line you expect instead of reading in a loop; kill them when done (the session's end kills the rest).",
};
