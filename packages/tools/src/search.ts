/**
 * `search`: find lines by regular expression and/or files by glob, the way `git grep` would see them.
 *
 * Rules: at least one of `pattern` (JavaScript regex over each line of file contents) and `glob`
 * (over paths, glob-pattern.ts) is given; with both, only files matching the glob are searched.
 * The engine is ripgrep when `rg` is on the PATH (search/ripgrep.ts), else a JavaScript walk
 * (search/js-search.ts); both follow the same rules (workspace-walk.ts, search/search-findings.ts)
 * and give the same results: `.gitignore` honoured, `.git` and `node_modules` skipped, binary
 * files (NUL in the first 8 KiB) and files over 5 MiB skipped and counted. Content matches print
 * `path:line: text` with the text cut at 300 characters, sorted by path (one segment at a time)
 * then line; glob-only results print one path per line in the same order. At most `max_results`
 * lines are shown (default 100), followed by how many more were not shown. Paths are relative to
 * the working folder. The JavaScript walk has a time budget instead of a file limit. FIFOs,
 * sockets and devices in the tree are skipped (a `.gitignore` among them has no rules); one named
 * as the path is refused in one line. Neither engine ever blocks on one.
 */
import { stat } from "node:fs/promises";
import { dirname } from "node:path";
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { describeNonFile } from "@picasso/workspace";
import { defineTool, toolError } from "./define-tool.js";
import { globError, globMatcher } from "./glob-pattern.js";
import { filesToSearch, listingFindings, searchWithJs } from "./search/js-search.js";
import { findRipgrep, listWithRipgrep, searchWithRipgrep } from "./search/ripgrep.js";
import type { Findings, SearchQuery } from "./search/search-findings.js";
import { optionalBoolean, optionalInteger, optionalString } from "./tool-input.js";
import { resolveWorkspacePath, showPath } from "./workspace-path.js";
import { compareWalkOrder } from "./workspace-walk.js";

export const SEARCH_DEFAULT_RESULTS = 100;
export const SEARCH_MAX_RESULTS = 2000;

export interface SearchEngine {
  /** The `rg` executable to use, or undefined for the JavaScript walk. */
  ripgrep: string | undefined;
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

async function find(
  query: SearchQuery,
  single: string | undefined,
  glob: string | undefined,
  engine: SearchEngine,
): Promise<Findings> {
  const rg = single ? undefined : engine.ripgrep;
  if (!query.pattern && glob) {
    const listed = rg ? await listWithRipgrep(rg, query.root, query.matches, query.signal) : undefined;
    return listingFindings(listed ?? (await filesToSearch(query.root, single, query.matches, query.signal)));
  }
  const viaRg = rg ? await searchWithRipgrep(rg, query) : undefined;
  if (viaRg || query.signal.aborted) return viaRg ?? { files: 0, hits: [], binaryWithMatches: 0, large: 0 };
  return searchWithJs(query, await filesToSearch(query.root, single, query.matches, query.signal));
}

export async function runSearch(
  input: Record<string, unknown>,
  ctx: ToolContext,
  engine: SearchEngine = { ripgrep: findRipgrep() },
): Promise<ToolOutput> {
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
  const invalidGlob = glob ? globError(glob) : undefined;
  if (invalidGlob) return toolError(invalidGlob);

  const target = resolveWorkspacePath(ctx, path && path.trim() !== "" ? path : ".");
  if (!target.ok) return toolError(target.error);
  const info = await stat(target.abs).catch(() => undefined);
  if (!info) return toolError(`Folder not found: ${path}. Search from "." to look everywhere.`);
  if (!info.isDirectory() && !info.isFile())
    return toolError(
      `${target.shown} is ${describeNonFile(info)}, not a file; search a folder or a regular file.`,
    );
  const single = info.isDirectory() ? undefined : target.abs;
  const query: SearchQuery = {
    root: single ? dirname(single) : target.abs,
    pattern: pattern ?? "",
    regex: regex ?? /(?:)/,
    caseInsensitive,
    matches: glob ? globMatcher(glob) : () => true,
    limit,
    signal: ctx.signal,
  };
  const findings = await find(query, single, glob, engine);
  if (ctx.signal.aborted) return toolError("search was interrupted.");
  return formatResult(findings, ctx, limit, {
    pattern,
    glob,
    where: target.shown,
    contents: regex !== undefined,
  });
}

function formatResult(
  findings: Findings,
  ctx: ToolContext,
  limit: number,
  query: { pattern?: string; glob?: string; where: string; contents: boolean },
): ToolOutput {
  const hits = [...findings.hits].sort((a, b) => compareWalkOrder(a.rel, b.rel));
  const shown: string[] = [];
  let total = 0;
  for (const file of hits) {
    total += file.total;
    const path = showPath(ctx, file.abs);
    if (!query.contents) {
      if (shown.length < limit) shown.push(path);
      continue;
    }
    for (const hit of file.lines) {
      if (shown.length >= limit) break;
      shown.push(`${path}:${hit.line}: ${hit.text}`);
    }
  }
  const hidden = total - shown.length;
  const what = [query.pattern ? `/${query.pattern}/` : "", query.glob ? `files ${query.glob}` : ""]
    .filter(Boolean)
    .join(" in ");
  const notes: string[] = [];
  const unit = query.contents ? "matches" : "files";
  if (hidden > 0) {
    notes.push(`${hidden} more ${unit} not shown; narrow the pattern, glob or path, or raise max_results.`);
  }
  if (findings.stopped) notes.push(findings.stopped);
  if (findings.binaryWithMatches > 0)
    notes.push(`${findings.binaryWithMatches} binary file(s) with matches skipped.`);
  if (findings.large > 0) notes.push(`${findings.large} file(s) over 5 MiB skipped.`);
  const summary = `${total} ${unit} for ${what} under ${query.where}`;
  if (shown.length === 0) {
    const searched = query.contents ? ` (${findings.files ?? 0} files searched)` : "";
    const content = [`No ${unit} for ${what} under ${query.where}${searched}.`, ...notes].join(" ");
    return { content, display: { kind: "text", text: summary } };
  }
  const content = shown.join("\n") + (notes.length > 0 ? `\n\n[${notes.join(" ")}]` : "");
  return { content, display: { kind: "text", text: summary } };
}

export const searchTool = defineTool({
  name: "search",
  description:
    "Search the folder or file at path (default the working folder). pattern: a JavaScript regex matched " +
    "against each line of content, printed as `path:line: text`. glob: matches file paths (`src/**/*.test.ts`); " +
    "without a `/`, file names at any depth (`*.ts`). Give either or both. Honours .gitignore; skips binary " +
    `files, .git and node_modules. max_results defaults to ${SEARCH_DEFAULT_RESULTS}.`,
  properties: {
    pattern: { type: "string" },
    glob: { type: "string" },
    path: { type: "string" },
    case_insensitive: { type: "boolean" },
    max_results: { type: "integer", minimum: 1, maximum: SEARCH_MAX_RESULTS },
  },
  required: [],
  effect: "read",
  family: "fs",
  run: (input, ctx) => runSearch(input, ctx),
});
