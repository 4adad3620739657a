/**
 * A command's `allowed-tools` read as Picasso's turn limit: the tools the model may call during
 * the turn the command starts, and — for `Bash(git status:*)`-style rules — the command prefixes
 * `bash` may run. Claude Code's tool names map to Picasso's (`Read` → `read`, `Grep` → `search`,
 * `Bash` → `bash`…, `mcp__server__tool` → the server's gateway `server_call`, with a note that
 * this allows all of that server's tools); Picasso's own names pass as they are. A name Picasso has no tool for is
 * dropped with a note. The same rules decide whether a `!`cmd`` line of the file may run
 * (`permitsShell`). Pure.
 */

export interface TurnLimit {
  /** Tool names the turn may call (`tool_search` is always added: it only looks things up). */
  tools: string[];
  /** When set, `bash` may run only commands starting with one of these (from `Bash(prefix:*)`). */
  commandPrefixes?: string[];
  /** Exact commands `Bash(cmd)` allows (with the prefixes). */
  commands?: string[];
}

const CLAUDE_NAMES: Readonly<Record<string, readonly string[]>> = {
  bash: ["bash"],
  read: ["read"],
  edit: ["edit"],
  multiedit: ["multi_edit", "edit"],
  write: ["write"],
  grep: ["search"],
  glob: ["glob"],
  ls: ["list_dir"],
  webfetch: ["web_fetch"],
  websearch: ["web_search"],
  todowrite: ["todo_write"],
  task: ["subagent", "subagent_fork"],
  notebookedit: ["notebook_edit"],
};

const RULE = /^([A-Za-z_][\w-]*)(?:\((.*)\))?$/s;

const PICASSO_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * The turn limit of `rules`, and a note per rule that means nothing here. A rule naming a tool in
 * `known` (default: any lowercase snake_case name, Picasso's style) is taken as it is; Claude Code's
 * names are mapped.
 */
export function turnLimit(
  rules: readonly string[],
  known?: readonly string[],
): { limit: TurnLimit; notes: string[] } {
  const isKnown = (name: string) => (known ? known.includes(name) : PICASSO_NAME.test(name));
  const tools = new Set<string>(["tool_search"]);
  const prefixes: string[] = [];
  const exact: string[] = [];
  let bashUnrestricted = false;
  const notes: string[] = [];
  for (const rule of rules) {
    const m = RULE.exec(rule.trim());
    if (!m) {
      notes.push(`allowed-tools: "${rule}" is not a tool rule; ignored`);
      continue;
    }
    const name = m[1]!;
    const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
    if (mcp) {
      const gateway = `${mcp[1]}_call`;
      tools.add(gateway);
      notes.push(`allowed-tools: "${name}" allows ${gateway}, every tool of the MCP server ${mcp[1]}`);
      continue;
    }
    const mapped = CLAUDE_NAMES[name.toLowerCase()];
    const names =
      isKnown(name) && !mapped ? [name] : (mapped ?? []).filter((n) => !known || known.includes(n));
    if (names.length === 0) {
      notes.push(`allowed-tools: "${name}" is not a tool of this Picasso; ignored`);
      continue;
    }
    for (const n of names) tools.add(n);
    if (names.includes("bash")) {
      const pattern = m[2]?.trim();
      if (pattern === undefined || pattern === "" || pattern === "*") bashUnrestricted = true;
      else if (pattern.endsWith(":*")) prefixes.push(pattern.slice(0, -2));
      else if (pattern.endsWith("*")) prefixes.push(pattern.slice(0, -1));
      else exact.push(pattern);
    }
  }
  const limit: TurnLimit = { tools: [...tools] };
  if (tools.has("bash") && !bashUnrestricted) {
    limit.commandPrefixes = prefixes;
    limit.commands = exact;
  }
  return { limit, notes };
}

/** Whether `limit` lets `bash` run `command`. */
export function limitPermitsCommand(limit: TurnLimit, command: string): boolean {
  if (!limit.tools.includes("bash")) return false;
  if (!limit.commandPrefixes && !limit.commands) return true;
  const cmd = command.trim();
  return (
    (limit.commands ?? []).includes(cmd) ||
    (limit.commandPrefixes ?? []).some(
      (prefix) =>
        cmd === prefix || cmd.startsWith(`${prefix} `) || (prefix.endsWith(" ") && cmd.startsWith(prefix)),
    )
  );
}
