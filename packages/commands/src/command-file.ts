/**
 * Parsing one custom command file into a `CommandFile`, for the three formats Picasso reads:
 * - Markdown (`.picasso/commands`, `.claude/commands`, `~/.codex/prompts`): optional YAML front
 *   matter between two `---` lines with `description`, `argument-hint`, `allowed-tools` (a list or
 *   a comma-separated string) and `model`; the rest of the file is the prompt template;
 * - TOML (`.gemini/commands`): `prompt` (required) and `description`.
 * Unknown fields are ignored. A problem (broken YAML or TOML, a field of the wrong type, an empty
 * prompt) is returned as a value naming the field, never thrown. Pure.
 */
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";

export type CommandFormat = "markdown" | "toml";

export interface CommandFile {
  description?: string;
  argumentHint?: string;
  /** Tool names or Claude Code rules (`Bash(git status:*)`), as written. */
  allowedTools?: string[];
  model?: string;
  /** The prompt template, LF line ends, trimmed. */
  template: string;
}

export interface CommandFileProblem {
  /** The field at fault, or `front matter` / `toml`. */
  field: string;
  message: string;
}

const FENCE = /^---[ \t]*$/;

export function parseCommandFile(raw: string, format: CommandFormat): CommandFile | CommandFileProblem {
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  return format === "toml" ? parseTomlCommand(text) : parseMarkdownCommand(text);
}

export function isCommandFileProblem(value: CommandFile | CommandFileProblem): value is CommandFileProblem {
  return "message" in value;
}

function parseMarkdownCommand(text: string): CommandFile | CommandFileProblem {
  const lines = text.split("\n");
  if (!FENCE.test(lines[0] ?? "")) return withTemplate({}, text);
  const end = lines.findIndex((line, i) => i > 0 && FENCE.test(line));
  if (end < 0) return { field: "front matter", message: "no closing --- line" };
  let data: unknown;
  try {
    data = parseYaml(lines.slice(1, end).join("\n"));
  } catch (error) {
    const why = ((error as Error).message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
    return { field: "front matter", message: `not valid YAML (${why})` };
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data))
    return { field: "front matter", message: "must be YAML fields (description: …)" };
  const fields = data as Record<string, unknown>;
  const out: Partial<CommandFile> = {};
  for (const [key, target] of [
    ["description", "description"],
    ["argument-hint", "argumentHint"],
    ["model", "model"],
  ] as const) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string" && typeof value !== "number")
      return { field: key, message: "must be text" };
    out[target] = String(value).trim();
  }
  const tools = fields["allowed-tools"];
  if (tools !== undefined && tools !== null) {
    const list = toolList(tools);
    if (!list)
      return { field: "allowed-tools", message: "must be a list of tool names or a comma-separated string" };
    out.allowedTools = list;
  }
  return withTemplate(out, lines.slice(end + 1).join("\n"));
}

function parseTomlCommand(text: string): CommandFile | CommandFileProblem {
  let data: Record<string, unknown>;
  try {
    data = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    return { field: "toml", message: `not valid TOML (${(error as Error).message.split("\n")[0]})` };
  }
  if (typeof data.prompt !== "string") return { field: "prompt", message: 'missing: add prompt = "…"' };
  if (data.description !== undefined && typeof data.description !== "string")
    return { field: "description", message: "must be a string" };
  const out: Partial<CommandFile> = {};
  if (typeof data.description === "string") out.description = data.description.trim();
  return withTemplate(out, data.prompt);
}

function withTemplate(fields: Partial<CommandFile>, template: string): CommandFile | CommandFileProblem {
  const trimmed = template.trim();
  if (trimmed === "") return { field: "prompt", message: "empty: the file has no prompt text" };
  return { ...fields, template: trimmed };
}

/** `allowed-tools` as a list: a YAML list, or Claude Code's comma-separated string. */
function toolList(value: unknown): string[] | undefined {
  if (typeof value === "string") return splitRules(value);
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) return undefined;
  return value.flatMap((v) => splitRules(v));
}

/** Split on commas outside parentheses (`Bash(git add:*), Read`). */
function splitRules(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if (ch === "(") depth += 1;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if (ch === "," && depth === 0) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter((s) => s !== "");
}
