/**
 * `search`: find lines by regular expression and/or files by glob, the way `git grep` would see them.
 *
 * Rules: at least one of `pattern` (JavaScript regex over each line of file contents) and `glob`
 * (over paths) is given; with both, only files matching the glob are searched. The walk honours
 * `.gitignore`, skips `.git` and `node_modules`, skips binary files (NUL in the first 8 KiB) and
 * files over 5 MiB, and stops after 50,000 files. Content matches print `path:line: text` with the
 * text cut at 300 characters; glob-only results print one path per line. At most `max_results`
 * lines are shown (default 100), followed by how many more were not shown. Paths are relative to
 * the working folder.
 */
import { readFile, stat } from "node:fs/promises";
import { basename, relative, sep } from "node:path";
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "./define-tool.js";
import { globMatcher } from "./glob-pattern.js";
import { decodeLenient } from "./text-file.js";
import { optionalBoolean, optionalInteger, optionalString } from "./tool-input.js";
import { resolveWorkspacePath, showPath } from "./workspace-path.js";
import { walkFiles } from "./workspace-walk.js";

export const SEARCH_DEFAULT_RESULTS = 100;
export const SEARCH_MAX_RESULTS = 2000;
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 50_000;
const MAX_TEXT_CHARS = 300;
const MAX_TESTED_LINE_CHARS = 10_000;

interface Tally {
  shown: string[];
  hidden: number;
  files: number;
  skippedBinary: number;
  skippedLarge: number;
  stoppedEarly: boolean;
}

function compileRegex(pattern: string, caseInsensitive: boolean): RegExp | string {
  try {
    return new RegExp(pattern, caseInsensitive ? "i" : "");
  } catch (error) {
    return (
      `Invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}. ` +
      "Escape special characters like ( [ { . * + ? with a backslash."
    );
  }
}

async function searchFile(abs: string, shown: string, regex: RegExp, limit: number, tally: Tally) {
  const info = await stat(abs).catch(() => undefined);
  if (!info) return;
  if (info.size > MAX_FILE_BYTES) {
    tally.skippedLarge++;
    return;
  }
  const bytes = await readFile(abs).catch(() => undefined);
  if (!bytes) return;
  if (bytes.subarray(0, 8192).includes(0)) {
    tally.skippedBinary++;
    return;
  }
  const lines = decodeLenient(bytes).split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!regex.test(line.length > MAX_TESTED_LINE_CHARS ? line.slice(0, MAX_TESTED_LINE_CHARS) : line))
      continue;
    if (tally.shown.length >= limit) {
      tally.hidden++;
      continue;
    }
    const text = line.length > MAX_TEXT_CHARS ? `${line.slice(0, MAX_TEXT_CHARS)}…` : line;
    tally.shown.push(`${shown}:${i + 1}: ${text.trim()}`);
  }
}

async function runSearch(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const pattern = optionalString(input, "pattern");
  const glob = optionalString(input, "glob");
  const path = optionalString(input, "path");
  const caseInsensitive = optionalBoolean(input, "case_insensitive") ?? false;
  const limit = optionalInteger(input, "max_results", 1, SEARCH_MAX_RESULTS) ?? SEARCH_DEFAULT_RESULTS;
  if (!pattern && !glob) {
    return toolError('Give "pattern" (a regex over file contents), "glob" (over file paths), or both.');
  }
  const regex = pattern ? compileRegex(pattern, caseInsensitive) : undefined;
  if (typeof regex === "string") return toolError(regex);

  const target = resolveWorkspacePath(ctx, path && path.trim() !== "" ? path : ".");
  if (!target.ok) return toolError(target.error);
  const info = await stat(target.abs).catch(() => undefined);
  if (!info) return toolError(`Folder not found: ${path}. Search from "." to look everywhere.`);
  const matches = glob ? globMatcher(glob) : () => true;
  const tally: Tally = {
    shown: [],
    hidden: 0,
    files: 0,
    skippedBinary: 0,
    skippedLarge: 0,
    stoppedEarly: false,
  };

  const files = info.isDirectory()
    ? walkFiles(target.abs, { workspaceRoot: ctx.workspaceRoot, signal: ctx.signal })
    : single(target.abs);
  for await (const abs of files) {
    if (ctx.signal.aborted) return toolError("search was interrupted.");
    const rel = (info.isDirectory() ? relative(target.abs, abs) : basename(abs)).split(sep).join("/");
    if (!matches(rel)) continue;
    if (++tally.files > MAX_FILES) {
      tally.stoppedEarly = true;
      break;
    }
    const shown = showPath(ctx, abs);
    if (regex) await searchFile(abs, shown, regex, limit, tally);
    else if (tally.shown.length < limit) tally.shown.push(shown);
    else tally.hidden++;
  }
  return formatResult(tally, { pattern, glob, where: target.shown, contents: regex !== undefined });
}

async function* single(abs: string): AsyncGenerator<string> {
  yield abs;
}

function formatResult(
  tally: Tally,
  query: { pattern?: string; glob?: string; where: string; contents: boolean },
): ToolOutput {
  const what = [query.pattern ? `/${query.pattern}/` : "", query.glob ? `files ${query.glob}` : ""]
    .filter(Boolean)
    .join(" in ");
  const notes: string[] = [];
  const unit = query.contents ? "matches" : "files";
  if (tally.hidden > 0) {
    notes.push(
      `${tally.hidden} more ${unit} not shown; narrow the pattern, glob or path, or raise max_results.`,
    );
  }
  if (tally.stoppedEarly) notes.push(`Stopped after ${MAX_FILES} files; narrow the path or glob.`);
  if (tally.skippedBinary > 0) notes.push(`${tally.skippedBinary} binary file(s) skipped.`);
  if (tally.skippedLarge > 0) notes.push(`${tally.skippedLarge} file(s) over 5 MiB skipped.`);
  const total = tally.shown.length + tally.hidden;
  const summary = `${total} ${unit} for ${what} under ${query.where}`;
  if (tally.shown.length === 0) {
    const searched = query.contents ? ` (${Math.min(tally.files, MAX_FILES)} files searched)` : "";
    const content = [`No ${unit} for ${what} under ${query.where}${searched}.`, ...notes].join(" ");
    return { content, display: { kind: "text", text: summary } };
  }
  const content = tally.shown.join("\n") + (notes.length > 0 ? `\n\n[${notes.join(" ")}]` : "");
  return { content, display: { kind: "text", text: summary } };
}

export const searchTool = defineTool({
  name: "search",
  description:
    "Search the workspace: `pattern` is a regular expression matched against each line of file contents " +
    "(prints `path:line: text`); `glob` matches file paths (e.g. `*.ts`, `src/**/*.test.ts`); give either or both. " +
    "Honours .gitignore and skips binary files, .git and node_modules.",
  properties: {
    pattern: {
      type: "string",
      description: "JavaScript regular expression over file contents, e.g. `function\\s+load`.",
    },
    glob: {
      type: "string",
      description: "Glob over file paths; without a `/` it matches file names at any depth (`*.md`).",
    },
    path: { type: "string", description: "Folder (or file) to search in. Default: the working folder." },
    case_insensitive: { type: "boolean", description: "Ignore letter case in `pattern`. Default false." },
    max_results: {
      type: "integer",
      minimum: 1,
      maximum: SEARCH_MAX_RESULTS,
      description: `Most result lines to show. Default ${SEARCH_DEFAULT_RESULTS}.`,
    },
  },
  required: [],
  effect: "read",
  family: "fs",
  run: runSearch,
});
