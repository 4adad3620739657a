/**
 * The catalog groups lean context fills itself: skills (found or contributed), MCP servers and
 * their tools, the doc topics of AGENTS.md, and the custom commands a plugin contributes;
 * contributed agent definitions join the tools' `agents` group. Titles are one line, for the peek view and
 * `picasso tools`. The groups of tool families are declared by the extensions that own the tools
 * (family-table.ts reads both).
 */
import type { CatalogGroupTitle } from "@picasso/protocol";

export const SKILLS_GROUP = "skills";
export const MCP_GROUP = "mcp";
export const DOCS_GROUP = "docs";
export const COMMANDS_GROUP = "commands";
/** Agent definitions join the group the subagent tools' family declares (its title is theirs). */
export const AGENTS_GROUP = "agents";

/** Lean context's own groups, in catalog order (after every other extension's). */
export const LEAN_CONTEXT_GROUPS: readonly CatalogGroupTitle[] = [
  { group: SKILLS_GROUP, title: "Skills: instructions for recurring tasks, loaded with skill({name})" },
  { group: MCP_GROUP, title: "MCP servers and their tools, called through <server>_call" },
  { group: DOCS_GROUP, title: "Project documentation topics, from the routing table of AGENTS.md" },
  {
    group: COMMANDS_GROUP,
    title: "Custom slash commands the user can run: saved prompts of the project and user",
  },
];
