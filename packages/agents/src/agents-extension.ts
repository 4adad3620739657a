/**
 * The agents extension: agent definitions (agent-discovery.ts) for `subagent {agent}`.
 * - `agentDefinitions()`: what the engine looks a name up in when a subagent starts;
 * - `catalogEntries()`: one `agent` entry each (its description), so `tool_search` finds them —
 *   Tier 1 never lists them, and stays the same bytes with or without agent files;
 * - the `agents` operation (TUI `/agents`, ACP, `picasso agents`): each with its source, file,
 *   tools and model, then the problems found;
 * - `warnings()`: one line per problem, for the surface to show at start.
 * Files are read once, on first use; the session's tool names (to map and check `tools` lists)
 * come from the extensions mounted before this one.
 */
import type { PicassoExtension } from "@picasso/protocol";
import { type AgentSources, type FoundAgents, findAgents } from "./agent-discovery.js";
import { agentsText } from "./agents-text.js";

export const AGENTS_EXTENSION = "agents";

export interface AgentsExtensionOptions extends AgentSources {
  /** The session's tool names (read on first use). */
  toolNames(): Iterable<string>;
}

export interface AgentsExtension {
  extension: PicassoExtension;
  warnings(): string[];
}

export function createAgentsExtension(options: AgentsExtensionOptions): AgentsExtension {
  let found: FoundAgents | undefined;
  const load = (): FoundAgents => {
    found ??= findAgents(options, new Set(options.toolNames()));
    return found;
  };
  const extension: PicassoExtension = {
    name: AGENTS_EXTENSION,
    agentDefinitions: () => load().agents,
    catalogEntries: () =>
      load().agents.map((a) => ({
        kind: "agent" as const,
        name: a.name,
        description: a.description,
        scope: a.source,
        location: a.path,
      })),
    operations: [
      {
        name: "agents",
        summary: "the agent definitions subagent({agent}) can run as: source, file, tools, model",
        offline: true,
        run() {
          const { agents, warnings } = load();
          return {
            text: agentsText(agents, warnings),
            title: "agents",
            data: { agents, warnings },
          };
        },
      },
    ],
  };
  return { extension, warnings: () => load().warnings };
}
