/**
 * `ForkedSubagents` for a context that has none: a subagent's own tools (depth 1), tests. Listing
 * gives nothing; every other call throws `reason`.
 */
import type { ForkedSubagents } from "./plugin.js";

export function noForkedSubagents(reason: string): ForkedSubagents {
  const refuse = (): never => {
    throw new Error(reason);
  };
  return { fork: refuse, report: async () => refuse(), list: () => [], cancel: refuse, message: refuse };
}
