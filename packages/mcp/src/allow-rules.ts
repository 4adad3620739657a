/**
 * MCP calls allowed without asking, Claude Code style: `mcp__<server>__<tool>` allows one tool,
 * `mcp__<server>` (or `mcp__<server>__*`) every tool of a server. Read from
 * - `permissions.allow` of the project's `.claude/settings.json` and `.claude/settings.local.json`
 *   and of Claude Code's user `settings.json` (what Claude Code users already have);
 * - `allow` of `$PICASSO_HOME/mcp.json`.
 * Entries that are not `mcp__…` are ignored here; an unreadable file (or a FIFO, never opened:
 * config-text.ts) is skipped. An allowed call is still a write in plan mode (refused) — the list
 * only spares the question.
 */
import { join } from "node:path";
import { readConfigText } from "./config-text.js";

export interface AllowSources {
  workspaceRoot: string;
  picassoHome: string;
  /** Claude Code's user folder (default `$CLAUDE_CONFIG_DIR` or `~/.claude`). */
  claudeHome?: string;
}

function readJson(file: string): unknown {
  const read = readConfigText(file);
  if (read.kind !== "text") return undefined;
  try {
    return JSON.parse(read.text);
  } catch {
    return undefined;
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function loadAllowRules(sources: AllowSources): string[] {
  const claude = [
    join(sources.workspaceRoot, ".claude", "settings.json"),
    join(sources.workspaceRoot, ".claude", "settings.local.json"),
    ...(sources.claudeHome ? [join(sources.claudeHome, "settings.json")] : []),
  ].flatMap((file) => strings((readJson(file) as { permissions?: { allow?: unknown } })?.permissions?.allow));
  const own = strings((readJson(join(sources.picassoHome, "mcp.json")) as { allow?: unknown })?.allow);
  return [...new Set([...claude, ...own].filter((rule) => rule.startsWith("mcp__")))];
}

/** The rule that allows `tool` of `server`, if any. */
export function allowedBy(rules: readonly string[], server: string, tool: string): string | undefined {
  return rules.find(
    (rule) => rule === `mcp__${server}` || rule === `mcp__${server}__*` || rule === `mcp__${server}__${tool}`,
  );
}
