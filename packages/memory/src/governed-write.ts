/**
 * A `remember` write as the governor (governor.ts) shapes it, in one transaction:
 * 1. a memory with the same title in the scope is updated in place (as before the governor); an
 *    explicit `supersedes` other than that memory is retired in favour of it;
 * 2. an explicit `supersedes: m12`: the memory is added and m12 retired (the new one takes m12's
 *    importance unless one is given);
 * 3. otherwise the governor's verdict: merge into an existing memory (nothing added), add and
 *    retire the near duplicate it updates, or add.
 * Every memory written (added or updated, not a merge: its text is unchanged) is handed to
 * `written` inside the same transaction — the embed queue (embed-queue.ts) takes it there, so the
 * memory and its place in the queue commit together.
 * `supersedesTarget` checks the `supersedes` field first (an id like m12, a live memory in the
 * session's scopes), answering a problem line naming the field.
 */
import type { MemoryGovernor } from "./governor.js";
import type { MemoryStore } from "./memory-store.js";
import { formatMemoryId, type Memory, type NewMemory, parseMemoryId } from "./memory-types.js";

export type Outcome = "added" | "updated" | "merged" | "superseded";

export interface GovernedWrite {
  memory: Memory;
  updated: boolean;
  outcome: Outcome;
  other?: Memory;
}

/** The memory `supersedes` names, or the problem with it; undefined when the field is absent. */
export function supersedesTarget(
  store: MemoryStore,
  scopes: readonly string[],
  value: unknown,
): { target: Memory } | { problem: string } | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const id = typeof value === "string" ? parseMemoryId(value) : undefined;
  if (id === undefined) return { problem: `supersedes: "${String(value)}" is not a memory id like m12` };
  const target = store.get(id);
  if (!target || !scopes.includes(target.scope))
    return { problem: `supersedes: no memory ${formatMemoryId(id)} in this workspace's scopes` };
  if (target.supersededBy !== undefined)
    return {
      problem: `supersedes: ${formatMemoryId(id)} is already superseded by ${formatMemoryId(target.supersededBy)}`,
    };
  if (target.archivedAt !== undefined) return { problem: `supersedes: ${formatMemoryId(id)} is archived` };
  return { target };
}

export async function governedWrite(
  store: MemoryStore,
  governor: MemoryGovernor,
  write: {
    existing: Memory | undefined;
    fields: NewMemory;
    replaced: Memory | undefined;
    askedImportance: number | undefined;
    now: number;
    /** Called inside the write's transaction with the memory added or updated. */
    written?: (memory: Memory) => void;
  },
): Promise<GovernedWrite> {
  const { existing, fields, replaced, now } = write;
  const transaction = <T>(work: () => T): T => store.db.transaction(work).immediate();
  if (existing)
    return transaction(() => {
      const memory = store.update(existing.id, fields, now);
      write.written?.(memory);
      if (replaced && replaced.id !== existing.id) governor.supersede(replaced.id, memory.id);
      return {
        memory,
        updated: true,
        outcome: "updated",
        ...(replaced && replaced.id !== existing.id ? { other: replaced } : {}),
      };
    });
  const verdict = replaced ? undefined : await governor.judge(fields);
  if (verdict?.action === "merge") {
    const memory = transaction(() => governor.merge(verdict.existing, write.askedImportance, now));
    return { memory, updated: false, outcome: "merged", other: memory };
  }
  const retired = replaced ?? (verdict?.action === "supersede" ? verdict.existing : undefined);
  // An update is as important as what it replaces unless told otherwise.
  const added =
    retired && write.askedImportance === undefined ? { ...fields, importance: retired.importance } : fields;
  return transaction(() => {
    const memory = store.add(added);
    write.written?.(memory);
    if (!retired) return { memory, updated: false, outcome: "added" };
    governor.supersede(retired.id, memory.id);
    return { memory, updated: false, outcome: "superseded", other: retired };
  });
}
