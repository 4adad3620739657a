/**
 * What a memory is. Ids are shown as `m<number>` (the row id), which `parseMemoryId` reads back
 * (with or without the `m`).
 */
export const MEMORY_CLASSES = ["pinned", "preference", "fact", "procedure", "episode"] as const;
export type MemoryClass = (typeof MEMORY_CLASSES)[number];

export const DEFAULT_IMPORTANCE = 3;

export interface Memory {
  id: number;
  class: MemoryClass;
  title: string;
  body: string;
  /** `user`, or `project:<key>` for one workspace. */
  scope: string;
  /** 1 (trivia) … 5 (critical). */
  importance: number;
  createdAt: number;
  updatedAt: number;
  usedAt?: number;
  sourceSession?: string;
  /** Retired (governor.ts): replaced by this memory, or archived by `picasso memory gc`. */
  supersededBy?: number;
  archivedAt?: number;
}

export interface NewMemory {
  class: MemoryClass;
  title: string;
  body: string;
  scope: string;
  importance?: number;
  sourceSession?: string;
  /** Import keeps the original times. */
  createdAt?: number;
  updatedAt?: number;
  usedAt?: number;
}

/** Superseded or archived by the governor: kept, but never recalled nor in the index lines. */
export function isRetired(m: Memory): boolean {
  return m.supersededBy !== undefined || m.archivedAt !== undefined;
}

export function isMemoryClass(value: unknown): value is MemoryClass {
  return typeof value === "string" && (MEMORY_CLASSES as readonly string[]).includes(value);
}

export function formatMemoryId(id: number): string {
  return `m${id}`;
}

/** `m42`, `42` → 42; anything else → undefined. */
export function parseMemoryId(text: string): number | undefined {
  const match = /^m?(\d{1,15})$/i.exec(text.trim());
  return match?.[1] ? Number(match[1]) : undefined;
}

export function projectScope(key: string): string {
  return `project:${key}`;
}

/** `user` or `project:<key>` (key: letters, digits, `.`, `_`, `-`). */
export function isScope(value: string): boolean {
  return value === "user" || /^project:[A-Za-z0-9._-]+$/.test(value);
}
