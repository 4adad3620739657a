/**
 * `list_dir`: a folder as a tree, a few levels deep, the way the project sees it.
 *
 * The folders are read by the project walk (workspace-walk.ts `listFolders`: tinyglobby, the
 * `.gitignore` rules applied as each folder is read), `depth` levels deep; this module only
 * draws them.
 *
 * Rules: folders first, then files, each level in name order; folders end with `/` and show
 * how many entries they hold when not expanded; files show their size. `.gitignore` rules are
 * honoured as in workspace-walk.ts, those of the folders above included (ignored entries are
 * counted, not listed); `.git` / `node_modules` are listed but never expanded. `depth` (1–6, default 2) is how many levels are expanded; the listing stops at
 * 500 entries and says how many were left out.
 */
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { optionalBoolean, optionalInteger, optionalString } from "../tool-input.js";
import { resolveWorkspacePath } from "../workspace-path.js";
import { ALWAYS_SKIPPED, listFolders } from "../workspace-walk.js";

const MAX_ENTRIES = 500;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface Walk {
  lines: string[];
  omitted: number;
  folders: Map<string, Dirent[]>;
}

function sortedEntries(entries: readonly Dirent[]): Dirent[] {
  return [...entries].sort((a, b) => {
    const ad = a.isDirectory() ? 0 : 1;
    const bd = b.isDirectory() ? 0 : 1;
    return ad - bd || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  });
}

async function visit(dir: string, prefix: string, walk: Walk): Promise<void> {
  for (const entry of sortedEntries(walk.folders.get(dir) ?? [])) {
    if (walk.lines.length >= MAX_ENTRIES) {
      walk.omitted++;
      continue;
    }
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (walk.folders.has(abs) && !ALWAYS_SKIPPED.has(entry.name)) {
        walk.lines.push(`${prefix}${entry.name}/`);
        await visit(abs, `${prefix}  `, walk);
      } else {
        const count = (await readdir(abs).catch(() => [])).length;
        walk.lines.push(`${prefix}${entry.name}/ (${count} entr${count === 1 ? "y" : "ies"})`);
      }
    } else if (entry.isSymbolicLink()) {
      walk.lines.push(`${prefix}${entry.name} -> (symlink)`);
    } else {
      const info = await stat(abs).catch(() => undefined);
      walk.lines.push(`${prefix}${entry.name}${info ? `  ${size(info.size)}` : ""}`);
    }
  }
}

async function runListDir(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const where = optionalString(input, "path") ?? ".";
  const depth = optionalInteger(input, "depth", 1, 6) ?? 2;
  const showIgnored = optionalBoolean(input, "include_ignored") ?? false;
  const target = resolveWorkspacePath(ctx, where);
  if (!target.ok) return toolError(target.error);
  const info = await stat(target.abs).catch(() => undefined);
  if (!info) return toolError(`Folder not found: ${where}.`);
  if (!info.isDirectory()) return toolError(`${target.shown} is a file, not a folder; use read to open it.`);

  const listings = await listFolders(target.abs, {
    levels: depth,
    includeIgnored: showIgnored,
    signal: ctx.signal,
  });
  const walk: Walk = { lines: [], omitted: 0, folders: listings.folders };
  await visit(target.abs, "", walk);
  const head = `${target.shown === "." ? "./" : `${target.shown}/`}`;
  const notes: string[] = [];
  if (walk.lines.length === 0) notes.push("(empty)");
  if (walk.omitted > 0) notes.push(`… ${walk.omitted} more entries not listed; list a subfolder.`);
  if (!showIgnored && listings.ignored > 0)
    notes.push(`(${listings.ignored} entries ignored by .gitignore not listed; include_ignored shows them)`);
  return {
    content: [head, ...walk.lines.map((l) => `  ${l}`), ...notes].join("\n"),
    display: { kind: "text", text: `${head} — ${walk.lines.length} entries` },
  };
}

export const listDirTool = defineTool({
  name: "list_dir",
  description:
    "Show how a folder is laid out: a tree of its subfolders and files, a few levels down (depth, default 2), " +
    "with file sizes and the entry count of folders not expanded. Honours .gitignore unless include_ignored.",
  properties: {
    path: { type: "string", description: "Folder; default the working folder." },
    depth: { type: "integer", minimum: 1, maximum: 6, description: "Levels to expand; default 2." },
    include_ignored: { type: "boolean", description: "Also list .gitignored entries." },
  },
  required: [],
  effect: "read",
  family: "files",
  what: "Shows a folder as a tree of its subfolders and files, with sizes.",
  when: "You need a folder's layout or a project's structure at a glance; files by name anywhere: glob.",
  run: runListDir,
});
