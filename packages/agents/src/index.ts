/**
 * @picasso/agents — agent definitions from `.picasso/agents`, `.claude/agents` and the user's
 * folders, for `subagent {agent: "<name>"}` (docs/agents.md): the extension, the file parser and
 * the discovery.
 */

export { type AgentSources, agentFolders, type FoundAgents, findAgents } from "./agent-discovery.js";
export { type AgentFile, type AgentFileProblem, isAgentFileProblem, parseAgentFile } from "./agent-file.js";
export {
  AGENTS_EXTENSION,
  type AgentsExtension,
  type AgentsExtensionOptions,
  createAgentsExtension,
} from "./agents-extension.js";
export { type MappedTools, mapToolNames } from "./tool-names.js";
