/**
 * JSONL export and import, for backups and moving machines (`picasso memory export | import`).
 * One memory per line, every field (`id`, `class`, `title`, `body`, `scope`, `importance`,
 * `createdAt`, `updatedAt`, `usedAt?`, `sourceSession?`). Import checks every line before it
 * writes anything (a bad line is one `MemoryInputError` naming the line and the field; secrets are
 * refused as `remember` refuses them), then writes all in one transaction: a memory with the same
 * scope and title is updated when its body or fields differ and skipped when identical, others
 * are added with new ids and their original times (bulk-import.ts writes them, in two statements
 * whatever the number of lines). Importing the same file twice changes nothing.
 * A retired memory (the governor's `supersededBy` or `archivedAt` in its line) is exported but not
 * imported — its links name ids of the other database, and recall never used it: counted as
 * `retired`, skipped.
 */
import { type ImportLine, type ImportResult, writeImport } from "./bulk-import.js";
import { MAX_BODY_BYTES, MAX_TITLE_CHARS, MemoryInputError } from "./memory-service.js";
import type { MemoryStore } from "./memory-store.js";
import { isMemoryClass, isScope, MEMORY_CLASSES, type Memory } from "./memory-types.js";
import { findSecret } from "./secrets.js";

export function exportLine(m: Memory): string {
  return JSON.stringify({
    id: m.id,
    class: m.class,
    title: m.title,
    body: m.body,
    scope: m.scope,
    importance: m.importance,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    ...(m.usedAt !== undefined ? { usedAt: m.usedAt } : {}),
    ...(m.sourceSession !== undefined ? { sourceSession: m.sourceSession } : {}),
    ...(m.supersededBy !== undefined ? { supersededBy: m.supersededBy } : {}),
    ...(m.archivedAt !== undefined ? { archivedAt: m.archivedAt } : {}),
  });
}

/** Every memory, one JSON line each (with the trailing newline), in id order. */
export function* exportJsonl(store: MemoryStore): Generator<string> {
  for (const m of store.all()) yield `${exportLine(m)}\n`;
}

function field(where: string, name: string, problem: string): MemoryInputError {
  return new MemoryInputError(`${where}: ${name}: ${problem}`);
}

function parseLine(line: string, where: string): ImportLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new MemoryInputError(`${where}: not a JSON object`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new MemoryInputError(`${where}: not a JSON object`);
  const o = value as Record<string, unknown>;
  const text = (name: string, max: number) => {
    const v = o[name];
    if (typeof v !== "string" || v.trim() === "") throw field(where, name, "a non-empty string is required");
    if (Buffer.byteLength(v) > max) throw field(where, name, `longer than ${max} bytes`);
    return v;
  };
  const time = (name: string, required: boolean) => {
    const v = o[name];
    if (v === undefined && !required) return undefined;
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      throw field(where, name, "a time in ms since the epoch is required");
    return v;
  };
  const title = text("title", MAX_TITLE_CHARS);
  const body = text("body", MAX_BODY_BYTES);
  if (!isMemoryClass(o.class)) throw field(where, "class", `one of ${MEMORY_CLASSES.join(", ")} is required`);
  if (typeof o.scope !== "string" || !isScope(o.scope))
    throw field(where, "scope", "user or project:<key> is required");
  const importance = o.importance;
  if (typeof importance !== "number" || !Number.isInteger(importance) || importance < 1 || importance > 5)
    throw field(where, "importance", "an integer from 1 to 5 is required");
  const secret = findSecret(`${title}\n${body}`);
  if (secret)
    throw new MemoryInputError(
      `${where}: refused: this looks like ${secret}; secrets are never stored in memory`,
    );
  const createdAt = time("createdAt", true);
  const updatedAt = time("updatedAt", true);
  const usedAt = time("usedAt", false);
  if (o.sourceSession !== undefined && typeof o.sourceSession !== "string")
    throw field(where, "sourceSession", "a string is required");
  return {
    class: o.class,
    title,
    body,
    scope: o.scope,
    importance,
    ...(createdAt !== undefined ? { createdAt } : {}),
    ...(updatedAt !== undefined ? { updatedAt } : {}),
    ...(usedAt !== undefined ? { usedAt } : {}),
    ...(typeof o.sourceSession === "string" ? { sourceSession: o.sourceSession } : {}),
    ...(o.supersededBy !== undefined || o.archivedAt !== undefined ? { retired: true } : {}),
  };
}

export type { ImportResult };

/**
 * Imports JSONL text; `source` names the file in messages. With `queue` (an embedder is
 * configured), every memory added or updated is queued for embedding in the same transaction.
 */
export function importJsonl(
  store: MemoryStore,
  text: string,
  source: string,
  queue?: { enqueue(ids: readonly number[]): void },
): ImportResult {
  const parsed = text
    .split("\n")
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter((l) => l.line !== "")
    .map((l) => parseLine(l.line, `${source}:${l.n}`));
  return writeImport(store.db, parsed, queue);
}
