/**
 * @picasso/memory — memory on SQLite (`$PICASSO_HOME/memory.db`): the store, the `remember` and
 * `recall` tools, the session's pinned lines and index lines, hybrid ranking, JSONL export/import.
 * Exported on purpose: what the surface wires into a session and what `picasso memory` runs.
 */
export { type Embedder, type EmbeddingsConfig, openAiEmbedder } from "./embeddings.js";
export { queryWords } from "./fts-candidates.js";
export {
  INDEX_BUDGET_BYTES,
  indexBlock,
  indexLine,
  memoryFacts,
  PINNED_BUDGET_BYTES,
  pinnedLine,
} from "./memory-facts.js";
export { exportJsonl, exportLine, type ImportResult, importJsonl } from "./memory-jsonl.js";
export {
  createMemoryPlugin,
  MEMORY_PLUGIN,
  MEMORY_SETTINGS_NAMESPACE,
  type MemoryPlugin,
  type MemoryPluginOptions,
} from "./memory-plugin.js";
export { MemoryInputError, MemoryService, type RememberInput } from "./memory-service.js";
export { MemoryStore } from "./memory-store.js";
export {
  memoryBlock,
  RECALL_TOOL,
  REMEMBER_TOOL,
  recallDedupe,
  recallSpec,
  rememberSpec,
} from "./memory-tools.js";
export {
  formatMemoryId,
  isMemoryClass,
  MEMORY_CLASSES,
  type Memory,
  type MemoryClass,
  type NewMemory,
  parseMemoryId,
  projectScope,
} from "./memory-types.js";
export {
  BUSY_TIMEOUT_MS,
  type Db,
  damagedMemoryProblem,
  type OpenMemoryOptions,
  openMemoryDb,
} from "./open-db.js";
export { activeWeights, describeWeights, rank } from "./ranking.js";
export { SCHEMA_VERSION } from "./schema.js";
export { findSecret } from "./secrets.js";
