/**
 * `json_query` (family `json`, deferred): the values at a path expression (json-path.ts) in a JSON
 * or JSONL file of the workspace, instead of the whole file. Effect `read`.
 *
 * - The file is reached through the workspace path guard and read like `present` reads one: a
 *   regular file only (a FIFO or device is refused before it is opened, and the open itself never
 *   blocks), at most 8 MiB, UTF-8 text (a byte-order mark is skipped).
 * - `.jsonl` / `.ndjson` files are an array of their non-blank lines' values (`[*].level`).
 * - Invalid JSON is an error naming its line and column (and the parser's reason); a query that
 *   selects nothing is an error saying which step found nothing and what was there.
 * - Output: `file: N values at query:`, then one `path: value` line per match (the first `limit`,
 *   default 50; each value cut at 500 characters), or for a single match its value indented; at
 *   most 16 KiB, with a line saying what was left out.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { DISK_FILES } from "../file-access.js";
import { classifyText } from "../text-file.js";
import { optionalInteger, requiredString } from "../tool-input.js";
import { workspaceFs } from "../workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "../workspace-path.js";
import { evaluate, type JsonMatch, parseQuery, shownPath } from "./json-path.js";

const MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_OUTPUT_BYTES = 16 * 1024;
const MAX_VALUE_CHARS = 500;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

const FAIL = Symbol("syntax error");
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/** The offset of the first syntax error in `text` (JSON.parse does not always say where). */
function syntaxErrorAt(text: string): number | undefined {
  let i = 0;
  const expect = (ok: boolean) => {
    if (!ok) throw FAIL;
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const token = (pattern: RegExp) => {
    pattern.lastIndex = i;
    const found = pattern.exec(text);
    expect(found !== null);
    i += found![0].length;
  };
  const string = () => {
    i++;
    for (let c = text[i]; c !== '"'; c = text[i]) {
      expect(c !== undefined && c >= " ");
      i++;
      if (c !== "\\") continue;
      if (text[i] === "u") expect(/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5)));
      else expect('"\\/bfnrt'.includes(text[i] ?? "x"));
      i += text[i] === "u" ? 5 : 1;
    }
    i++;
  };
  const member = () => {
    space();
    expect(text[i] === '"');
    string();
    space();
    expect(text[i] === ":");
    i++;
    value();
  };
  const list = (close: string, item: () => void) => {
    i++;
    space();
    let first = true;
    while (text[i] !== close) {
      if (!first) {
        expect(text[i] === ",");
        i++;
      }
      item();
      space();
      first = false;
    }
    i++;
  };
  function value(): void {
    space();
    const c = text[i];
    if (c === "{") list("}", member);
    else if (c === "[") list("]", value);
    else if (c === '"') string();
    else if (c === "t" || c === "f" || c === "n") token(LITERAL);
    else token(NUMBER);
  }
  try {
    value();
    space();
    return i < text.length ? i : undefined;
  } catch (error) {
    return error === FAIL ? i : undefined; // otherwise nested too deep to locate
  }
}

function located(text: string, error: unknown): string {
  const reason = (error as Error).message
    .replace(/ in JSON at position \d+.*$/s, "")
    .replace(/, ".*" is not valid JSON$/s, "");
  const at = syntaxErrorAt(text);
  if (at === undefined) return reason;
  const line = text.slice(0, at).split("\n").length;
  const column = at - text.lastIndexOf("\n", at - 1);
  return `line ${line}, column ${column}: ${reason}`;
}

type Parsed = { ok: true; document: unknown } | { ok: false; error: string };

