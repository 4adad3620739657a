/**
 * The top of the catalog tree: which group each tool family belongs to, and what each group is.
 *
 * Deferred tool families are gathered into a few groups, so a broad look at the catalog is a
 * handful of lines; a family not listed here is a group of its own. Skills, MCP servers and doc
 * topics have a group each. Titles are one line, for the peek view and `picasso tools`.
 */

export const SKILLS_GROUP = "skills";
export const MCP_GROUP = "mcp";
export const DOCS_GROUP = "docs";

const FAMILY_GROUP: Record<string, string> = {
  fs: "workspace",
  files: "workspace",
  shell: "workspace",
  worktree: "workspace",
  terminal: "workspace",
  web: "web",
  agent: "agents",
  team: "agents",
  subagent: "agents",
  goal: "agents",
  workflow: "agents",
  session: "session",
  memory: "session",
  present: "present",
  skills: SKILLS_GROUP,
};

const GROUP_TITLE: Record<string, string> = {
  workspace: "Files, worktrees and terminals beyond the core tools",
  web: "Fetch web pages and search the web",
  agents: "Teammates, subagent control, goals and workflows",
  session: "Past sessions and memory",
  present: "Show artifacts to the user",
  [SKILLS_GROUP]: "Skills: instructions for recurring tasks, loaded with skill({name})",
  [MCP_GROUP]: "MCP servers and their tools, called through <server>_call",
  [DOCS_GROUP]: "Project documentation topics, from the routing table of AGENTS.md",
};

/** Groups in the order a catalog lists them; others follow by name. */
export const GROUP_ORDER = [
  "workspace",
  "web",
  "agents",
  "session",
  "present",
  SKILLS_GROUP,
  MCP_GROUP,
  DOCS_GROUP,
];

export function groupOfFamily(family: string): string {
  return FAMILY_GROUP[family] ?? family;
}

export function groupTitle(group: string): string {
  return GROUP_TITLE[group] ?? `Tools of the ${group} family`;
}
