/**
 * The memory a session of a workspace uses: `$PICASSO_HOME/memory.db`, this workspace's scope
 * (`project:<project key>`, the engine's key for its sessions folder), and embeddings when the
 * composition names an endpoint (`memory.embeddings.*`). The database opens on first use.
 * The endpoint's key variable may name a provider credential (`OPENAI_API_KEY`): those were taken
 * out of the environment at start-up, so it is looked up among the held secrets too.
 */
import { join } from "node:path";
import { projectKey } from "@picasso/engine";
import type { Composition } from "@picasso/lean-context";
import {
  createMemoryPlugin,
  type Embedder,
  type MemoryPlugin,
  openAiEmbedder,
  projectScope,
} from "@picasso/memory";
import { withHeldProviderSecrets } from "@picasso/protocol";
import type { ExtensionPlace, Mounted } from "./extension-place.js";

export const MEMORY_DB_FILE = "memory.db";

export function memoryDbPath(picassoHome: string): string {
  return join(picassoHome, MEMORY_DB_FILE);
}

export function workspaceMemoryScope(workspaceRoot: string): string {
  return projectScope(projectKey(workspaceRoot));
}

/**
 * The memory settings of a composition: the embedder (when `memory.embeddings.baseUrl` is set) and
 * the relevance floor — shared by sessions and `picasso memory`.
 */
export function memorySettings(
  composition: Composition,
  env: NodeJS.ProcessEnv = process.env,
): { embedder?: Embedder; minScore: number } {
  const settings = composition.settings;
  const baseUrl = settings["memory.embeddings.baseUrl"];
  const keyEnv = settings["memory.embeddings.apiKeyEnv"];
  const apiKey = keyEnv ? withHeldProviderSecrets(env)[keyEnv] : undefined;
  return {
    minScore: settings["memory.recall.minScore"],
    ...(baseUrl
      ? {
          embedder: openAiEmbedder({
            baseUrl,
            model: settings["memory.embeddings.model"],
            ...(apiKey ? { apiKey } : {}),
          }),
        }
      : {}),
  };
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
