/**
 * `catalog/descriptors/<family>.yml`: a family's member descriptors as reviewed text, the file
 * `picasso tools describe --write` writes and a person edits by hand before committing it.
 *
 *   # <header comment: who proposed it, when, its grade, that it is reviewed text>
 *   family: worktree               # or mcp:<server>
 *   members:
 *     worktree_create:
 *       what: "…"                  # one line, at most 160 characters
 *       when: "…"
 *
 * Rendering is deterministic for its inputs (the date is one of them); values are written as
 * JSON strings, which YAML reads back unchanged. Reading it is descriptor-overlay.ts's job.
 */
import type { MemberDescriptor } from "./descriptor-text.js";

export const DESCRIPTORS_DIR = "catalog/descriptors";

/** The file a family's descriptors live in, relative to the workspace root (`mcp:github` → `mcp-github.yml`). */
export function descriptorFilePath(family: string): string {
  return `${DESCRIPTORS_DIR}/${family.replace(/[^a-zA-Z0-9_-]/g, "-")}.yml`;
}

export interface DescriptorFileInput {
  family: string;
  descriptors: ReadonlyMap<string, MemberDescriptor>;
  /** Who proposed the text: provider and model. */
  proposedBy: string;
  /** YYYY-MM-DD. */
  date: string;
  /** One line: the grade on the navigation eval. */
  grade: string;
  /** Extra header lines (e.g. that the text was written by hand). */
  notes?: readonly string[];
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function renderDescriptorFile(input: DescriptorFileInput): string {
  const header = [
    `${descriptorFilePath(input.family)}: what / when of the ${oneLine(input.family)} family's members.`,
    "REVIEWED TEXT: a person reads and edits it by hand before it is committed; Picasso applies it",
    "to the catalog behind tool_search (never to Tier 1): in Picasso's repository, in every workspace",
    "without its own file for the family; in a workspace's, there alone. Each line at most",
    "160 characters; unknown member names are ignored with a note (docs/catalog.md).",
    `Proposed by ${oneLine(input.proposedBy)} on ${oneLine(input.date)} with \`picasso tools describe ${oneLine(input.family)}\`.`,
    `Grade: ${oneLine(input.grade)}`,
    ...(input.notes ?? []).map(oneLine),
  ];
  const lines = [...header.map((l) => `# ${l}`), `family: ${JSON.stringify(input.family)}`, "members:"];
  for (const [name, d] of input.descriptors)
    lines.push(
      `  ${JSON.stringify(name)}:`,
      `    what: ${JSON.stringify(d.what)}`,
      `    when: ${JSON.stringify(d.when)}`,
    );
  return `${lines.join("\n")}\n`;
}
