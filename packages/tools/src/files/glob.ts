/**
 * `glob`: the files whose paths match a glob pattern, newest first.
 *
 * Rules: the pattern is picomatch syntax (`**`, `*`, `?`, `{a,b}`, `[a-z]`, extglobs such as
 * `+(a|b)`), matched against the path relative to `path` (default the working folder); a pattern
 * without `/` matches the file name at any depth. By default the walk is the project's view
 * (`.gitignore` at every level honoured, `.git` and `node_modules` never entered); with
 * `include_ignored` tinyglobby walks everything but `.git`. Results are sorted by modification
 * time, newest first (ties by name), at most `max_results` (default 200), then how many more.
 */
import { stat } from "node:fs/promises";
import { relative, sep } from "node:path";
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { glob as tinyglob } from "tinyglobby";
import { defineTool, toolError } from "../define-tool.js";
import { globError, globMatcher, normaliseGlob } from "../glob-pattern.js";
import { optionalBoolean, optionalInteger, optionalString, requiredString } from "../tool-input.js";
import { resolveWorkspacePath, showPath } from "../workspace-path.js";
import { walkFiles } from "../workspace-walk.js";

const DEFAULT_RESULTS = 200;
const MAX_RESULTS = 5000;

const toPosix = (p: string) => p.split(sep).join("/");

async function matchingFiles(
  root: string,
  pattern: string,
  includeIgnored: boolean,
  ctx: ToolContext,
): Promise<string[]> {
  if (includeIgnored) {
    return tinyglob(pattern.includes("/") ? pattern : `**/${pattern}`, {
      cwd: root,
      absolute: true,
      dot: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      ignore: ["**/.git/**"],
    });
  }
  const isMatch = globMatcher(pattern);
  const walked = await walkFiles(root, { signal: ctx.signal });
  return walked.filter((abs) => isMatch(toPosix(relative(root, abs))));
}

async function runGlob(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const pattern = normaliseGlob(requiredString(input, "pattern"));
  const where = optionalString(input, "path") ?? ".";
  const includeIgnored = optionalBoolean(input, "include_ignored") ?? false;
  const limit = optionalInteger(input, "max_results", 1, MAX_RESULTS) ?? DEFAULT_RESULTS;
  if (pattern.startsWith("/") || pattern.split("/").includes(".."))
    return toolError(`The pattern ${pattern} must be relative to path; put the folder in "path" instead.`);
  const invalid = globError(pattern);
  if (invalid) return toolError(invalid);
  const target = resolveWorkspacePath(ctx, where);
  if (!target.ok) return toolError(target.error);
  const info = await stat(target.abs).catch(() => undefined);
  if (!info?.isDirectory())
    return toolError(`${where} is not a folder; give the folder to search in "path".`);

  const files = await matchingFiles(target.abs, pattern, includeIgnored, ctx);
  const dated = await Promise.all(
    files.map(async (abs) => ({ abs, mtime: (await stat(abs).catch(() => undefined))?.mtimeMs ?? 0 })),
  );
  dated.sort((a, b) => b.mtime - a.mtime || (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
  const lines = dated.slice(0, limit).map((f) => showPath(ctx, f.abs));
  const notes: string[] = [];
  if (dated.length > limit)
    notes.push(
      `${dated.length - limit} more files not shown; narrow the pattern or path, or raise max_results.`,
    );
  if (lines.length === 0) {
    const hint = includeIgnored ? "" : " (ignored files are skipped; set include_ignored to look there too)";
    return { content: `No files match ${pattern} under ${target.shown}${hint}.` };
  }
  return {
    content: [...lines, ...notes].join("\n"),
    display: { kind: "text", text: `${dated.length} file${dated.length === 1 ? "" : "s"} match ${pattern}` },
  };
}

export const globTool = defineTool({
  name: "glob",
  description:
    "Find files by name or path pattern anywhere in the repository, most recently changed first: " +
    "`**/*.test.ts`, `Dockerfile`, `src/**/{a,b}.json` (no / = any depth). " +
    "Honours .gitignore unless include_ignored. Use search to look inside files.",
  properties: {
    pattern: { type: "string", description: "Glob, relative to path." },
    path: { type: "string", description: "Folder; default the working folder." },
    include_ignored: { type: "boolean", description: "Include .gitignored files and node_modules." },
    max_results: { type: "integer", minimum: 1, maximum: MAX_RESULTS, description: "Default 200." },
  },
  required: ["pattern"],
  effect: "read",
  family: "files",
  what: "Lists files whose path matches a glob pattern, newest first.",
  when: "You know a file's name or extension but not where it lives; inside files: search; a folder's layout: list_dir.",
  run: runGlob,
});