function parseDocument(text: string, shown: string, lines: boolean): Parsed {
  if (!lines) {
    try {
      return { ok: true, document: JSON.parse(text) };
    } catch (error) {
      return { ok: false, error: `${shown} is not valid JSON: ${located(text, error)}.` };
    }
  }
  const values: unknown[] = [];
  for (const [n, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    try {
      values.push(JSON.parse(line));
    } catch (error) {
      const where = located(line, error).replace(/^line 1, /, "");
      return { ok: false, error: `${shown} line ${n + 1} is not valid JSON: ${where}.` };
    }
  }
  return { ok: true, document: values };
}

const bytes = (s: string) => Buffer.byteLength(s);

function render(shown: string, query: string, matches: JsonMatch[], limit: number): string {
  const listed = matches.slice(0, limit);
  const more =
    matches.length > listed.length ? ` (the first ${listed.length}; narrow the query or raise limit)` : "";
  const head = `${shown}: ${matches.length} value${matches.length === 1 ? "" : "s"} at ${query || "$"}${more}:`;
  if (matches.length === 1) {
    const text = `${head}\n${shownPath(listed[0]!.path)}: ${JSON.stringify(listed[0]!.value, null, 2)}`;
    if (bytes(text) <= MAX_OUTPUT_BYTES) return text;
    const note = `… cut at ${MAX_OUTPUT_BYTES} bytes of ${bytes(text)}: query a narrower path inside it.`;
    const kept = Buffer.from(text)
      .subarray(0, MAX_OUTPUT_BYTES - bytes(note) - 1)
      .toString();
    return `${kept.slice(0, kept.lastIndexOf("\n"))}\n${note}`;
  }
  const out = [head];
  let size = bytes(head);
  for (const [n, m] of listed.entries()) {
    const json = JSON.stringify(m.value);
    const value =
      json.length > MAX_VALUE_CHARS ? `${json.slice(0, MAX_VALUE_CHARS)}… (cut; query it alone)` : json;
    const line = `${shownPath(m.path)}: ${value}`;
    if (size + bytes(line) + 1 > MAX_OUTPUT_BYTES) {
      out.push(
        `… cut at ${MAX_OUTPUT_BYTES} bytes after ${n} of ${listed.length} values: narrow the query or lower limit.`,
      );
      break;
    }
    out.push(line);
    size += bytes(line) + 1;
  }
  return out.join("\n");
}

async function runJsonQuery(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const path = requiredString(input, "path");
  const query = requiredString(input, "query", { allowEmpty: true }).trim();
  const limit = optionalInteger(input, "limit", 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
  const steps = parseQuery(query);
  const target = resolveWorkspacePath(ctx, path);
  if (!target.ok) return toolError(target.error);
  const info = await workspaceFs().stat(ctx, target.abs);
  if (!info) return toolError(`File not found: ${path}.`);
  if (info.isDirectory())
    return toolError(`${target.shown} is a folder; json_query reads one JSON or JSONL file.`);
  if (!info.isFile()) return toolError(`${target.shown} is not a regular file (device, socket or pipe).`);
  if (info.size > MAX_FILE_BYTES)
    return toolError(
      `${target.shown} is ${info.size} bytes; json_query reads files up to ${MAX_FILE_BYTES} bytes.`,
    );
  const read = await DISK_FILES.read(target.abs, ctx);
  if (read.length > MAX_FILE_BYTES)
    return toolError(`${target.shown} grew past ${MAX_FILE_BYTES} bytes while read.`);
  const decoded = classifyText(read);
  if (decoded.kind !== "text") return toolError(`${target.shown} is not UTF-8 text.`);
  const parsed = parseDocument(
    decoded.text.replace(/^\uFEFF/, ""),
    target.shown,
    /\.(jsonl|ndjson)$/i.test(target.abs),
  );
  if (!parsed.ok) return toolError(parsed.error);
  const { matches, miss } = evaluate(parsed.document, steps);
  if (miss) return toolError(`No value at ${query} in ${target.shown}: ${miss}.`);
  return { content: render(target.shown, query, matches, limit) };
}

export const jsonQueryTool = defineTool({
  name: "json_query",
  description:
    "Read a JSON or JSONL file in the workspace and return only the values at a path, not the whole file: " +
    '`dependencies`, `scripts.test`, `items[0].name`, `items[-1]` (last), `items[*].id`, `..name` (every "name" at any depth), `["odd key"]`; "" is the whole document. ' +
    "A .jsonl or .ndjson file is an array of its lines' values (`[*].level`). Each value comes with its path; invalid JSON is reported with its line and column.",
  properties: {
    path: { type: "string", description: "A JSON or JSONL file in the workspace." },
    query: { type: "string", description: 'The path expression; "" for the whole document.' },
    limit: {
      type: "integer",
      minimum: 1,
      maximum: MAX_LIMIT,
      description: `Most values listed (default ${DEFAULT_LIMIT}).`,
    },
  },
  required: ["path", "query"],
  effect: "read",
  family: "json",
  what: "Returns only the values at a path of a JSON or JSONL file.",
  when: "A few values from a large JSON or JSONL file (lockfile, API dump, log); read would show it whole.",
  run: runJsonQuery,
});
