/**
 * The facts a new session starts with (date, cwd, platform, workspace facts from
 * `@picasso/workspace`) for the `session/facts` hook. They go into the first user message — never
 * into Tier 1 — so Tier 1 has no clock.
 */
import type { SessionFactsContext, WorkspaceFacts } from "@picasso/protocol";

export function sessionFactsContext(
  workspaceRoot: string,
  cwd: string,
  workspace: WorkspaceFacts,
  now: Date = new Date(),
): SessionFactsContext {
  return { workspaceRoot, cwd, date: now.toISOString().slice(0, 10), platform: process.platform, workspace };
}
