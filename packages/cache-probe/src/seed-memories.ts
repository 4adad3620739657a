/**
 * A scenario's memories, written into the probe's `memory.db` before its session opens (and
 * before its first-turn baseline is taken): `project` scope is the scenario workspace's, `other`
 * another project's (never shown to this workspace). Times are fixed relative to the probe's
 * clock — memory `i` of `n` was written `n − i` hours before it — so the session facts are the
 * same bytes on every run.
 */
import { MemoryStore, openMemoryDb } from "@picasso/memory";
import { memoryDbPath, workspaceMemoryScope } from "@picasso/surface";
import type { ScenarioMemory } from "./scenarios/scenario.js";

const HOUR = 3_600_000;

export function seedMemories(
  home: string,
  workspace: string,
  memories: readonly ScenarioMemory[],
  now: Date,
): void {
  if (memories.length === 0) return;
  const path = memoryDbPath(home);
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const store = new MemoryStore(opened.db, path);
  try {
    const project = workspaceMemoryScope(workspace);
    opened.db.transaction(() => {
      memories.forEach((m, i) => {
        const at = now.getTime() - (memories.length - i) * HOUR;
        store.add({
          class: m.class,
          title: m.title,
          body: m.body,
          scope:
            m.scope === "user" ? "user" : m.scope === "project" ? project : "project:another-project-0000",
          importance: m.importance,
          createdAt: at,
          updatedAt: at,
        });
      });
    })();
  } finally {
    store.close();
  }
}
