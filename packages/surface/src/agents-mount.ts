/**
 * The `agents` row: agent definitions for `subagent {agent}` (@picasso/agents, docs/agents.md),
 * whose `tools` lists are checked against the tools of the extensions mounted before it.
 */
import { createAgentsExtension } from "@picasso/agents";
import type { ExtensionFactory } from "./extension-place.js";

export const agentsMount: ExtensionFactory = (place, before) => {
  const { extension, warnings } = createAgentsExtension({
    workspaceRoot: place.workspaceRoot,
    picassoHome: place.picassoHome,
    ...(place.claudeHome ? { claudeHome: place.claudeHome } : {}),
    toolNames: () => before.extensions.flatMap((e) => e.registerTools?.() ?? []).map((t) => t.spec.name),
  });
  return { extension, warnings };
};
