/**
 * MCP calls allowed without asking, Claude Code style: `mcp__<server>__<tool>` allows one tool,
 * `mcp__<server>` (or `mcp__<server>__*`) every tool of a server. Read from
 * - `permissions.allow` of the project's `.claude/settings.json` and `.claude/settings.local.json`
 *   and of Claude Code's user `settings.json` (what Claude Code users already have);
 * - `allow` of `$PICASSO_HOME/mcp.json`.
 * Entries that are not `mcp__…` are ignored here; an unreadable file (or a FIFO, never opened:
 * config-text.ts) is skipped. An allowed call is still a write in plan mode (refused) — the list
 * only spares the question.
 *
 * The project's two files are untrusted input (a model could write "allow everything"): their
 * rules count only when the user approved the file's exact content (@picasso/workspace
 * project-trust); `reviewProjectAllowFiles` lists them for the approval.
 */
import { join } from "node:path";
import { type ApprovalState, approvalDigest, approvalState } from "@picasso/workspace";
import { readConfigText } from "./config-text.js";

export interface AllowSources {
  workspaceRoot: string;
  picassoHome: string;
  /** Claude Code's user folder (default `$CLAUDE_CONFIG_DIR` or `~/.claude`). */
  claudeHome?: string;
}

/** The project files whose allow rules need the user's approval, workspace-relative. */
export const PROJECT_ALLOW_FILES = [".claude/settings.json", ".claude/settings.local.json"] as const;

function readText(file: string): string | undefined {
  const read = readConfigText(file);
  return read.kind === "text" ? read.text : undefined;
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

const readJson = (file: string) => parseJson(readText(file));

export interface ProjectAllowFile {
  file: (typeof PROJECT_ALLOW_FILES)[number];
  state: ApprovalState;
  digest: string;
  /** The `mcp__…` rules it holds. */
  rules: string[];
}

/** The project's allow-rule files that exist and hold `mcp__…` rules, with their approval state. */
export function reviewProjectAllowFiles(
  sources: Pick<AllowSources, "workspaceRoot" | "picassoHome">,
): ProjectAllowFile[] {
  const out: ProjectAllowFile[] = [];
  for (const file of PROJECT_ALLOW_FILES) {
    const text = readText(join(sources.workspaceRoot, file));
    if (text === undefined) continue;
    const rules = mcpRules(parseJson(text));
    if (rules.length === 0) continue;
    const digest = approvalDigest(text);
    out.push({
      file,
      state: approvalState(sources.picassoHome, sources.workspaceRoot, file, digest),
      digest,
      rules,
    });
  }
  return out;
}

function mcpRules(settings: unknown): string[] {
  return strings((settings as { permissions?: { allow?: unknown } })?.permissions?.allow).filter((rule) =>
    rule.startsWith("mcp__"),
  );
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function loadAllowRules(sources: AllowSources): string[] {
  const project = reviewProjectAllowFiles(sources).flatMap((f) => (f.state === "approved" ? f.rules : []));
  const user = sources.claudeHome ? mcpRules(readJson(join(sources.claudeHome, "settings.json"))) : [];
  const own = strings((readJson(join(sources.picassoHome, "mcp.json")) as { allow?: unknown })?.allow);
  return [...new Set([...project, ...user, ...own].filter((rule) => rule.startsWith("mcp__")))];
}

/** The rule that allows `tool` of `server`, if any. */
export function allowedBy(rules: readonly string[], server: string, tool: string): string | undefined {
  return rules.find(
    (rule) => rule === `mcp__${server}` || rule === `mcp__${server}__*` || rule === `mcp__${server}__${tool}`,
  );
}
