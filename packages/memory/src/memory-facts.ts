/**
 * What memory puts into a new session's facts (the first user-role message, never Tier 1):
 * - `pinned`: pinned memories and preferences, inline, one line each
 *   (`m3 · preference · Indent with tabs: never spaces`), within PINNED_BUDGET_BYTES; a long body
 *   is cut and says to recall the rest;
 * - `indexBlock`: every other memory of the user's and this project's scopes ranked by importance
 *   and recency, one index line each (`m12 · fact · Build uses turbo · project`; `project` is this workspace's), as many as fit
 *   in INDEX_BUDGET_BYTES; the model recalls a body by id.
 * Both are pure functions of the database and the clock: byte-identical for identical inputs.
 */

import type { MemoryService } from "./memory-service.js";
import { formatMemoryId, type Memory } from "./memory-types.js";

export const PINNED_BUDGET_BYTES = 2048;
export const INDEX_BUDGET_BYTES = 1024;
const PINNED_LINE_CHARS = 240;
const TITLE_CHARS = 80;
// More than fit in either budget (a line is at least ~25 bytes).
const INDEX_CANDIDATES = 40;

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function pinnedLine(m: Memory): string {
  const id = formatMemoryId(m.id);
  const full = `${id} · ${m.class} · ${oneLine(m.title)}: ${oneLine(m.body)}`;
  return full.length <= PINNED_LINE_CHARS
    ? full
    : `${cut(full, PINNED_LINE_CHARS)} (recall ${id} for the rest)`;
}

/** `scope` as the session shows it (`project` for its own project). */
export function indexLine(m: Memory, scope = m.scope): string {
  return `${formatMemoryId(m.id)} · ${m.class} · ${cut(oneLine(m.title), TITLE_CHARS)} · ${scope}`;
}

/** Lines in order while their bytes (with newlines) fit the budget. */
function within(lines: readonly string[], budget: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const line of lines) {
    const bytes = Buffer.byteLength(line) + 1;
    if (used + bytes > budget) break;
    out.push(line);
    used += bytes;
  }
  return out;
}

export interface MemoryFacts {
  pinned: string[];
  /** Pinned or preference memories that did not fit inline: they join the index. */
  index: string[];
}

export function memoryFacts(service: MemoryService): MemoryFacts {
  const inline = service.ranked(INDEX_CANDIDATES, ["pinned", "preference"]);
  const pinnedAll = inline.map(pinnedLine);
  const pinned = within(pinnedAll, PINNED_BUDGET_BYTES);
  const overflow = inline.slice(pinned.length);
  const others = service.ranked(INDEX_CANDIDATES, ["fact", "procedure", "episode"]);
  const index = within(
    [...overflow, ...others].map((m) => indexLine(m, service.shownScope(m.scope))),
    INDEX_BUDGET_BYTES,
  );
  return { pinned, index };
}

/** The index block for the session facts, or undefined when there is nothing to index. */
export function indexBlock(index: readonly string[]): string | undefined {
  if (index.length === 0) return undefined;
  return [
    "<memory-index>",
    "Memories for this workspace (id · class · title · scope); recall({ids}) loads a body when it matters:",
    ...index,
    "</memory-index>",
  ].join("\n");
}
