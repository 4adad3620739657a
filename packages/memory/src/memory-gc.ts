/**
 * Decay and garbage collection (`picasso memory gc [--dry-run]`), pure given the database and the
 * clock. Archiving keeps a memory in memory.db (`archived_at`, shown by `show` and `list --all`)
 * but takes it out of recall and the index lines.
 *
 * Decay (`decayedImportance`): a memory never used (no recall ever returned it) loses one point of
 * importance per DECAY_DAYS (30) days since its last update: importance 3 written 65 days ago
 * counts as 1. A memory that was used keeps its importance. Pinned memories and preferences do not
 * decay: the session facts show them inline every session, which is their use.
 *
 * `planGc` lists, in id order, every live memory (not yet archived) in the scopes asked for that:
 * 1. is superseded (`superseded_by`) — reason `superseded by m12`;
 * 2. is not pinned or a preference, never used, and decayed below DECAY_FLOOR (1): importance 3 is
 *    below the floor after 90 days — reason `decayed: importance 3 → 0, never used, 95 days`;
 * 3. is not pinned or a preference and has not been used or updated for UNUSED_DAYS (365) days —
 *    reason `unused for 400 days`.
 * `archive` applies a plan in one transaction, with the archived memories' vectors and KNN rows
 * (retired-vectors.ts); `gc` is exactly its dry run's list.
 */

import type { MemoryStore } from "./memory-store.js";
import { formatMemoryId, type Memory } from "./memory-types.js";
import { type ClearedVectors, clearRetiredVectors } from "./retired-vectors.js";

export const DAY_MS = 86_400_000;
export const DECAY_DAYS = 30;
export const DECAY_FLOOR = 1;
export const UNUSED_DAYS = 365;

function exempt(m: Memory): boolean {
  return m.class === "pinned" || m.class === "preference";
}

function daysBetween(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / DAY_MS));
}

/** A memory's importance after decay at `now` (the module comment's schedule); may go below 1. */
export function decayedImportance(m: Memory, now: number): number {
  if (exempt(m) || m.usedAt !== undefined) return m.importance;
  return m.importance - Math.floor(daysBetween(m.updatedAt, now) / DECAY_DAYS);
}

export interface GcEntry {
  memory: Memory;
  reason: string;
}

/** Why `m` would be archived at `now`, or undefined. */
export function gcReason(m: Memory, now: number): string | undefined {
  if (m.archivedAt !== undefined) return undefined;
  if (m.supersededBy !== undefined) return `superseded by ${formatMemoryId(m.supersededBy)}`;
  if (exempt(m)) return undefined;
  const idle = daysBetween(Math.max(m.updatedAt, m.usedAt ?? 0), now);
  const decayed = decayedImportance(m, now);
  if (m.usedAt === undefined && decayed < DECAY_FLOOR)
    return `decayed: importance ${m.importance} → ${decayed}, never used, ${idle} days`;
  if (idle >= UNUSED_DAYS) return `unused for ${idle} days`;
  return undefined;
}

/** What gc would archive in `scopes` (every scope when omitted), in id order. */
export function planGc(store: MemoryStore, now: number, scopes?: readonly string[]): GcEntry[] {
  const out: GcEntry[] = [];
  for (const memory of store.all()) {
    if (scopes && !scopes.includes(memory.scope)) continue;
    const reason = gcReason(memory, now);
    if (reason) out.push({ memory, reason });
  }
  return out;
}

/**
 * Archives the memories of a plan at `now`, in one transaction, clearing the vectors nothing will
 * read again (retired-vectors.ts); returns how many were archived and what was cleared.
 */
export function archive(
  store: MemoryStore,
  plan: readonly GcEntry[],
  now: number,
): { archived: number; cleared: ClearedVectors } {
  const update = store.db.prepare("UPDATE memories SET archived_at = ? WHERE id = ? AND archived_at IS NULL");
  return store.db.transaction(() => ({
    archived: plan.reduce((n, e) => n + update.run(now, e.memory.id).changes, 0),
    cleared: clearRetiredVectors(
      store.db,
      plan.map((e) => e.memory.id),
    ),
  }))();
}

export function gcLine(entry: GcEntry): string {
  const m = entry.memory;
  return `${formatMemoryId(m.id)}  ${m.class}  ${m.scope}  ${m.title}  (${entry.reason})`;
}
