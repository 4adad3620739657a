/**
 * Checking a proposed AGENTS.md before the user sees it:
 * - size: over lean context's hard cap (`maxBytes`) it is refused — Tier 1 would cut it; over the
 *   target (`targetBytes`) it is allowed but said, with the byte count, for the user to decide;
 * - routing rows: every `.md` path a row of the "Read docs/X.md" table (or a line saying "read
 *   …"; headings are titles, not routes) names must exist in the workspace; the ones that do not
 *   are flagged, not removed.
 * An empty answer is refused. Refusals are `UserError`s of one line; flags are notes.
 */
import { statSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { UserError } from "@picasso/protocol";
import { byteLength } from "@picasso/protocol/basics";
import type { InitLimits } from "./init-request.js";

export interface ProposalCheck {
  bytes: number;
  overTarget: boolean;
  /** Paths the routing rows name that are not files of the workspace. */
  missingDocs: string[];
  /** One line each, for the user: over the target, rows naming missing files. */
  notes: string[];
}

/** A relative path ending in `.md` (in backticks, a link or plain) on a routing line. */
const MD_PATH = /(?:^|[\s`(|[])((?:\.{0,2}\/)?(?:[\w.@-]+\/)*[\w.@-]+\.md)(?=[\s`)|\],.;:]|$)/g;

/** The `.md` paths the routing lines of `text` name: table rows and lines with "read". */
export function routedPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const line of text.split("\n")) {
    const trimmed = line.trimStart();
    // Headings are titles ("## Read docs/X.md when working on Y"), not routes.
    if (trimmed.startsWith("#")) continue;
    const routing = trimmed.startsWith("|") || /\bread\b/i.test(line);
    if (!routing) continue;
    for (const match of line.matchAll(MD_PATH)) {
      const path = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(path)) continue;
      paths.add(path);
    }
  }
  return [...paths];
}

function isWorkspaceFile(root: string, path: string): boolean {
  const relative = normalize(path);
  if (isAbsolute(relative) || relative.startsWith("..")) return false;
  try {
    return statSync(join(root, relative)).isFile();
  } catch {
    return false;
  }
}

export function checkProposal(text: string, root: string, limits: InitLimits): ProposalCheck {
  if (text.trim() === "")
    throw new UserError("the model's answer was empty: nothing to write (AGENTS.md unchanged)");
  const bytes = byteLength(text);
  if (bytes > limits.maxBytes)
    throw new UserError(
      `the model's AGENTS.md is ${bytes} bytes, over the hard cap of ${limits.maxBytes} (agent-instructions.maxBytes): not proposed, AGENTS.md unchanged`,
    );
  const notes: string[] = [];
  const overTarget = bytes > limits.targetBytes;
  if (overTarget)
    notes.push(
      `the proposal is ${bytes} bytes, over the ${limits.targetBytes}-byte target (agent-instructions.targetBytes); every session's Tier 1 carries it — write it only if that is what you want`,
    );
  const missingDocs = routedPaths(text).filter((path) => !isWorkspaceFile(root, path));
  for (const path of missingDocs)
    notes.push(`a routing row names ${path}, which is not a file in this workspace`);
  return { bytes, overTarget, missingDocs, notes };
}
