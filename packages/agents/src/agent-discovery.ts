/**
 * Finding the agent definitions of a workspace and a user: `*.md` files (not hidden, not in
 * sub-folders) of, in this order,
 *   1. `<workspace>/.picasso/agents`   (project)
 *   2. `<workspace>/.claude/agents`    (project)
 *   3. `$PICASSO_HOME/agents`          (user)
 *   4. `<claudeHome>/agents`           (user; `$CLAUDE_CONFIG_DIR`, else `~/.claude`)
 * Within a folder files are read in name order. A name defined twice keeps the first (a project's
 * agent shadows the user's of the same name, as in Claude Code). Files are read FIFO-safe and
 * bounded (64 KiB). Every problem is one warning line naming the file (and line), and that file
 * is skipped; tool names no tool of the session carries are one warning line naming the file, and
 * the rest of the list still applies.
 */
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative, sep } from "node:path";
import type { AgentDefinition } from "@picasso/protocol";
import { readBoundedFile } from "@picasso/workspace";
import { isAgentFileProblem, parseAgentFile } from "./agent-file.js";
import { mapToolNames } from "./tool-names.js";

export interface AgentSources {
  workspaceRoot: string;
  picassoHome: string;
  /** Claude Code's user folder; default `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
  claudeHome?: string;
}

export interface FoundAgents {
  agents: AgentDefinition[];
  warnings: string[];
}

const MAX_FILE_BYTES = 64 * 1024;

export function agentFolders(sources: AgentSources): { dir: string; source: "project" | "user" }[] {
  const claudeHome = sources.claudeHome ?? (process.env.CLAUDE_CONFIG_DIR || join(homedir(), ".claude"));
  return [
    { dir: join(sources.workspaceRoot, ".picasso", "agents"), source: "project" },
    { dir: join(sources.workspaceRoot, ".claude", "agents"), source: "project" },
    { dir: join(sources.picassoHome, "agents"), source: "user" },
    { dir: join(claudeHome, "agents"), source: "user" },
  ];
}

/** A path for people: workspace-relative inside the workspace, `~/…` under the home folder. */
function shownPath(path: string, workspaceRoot: string): string {
  const rel = relative(workspaceRoot, path);
  if (rel !== "" && !rel.startsWith("..") && !rel.startsWith(sep)) return rel.split(sep).join("/");
  const home = homedir();
  return path.startsWith(home + sep) ? `~/${relative(home, path).split(sep).join("/")}` : path;
}

function markdownFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => !d.name.startsWith(".") && d.name.endsWith(".md") && (d.isFile() || d.isSymbolicLink()))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * The agents found, and a warning line per problem. `toolNames`: the session's tools, to map and
 * check each file's `tools` list against.
 */
export function findAgents(sources: AgentSources, toolNames: ReadonlySet<string>): FoundAgents {
  const agents: AgentDefinition[] = [];
  const warnings: string[] = [];
  const seenDirs = new Set<string>();
  for (const folder of agentFolders(sources)) {
    if (seenDirs.has(folder.dir)) continue;
    seenDirs.add(folder.dir);
    for (const file of markdownFiles(folder.dir)) {
      const full = join(folder.dir, file);
      const path = shownPath(full, sources.workspaceRoot);
      const read = readBoundedFile(full, MAX_FILE_BYTES);
      if (read.kind !== "text") {
        warnings.push(`${path}: ${read.kind === "not-a-file" ? read.what : read.kind}; agent skipped`);
        continue;
      }
      if (read.truncated) {
        warnings.push(`${path}: larger than ${MAX_FILE_BYTES / 1024} KiB; agent skipped`);
        continue;
      }
      const parsed = parseAgentFile(read.bytes.toString("utf8"));
      if (isAgentFileProblem(parsed)) {
        warnings.push(
          `${path}${parsed.line ? `:${parsed.line}` : ""}: ${parsed.field}: ${parsed.message}; agent skipped`,
        );
        continue;
      }
      if (agents.some((a) => a.name === parsed.name)) continue;
      const mapList = (
        field: "tools" | "disallowedTools",
        written: string[] | undefined,
        unknownMeans: string,
      ) => {
        if (!written) return undefined;
        const mapped = mapToolNames(written, toolNames);
        if (mapped.unknown.length)
          warnings.push(
            `${path}: ${field}: ${mapped.unknown.map((n) => `"${n}"`).join(", ")} ${mapped.unknown.length === 1 ? "is not a tool" : "are not tools"} of this session; ${unknownMeans.replace("{them}", mapped.unknown.length === 1 ? "it" : "them")}`,
          );
        return mapped.tools;
      };
      const tools = mapList("tools", parsed.tools, `agent ${parsed.name} runs without {them}`);
      const disallowedTools = mapList("disallowedTools", parsed.disallowedTools, "nothing to take away");
      agents.push({
        name: parsed.name,
        description: parsed.description,
        prompt: parsed.prompt,
        ...(tools ? { tools } : {}),
        ...(disallowedTools?.length ? { disallowedTools } : {}),
        ...(parsed.model ? { model: parsed.model } : {}),
        source: folder.source,
        path,
      });
    }
  }
  return { agents, warnings };
}
