/**
 * @picasso/memory — memory on SQLite (`$PICASSO_HOME/memory.db`): the store, the `remember` and
 * `recall` tools, the session's pinned lines and index lines, hybrid ranking, JSONL export/import.
 *
 * Exported on purpose: each name is here because another package (runtime code, tests, benches or
 * the CLI) imports it, never `export *`; a module's other exports stay its own. Add a name when a
 * package needs it. (Each group's comment stands apart so that sorting keeps the groups.)
 */

// The plugin a session mounts, and the embedder it may rank with.

export { type Embedder, openAiEmbedder } from "./embeddings.js";
export { createMemoryPlugin, type MemoryPlugin } from "./memory-plugin.js";

// The database, the store and the service (`picasso memory`, the probe's seeded memories).

export { memoryDbProblem } from "./db-problem.js";
export type { DrainResult } from "./embed-queue.js";
export type { SearchResult } from "./hybrid-search.js";
export { MemoryInputError, MemoryService, type Remembered } from "./memory-service.js";
export { MemoryStore } from "./memory-store.js";
export type { ReindexReport } from "./memory-vectors.js";
export { damagedMemoryProblem, openMemoryDb } from "./open-db.js";
export { DEFAULT_MIN_SCORE, describeWhy, type Explained, type Why } from "./relevance.js";

// Memories: their types, ids and project scope; JSONL export and import.

export { exportJsonl, importJsonl } from "./memory-jsonl.js";

// The governor's garbage collection (`picasso memory gc`).

export { archive, gcLine, planGc } from "./memory-gc.js";
export {
  formatMemoryId,
  type Memory,
  type MemoryClass,
  parseMemoryId,
  projectScope,
} from "./memory-types.js";

// The retrieval-quality eval (`picasso eval memory`, docs/memory.md).

export { loadRetrievalEval } from "./eval/eval-data.js";
export { type RetrievalEvalReport, runRetrievalEval } from "./eval/retrieval-eval.js";
