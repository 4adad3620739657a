/**
 * The JSON a hook reads on stdin: Claude Code's field names (`session_id`, `transcript_path`,
 * `cwd`, `hook_event_name`, `tool_name`, `tool_input`, `tool_response`, `prompt`,
 * `stop_hook_active`…). `transcript_path` is Picasso's session log (JSONL of Picasso's own events,
 * docs/session-log.md), not a Claude Code transcript. A hook from a `.claude/` file is told a tool
 * by its Claude Code name when one exists (`bash` → `Bash`); `picasso_tool_name` always has
 * Picasso's.
 */
import type { HookEvent } from "./hook-config.js";

/** Picasso's tools that Claude Code has under another name. */
export const CLAUDE_TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: "Bash",
  read: "Read",
  write: "Write",
  edit: "Edit",
  search: "Grep",
  glob: "Glob",
  web_fetch: "WebFetch",
  web_search: "WebSearch",
  todo_write: "TodoWrite",
  subagent: "Task",
};

/** The names a matcher is tried against: Picasso's, and Claude Code's when it has one. */
export function toolNames(name: string): string[] {
  const claude = CLAUDE_TOOL_NAMES[name];
  return claude ? [name, claude] : [name];
}

/** True when `matcher` (a regex, whole name) matches the tool; no matcher matches every tool. */
export function matchesTool(matcher: string | undefined, name: string): boolean {
  if (matcher === undefined) return true;
  const pattern = new RegExp(`^(?:${matcher})$`);
  return toolNames(name).some((n) => pattern.test(n));
}

export interface HookInputBase {
  sessionId: string;
  transcriptPath: string;
  cwd: string;
}

export interface HookEventFields {
  toolName?: string;
  toolInput?: Record<string, unknown>;
  toolResponse?: { status: string; output: string };
  prompt?: string;
  stopHookActive?: boolean;
  lastMessage?: string;
  source?: string;
  reason?: string;
  trigger?: string;
  message?: string;
}

export function hookInput(
  event: HookEvent,
  base: HookInputBase,
  fields: HookEventFields,
  claudeStyle: boolean,
): string {
  const tool = fields.toolName;
  const shownName = tool && claudeStyle ? (CLAUDE_TOOL_NAMES[tool] ?? tool) : tool;
  const body: Record<string, unknown> = {
    session_id: base.sessionId,
    transcript_path: base.transcriptPath,
    cwd: base.cwd,
    hook_event_name: event,
    ...(tool ? { tool_name: shownName, picasso_tool_name: tool, tool_input: fields.toolInput ?? {} } : {}),
    ...(fields.toolResponse ? { tool_response: fields.toolResponse } : {}),
    ...(fields.prompt !== undefined ? { prompt: fields.prompt } : {}),
    ...(fields.stopHookActive !== undefined ? { stop_hook_active: fields.stopHookActive } : {}),
    ...(fields.lastMessage !== undefined ? { last_assistant_message: fields.lastMessage } : {}),
    ...(fields.source !== undefined ? { source: fields.source } : {}),
    ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
    ...(fields.trigger !== undefined ? { trigger: fields.trigger } : {}),
    ...(fields.message !== undefined ? { message: fields.message } : {}),
  };
  return JSON.stringify(body);
}
