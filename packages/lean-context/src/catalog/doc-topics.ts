/**
 * Doc topics: the `docs/*.md` routing table of the workspace's AGENTS.md as catalog entries
 * (the thin I/O layer of the `docs` group).
 *
 * Algorithm: every table row of AGENTS.md whose cells name one or more markdown files in
 * backticks (`docs/tools.md`) makes a topic per file that exists inside the workspace; the row's
 * other cells say when to read it. The entry's description is the file's first `# ` heading,
 * then "Read it when working on …", then up to 12 of its `## ` headings (at most 400 characters),
 * so a search finds a doc by what it covers. A file named in several rows joins their "when"
 * texts. Rows are read top to bottom; nothing else in AGENTS.md is used.
 */
import { join, normalize, sep } from "node:path";
import type { CatalogEntry } from "@picasso/protocol";
import { readWorkspaceText } from "../io/workspace-text.js";
import { cut } from "./catalog-node.js";

const CELL_PATH = /`([^`\s]+\.md)`/g;

/** `{path, when}` pairs from the routing table rows of an AGENTS.md text. */
export function routingRows(agentsMd: string): { path: string; when: string }[] {
  const rows: { path: string; when: string }[] = [];
  for (const line of agentsMd.replace(/\r\n?/g, "\n").split("\n")) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("|") || /^\|[\s:|-]+\|$/.test(trimmed)) continue;
    const cells = trimmed
      .slice(1, trimmed.endsWith("|") ? -1 : undefined)
      .split("|")
      .map((c) => c.trim());
    const paths = cells.flatMap((c) => [...c.matchAll(CELL_PATH)].map((m) => m[1]!));
    if (paths.length === 0) continue;
    const when = cells
      .map((c) =>
        c
          .replace(CELL_PATH, "")
          .replace(/\s+/g, " ")
          .replace(/^[\s,;]+|[\s,;]+$/g, ""),
      )
      .filter(Boolean)
      .join("; ");
    for (const path of paths) rows.push({ path, when });
  }
  return rows;
}

export function docDescription(text: string, path: string, when: readonly string[]): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const heading =
    lines
      .find((l) => /^# \S/.test(l))
      ?.slice(2)
      .trim() ?? path;
  const sections = lines
    .filter((l) => /^## \S/.test(l))
    .map((l) => l.slice(3).trim())
    .slice(0, 12);
  const parts = [`${heading.replace(/[.:]$/, "")}.`];
  if (when.length > 0) parts.push(`Read it when working on ${when.join("; ")}.`);
  if (sections.length > 0) parts.push(`Covers: ${cut(sections.join("; "), 400)}.`);
  return parts.join(" ");
}

export function loadDocTopics(workspaceRoot: string): CatalogEntry[] {
  // As the instruction index reads it (which warns): a stray Latin-1 byte keeps the routing table.
  const agentsFile = readWorkspaceText(join(workspaceRoot, "AGENTS.md"), undefined, {
    invalidUtf8: "latin1",
  });
  if (agentsFile.kind !== "text") return [];
  const agents = agentsFile.text;
  const when = new Map<string, string[]>();
  for (const row of routingRows(agents)) {
    const path = normalize(row.path).split(sep).join("/");
    if (path.startsWith("..") || path.startsWith("/")) continue;
    const list = when.get(path) ?? [];
    if (row.when && !list.includes(row.when)) list.push(row.when);
    when.set(path, list);
  }
  const entries: CatalogEntry[] = [];
  for (const [path, list] of when) {
    const doc = readWorkspaceText(join(workspaceRoot, path));
    if (doc.kind !== "text") continue;
    const text = doc.text;
    entries.push({
      kind: "doc",
      name: path,
      location: path,
      description: docDescription(text, path, list),
      // The row's "when" cells are the topic's `when` (descriptors.ts).
      ...(list.length > 0 ? { when: `Working on ${list.join("; ")}` } : {}),
    });
  }
  return entries;
}
