/** The `ralph` family, declared beside its tools: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const ralphFamily: ToolFamily = {
  name: "ralph",
  group: "agents",
  when: "retry loops",
  what: "Ralph loops: one prompt re-run with fresh context, round after round, until a check command passes or goal_done.",
  rules:
    "A ralph loop runs in the background: each round is a fresh subagent lane given the same prompt and only the previous round's summary (and the check's output). It ends when check_command exits 0 (until: check) or a round calls goal_done (until: goal_done), when a round calls goal_blocked, or when max_rounds / max_seconds run out; you are told when it ends. Write the prompt so a fresh agent can pick the work up from the files alone.",
};
