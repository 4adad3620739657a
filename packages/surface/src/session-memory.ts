/**
 * The memory a session of a workspace uses: `$PICASSO_HOME/memory.db`, this workspace's scope
 * (`project:<project key>`, the engine's key for its sessions folder), and the embedder the
 * composition's `memory.embeddings.*` settings choose (`memory-embedder.ts`: local by default).
 * The database opens on first use.
 */
import { join } from "node:path";
import { projectKey } from "@picasso/engine";
import type { Composition } from "@picasso/lean-context";
import { createMemoryPlugin, type Embedder, type MemoryPlugin, projectScope } from "@picasso/memory";
import type { ExtensionPlace, Mounted } from "./extension-place.js";
import { memoryEmbedder } from "./memory-embedder.js";

export const MEMORY_DB_FILE = "memory.db";

export function memoryDbPath(picassoHome: string): string {
  return join(picassoHome, MEMORY_DB_FILE);
}

export function workspaceMemoryScope(workspaceRoot: string): string {
  return projectScope(projectKey(workspaceRoot));
}

/**
 * The memory settings of a composition: the embedder (memory-embedder.ts chooses it from
 * `memory.embeddings.*`) and the relevance floor — shared by sessions and `picasso memory`.
 */
export function memorySettings(
  composition: Composition,
  env: NodeJS.ProcessEnv = process.env,
): { embedder?: Embedder; minScore: number } {
  const embedder = memoryEmbedder(composition.settings, env);
  return { minScore: composition.settings["memory.recall.minScore"], ...(embedder ? { embedder } : {}) };
}

export function createSessionMemory(options: {
  picassoHome: string;
  workspaceRoot: string;
  composition: Composition;
  env?: NodeJS.ProcessEnv;
  /** The session's clock (recency ranking, used-at times). */
  now?: () => Date;
  /** A damaged database: moved aside (a session, the default) or left as it is (a reading command). */
  damaged?: "move-aside" | "leave";
}): MemoryPlugin {
  const now = options.now;
  return createMemoryPlugin({
    path: memoryDbPath(options.picassoHome),
    projectScope: workspaceMemoryScope(options.workspaceRoot),
    ...(now ? { now: () => now().getTime() } : {}),
    ...(options.damaged ? { damaged: options.damaged } : {}),
    ...memorySettings(options.composition, options.env),
  });
}

/**
 * The `memory` row: `remember`/`recall`, the memory index and pinned memories in the session facts
 * (`@picasso/memory`). A database it cannot use is one set-up warning; the session runs on (a
 * session moves a damaged file aside; mounted offline, it is left as it is).
 */
export function memoryExtension(place: ExtensionPlace): Mounted {
  // Offline readers (`picasso context`) change nothing: a damaged memory.db is left as it is.
  const memory = createSessionMemory(place.offline ? { ...place, damaged: "leave" } : place);
  return {
    extension: memory,
    handles: { memory },
    warnings: () => {
      const problem = memory.problem();
      return problem ? [problem] : [];
    },
  };
}
