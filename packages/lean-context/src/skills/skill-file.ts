/**
 * Parsing one `SKILL.md` (the Agent Skills format Claude Code uses): YAML front matter between
 * two `---` lines with `name` and `description`, then the body (the skill's instructions).
 *
 * Rules, in order: a UTF-8 byte-order mark is dropped and CRLF / CR line ends become LF; the
 * first line must be `---` and a later line `---` (or `...`) must close the front matter; the
 * front matter must be a YAML mapping; `name` must be a string of 1–64 letters, digits, `-`, `_`,
 * `.` or spaces, starting with a letter or digit (it may differ from the folder's name: the skill
 * is known by this one); `description` must be a non-empty string (it is the skill's trigger).
 * Other keys (`license`, `allowed-tools`, `metadata`…) are allowed and ignored. A problem is
 * returned as a value naming the field and what to do, never thrown. Pure.
 */
import { LineCounter, parseDocument } from "yaml";

export interface SkillFile {
  name: string;
  description: string;
  /** The instructions after the front matter, LF line ends, trimmed. */
  body: string;
}

export interface SkillFileProblem {
  /** The front-matter field at fault, or `front matter`. */
  field: string;
  /** 1-based line of SKILL.md, when known. */
  line?: number;
  message: string;
}

const NAME = /^[\p{L}\p{N}][\p{L}\p{N}._ -]{0,63}$/u;
const FENCE = /^---[ \t]*$/;
const CLOSE = /^(---|\.\.\.)[ \t]*$/;

export function normaliseNewlines(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

export function parseSkillFile(raw: string): SkillFile | SkillFileProblem {
  const lines = normaliseNewlines(raw).split("\n");
  if (!FENCE.test(lines[0] ?? ""))
    return {
      field: "front matter",
      line: 1,
      message: "missing: start the file with a --- line, then name: and description:, then ---",
    };
  const end = lines.findIndex((line, i) => i > 0 && CLOSE.test(line));
  if (end < 0) return { field: "front matter", message: "no closing --- line after name: and description:" };
  const counter = new LineCounter();
  const doc = parseDocument(lines.slice(1, end).join("\n"), { prettyErrors: false, lineCounter: counter });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const line = counter.linePos(error.pos[0]).line + 1;
    const why = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
    return {
      field: "front matter",
      line,
      message: `not valid YAML (${why}); quote a value that contains ": " or starts with a special character`,
    };
  }
  const data: unknown = doc.toJS();
  if (data === null || typeof data !== "object" || Array.isArray(data))
    return { field: "front matter", line: 2, message: "must be YAML fields (name: …, description: …)" };
  const fields = data as Record<string, unknown>;
  const lineOf = (key: string) => {
    const at = lines.slice(1, end).findIndex((l) => l.startsWith(`${key}:`));
    return at < 0 ? undefined : at + 2;
  };
  const at = (key: string) => {
    const line = lineOf(key);
    return line ? { line } : {};
  };
  if (fields.name === undefined || fields.name === null)
    return { field: "name", message: "missing; add name: <the skill's name> to the front matter" };
  if (typeof fields.name !== "string" || !NAME.test(fields.name.trim()))
    return {
      field: "name",
      ...at("name"),
      message: "must be 1–64 letters, digits, -, _, . or spaces, starting with a letter or digit",
    };
  const description = fields.description;
  if (description === undefined || description === null || description === "")
    return {
      field: "description",
      ...at("description"),
      message: `${description === undefined || description === null ? "missing" : "empty"}; add description: saying what the skill does and when to use it`,
    };
  if (typeof description !== "string" || description.trim() === "")
    return {
      field: "description",
      ...at("description"),
      message: "must be text saying what the skill does and when to use it",
    };
  return {
    name: fields.name.trim(),
    description: description.trim(),
    body: lines
      .slice(end + 1)
      .join("\n")
      .trim(),
  };
}

export function isSkillProblem(parsed: SkillFile | SkillFileProblem): parsed is SkillFileProblem {
  return "field" in parsed;
}
