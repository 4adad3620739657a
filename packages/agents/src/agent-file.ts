/**
 * Parsing one agent definition file: Markdown with YAML front matter between two `---` lines, as
 * Claude Code's `.claude/agents/*.md` are written (docs/agents.md).
 *
 * Fields read: `name` (lowercase letters, digits, `-`, `_`; 1–64), `description` (non-empty text:
 * when to use the agent), `tools` (a comma-separated string or a YAML list of names; absent: every
 * tool; an empty list: none), `disallowedTools` (the same forms: tools it may never use), `model`
 * (text). Other fields (`color`, `permissionMode`…) are ignored. The body after the front matter is the agent's instructions. A BOM is dropped and CRLF
 * / CR become LF. A problem is returned as a value naming the field (and line when known), never
 * thrown. Pure.
 */
import { LineCounter, parseDocument } from "yaml";

export interface AgentFile {
  name: string;
  description: string;
  /** Tool names as written (not yet mapped); undefined: the field is absent. */
  tools?: string[];
  /** `disallowedTools` as written (not yet mapped); undefined: the field is absent. */
  disallowedTools?: string[];
  model?: string;
  /** The instructions after the front matter, trimmed. */
  prompt: string;
}

export interface AgentFileProblem {
  /** The front-matter field at fault, or `front matter`. */
  field: string;
  /** 1-based line of the file, when known. */
  line?: number;
  message: string;
}

const NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const FENCE = /^---[ \t]*$/;
const CLOSE = /^(---|\.\.\.)[ \t]*$/;

export function isAgentFileProblem(parsed: AgentFile | AgentFileProblem): parsed is AgentFileProblem {
  return "field" in parsed;
}

export function parseAgentFile(raw: string): AgentFile | AgentFileProblem {
  const lines = raw
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (!FENCE.test(lines[0] ?? ""))
    return {
      field: "front matter",
      line: 1,
      message: "missing: start the file with a --- line, then name: and description:, then ---",
    };
  const end = lines.findIndex((line, i) => i > 0 && CLOSE.test(line));
  if (end < 0) return { field: "front matter", message: "no closing --- line after the fields" };
  const counter = new LineCounter();
  const doc = parseDocument(lines.slice(1, end).join("\n"), { prettyErrors: false, lineCounter: counter });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const why = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
    return {
      field: "front matter",
      line: counter.linePos(error.pos[0]).line + 1,
      message: `not valid YAML (${why}); quote a value that contains ": "`,
    };
  }
  const data: unknown = doc.toJS();
  if (data === null || typeof data !== "object" || Array.isArray(data))
    return { field: "front matter", line: 2, message: "must be YAML fields (name: …, description: …)" };
  const fields = data as Record<string, unknown>;
  const at = (key: string) => {
    const i = lines.slice(1, end).findIndex((l) => l.startsWith(`${key}:`));
    return i < 0 ? {} : { line: i + 2 };
  };
  const name = fields.name;
  if (name === undefined || name === null)
    return { field: "name", message: "missing; add name: <the agent's name> to the front matter" };
  if (typeof name !== "string" || !NAME.test(name.trim()))
    return { field: "name", ...at("name"), message: "must be 1–64 lowercase letters, digits, - or _" };
  const description = fields.description;
  if (typeof description !== "string" || description.trim() === "")
    return {
      field: "description",
      ...at("description"),
      message: `${description === undefined || description === null ? "missing" : "must be text"}; add description: saying when to use the agent`,
    };
  const tools = toolList(fields.tools);
  if (tools === "invalid")
    return {
      field: "tools",
      ...at("tools"),
      message: "must be a comma-separated list or a YAML list of tool names",
    };
  const disallowed = toolList(fields.disallowedTools);
  if (disallowed === "invalid")
    return {
      field: "disallowedTools",
      ...at("disallowedTools"),
      message: "must be a comma-separated list or a YAML list of tool names",
    };
  const model = fields.model;
  if (model !== undefined && model !== null && typeof model !== "string")
    return {
      field: "model",
      ...at("model"),
      message: "must be a model id, an alias (sonnet, opus, haiku) or inherit",
    };
  return {
    name: name.trim(),
    description: description.trim(),
    ...(tools ? { tools } : {}),
    ...(disallowed ? { disallowedTools: disallowed } : {}),
    ...(typeof model === "string" && model.trim() ? { model: model.trim() } : {}),
    prompt: lines
      .slice(end + 1)
      .join("\n")
      .trim(),
  };
}

function toolList(value: unknown): string[] | undefined | "invalid" {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string")
    return value
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t !== "");
  if (Array.isArray(value) && value.every((t) => typeof t === "string"))
    return value.map((t) => t.trim()).filter((t) => t !== "");
  return "invalid";
}
