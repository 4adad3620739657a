/**
 * Agent definitions: named profiles a subagent can be started with (`subagent {agent: "<name>"}`),
 * read from Markdown files with front matter (`.picasso/agents`, `.claude/agents`, and the user's
 * folders; docs/agents.md). An extension contributes them through the `agents/definitions` hook
 * (`PicassoPlugin.agentDefinitions`); the engine looks a name up when a subagent starts.
 *
 * What a definition may do, and no more: its `prompt` enters the child's first message (never
 * Tier 1, never the parent's lane), its `tools` restrict the child's tools (it never widens a
 * permission: every call still passes the session's permission mode and approvals), its `model`
 * picks the child's model on the session's provider.
 */

/** One agent definition, as the engine uses it. */
export interface AgentDefinition {
  /** The name `subagent`'s `agent` parameter takes (lowercase letters, digits, `-`, `_`). */
  name: string;
  /** When to use it: the catalog entry's text, searchable by `tool_search`. */
  description: string;
  /** The body of the file: the child's instructions, sent in its first message. */
  prompt: string;
  /**
   * Picasso tool names the child may use (Claude Code names already mapped: `Read` → `read`,
   * `Grep` → `search`…); absent: every tool the session has. Names no tool carries are left out
   * (the extension warned about them).
   */
  tools?: readonly string[];
  /** Picasso tool names the child may not use (Claude Code's `disallowedTools`, mapped), whatever
   *  `tools` says; a gateway call whose target is one of them is refused too. */
  disallowedTools?: readonly string[];
  /** The model it asks for: a model id, an alias (`sonnet`, `opus`, `haiku`) or `inherit`. */
  model?: string;
  /** Where it was found: `project` (the workspace, untrusted) or `user`. */
  source: "project" | "user";
  /** The file, for people: workspace-relative for project files, `~/…` for user files. */
  path: string;
}
