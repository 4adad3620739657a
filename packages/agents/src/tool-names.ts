/**
 * An agent file's `tools` list → Picasso tool names. Picasso's own names are taken as they are;
 * Claude Code's (any case) are mapped: `Read` → `read`, `Write` → `write`, `Edit`/`MultiEdit` →
 * `edit`, `Bash` → `bash`, `Grep`/`Glob`/`LS` → `search`, `TodoWrite` → `todo_write`, `Task` →
 * `subagent`, and `mcp__<server>__<tool>` → the server's gateway `<server>_call` (the whole server:
 * Picasso restricts by tool, not by a server's tool). A name that maps to no tool the session has
 * is `unknown` (the caller warns once, naming the file); the rest still applies. Pure.
 */
import { mcpGatewayName } from "@picasso/protocol";

const CLAUDE_CODE_NAMES: Readonly<Record<string, string>> = {
  read: "read",
  write: "write",
  edit: "edit",
  multiedit: "edit",
  bash: "bash",
  grep: "search",
  glob: "search",
  ls: "search",
  todowrite: "todo_write",
  task: "subagent",
};

export interface MappedTools {
  /** Picasso tool names, each once, in the file's order. */
  tools: string[];
  /** Names as written that match no tool of the session. */
  unknown: string[];
}

export function mapToolNames(written: readonly string[], known: ReadonlySet<string>): MappedTools {
  const tools: string[] = [];
  const unknown: string[] = [];
  for (const name of written) {
    const mcp = /^mcp__(.+?)__/.exec(name) ?? /^mcp__(.+)$/.exec(name);
    const mapped = known.has(name)
      ? name
      : mcp
        ? mcpGatewayName(mcp[1]!)
        : (CLAUDE_CODE_NAMES[name.toLowerCase()] ?? name);
    if (!known.has(mapped)) unknown.push(name);
    else if (!tools.includes(mapped)) tools.push(mapped);
  }
  return { tools, unknown };
}
