/**
 * A scenario's memories, written into the probe's `memory.db` before its session opens (and
 * before its first-turn baseline is taken): `project` scope is the scenario workspace's, `other`
 * another project's (never shown to this workspace). Times are fixed relative to the probe's
 * clock — memory `i` of `n` was written `n − i` spacings (an hour unless the scenario says) before
 * it — so the session facts are the same bytes on every run.
 *
 * The rows go in as the fixture's one SQL transaction — `INSERT … SELECT` over `json_each` in
 * chunks, the schema's triggers filling the full-text index — not one `MemoryStore.add` each:
 * 100,000 memories take a few seconds this way (the per-row path costs about four times the CPU).
 * They are the rows `add` writes: no used-at time, no source session, no vector yet (a session with
 * an embedder queues them at its start, as for memories imported without one).
 */
import { openMemoryDb } from "@picasso/memory";
import { memoryDbPath, workspaceMemoryScope } from "@picasso/surface";
import type { ScenarioMemory } from "./scenarios/scenario.js";

const MINUTE = 60_000;
/** Memories per statement: a JSON array of this many rows is a few MB at most. */
const CHUNK = 5_000;

const INSERT = `INSERT INTO memories (class, title, body, scope, importance, created_at, updated_at)
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 5
  FROM json_each(?) ORDER BY key`;

export interface SeedOptions {
  /** Minutes between two memories (default 60). */
  spacingMinutes?: number;
}

export function seedMemories(
  home: string,
  workspace: string,
  memories: readonly ScenarioMemory[],
  now: Date,
  options: SeedOptions = {},
): void {
  if (memories.length === 0) return;
  const path = memoryDbPath(home);
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const db = opened.db;
  try {
    const project = workspaceMemoryScope(workspace);
    const spacing = (options.spacingMinutes ?? 60) * MINUTE;
    const scopeOf = (m: ScenarioMemory) =>
      m.scope === "user"
        ? "user"
        : m.scope === "project"
          ? project
          : `project:${m.project ?? "another-project-0000"}`;
    const row = (m: ScenarioMemory, i: number) => [
      m.class,
      m.title,
      m.body,
      scopeOf(m),
      m.importance,
      now.getTime() - (memories.length - i) * spacing,
    ];
    const insert = db.prepare(INSERT);
    db.transaction(() => {
      for (let start = 0; start < memories.length; start += CHUNK)
        insert.run(JSON.stringify(memories.slice(start, start + CHUNK).map((m, j) => row(m, start + j))));
    }).immediate();
    // The session reads the main file, not a write-ahead log as large as the database.
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

/** A scenario's memories: its listed ones, then those it builds when it runs. */
export function scenarioMemories(scenario: {
  memories?: ScenarioMemory[];
  moreMemories?: () => ScenarioMemory[];
}): ScenarioMemory[] {
  return [...(scenario.memories ?? []), ...(scenario.moreMemories?.() ?? [])];
}
