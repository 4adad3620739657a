/** The `watch` family, declared beside its tools: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const watchFamily: ToolFamily = {
  name: "watch",
  group: "agents",
  when: "wake later",
  what: "Wake this session later — when a file, a background job or a terminal prints a pattern, or at a time — instead of waiting inside a call.",
  rules:
    "A monitor or schedule wakes the session with a notice while it runs: end your turn instead of polling. A monitor only follows output (a workspace file, a bash background job, a terminal); start the process with bash or terminal_start first. Stop monitors you no longer need (monitor_stop); each ends by itself after timeout_seconds.",
};
