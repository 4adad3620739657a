/**
 * @picasso/surface — `composeSession`, how every surface (CLI, TUI, probe, later the SDK server)
 * wires the engine and the composition's plugins into one session. Exported on purpose: what the
 * CLI and the cache-probe use.
 */
export { type ComposedSession, type ComposeSessionOptions, composeSession } from "./compose-session.js";
export {
  CORE_OPERATION_NAMES,
  type CoreOperationName,
  type CoreOperationTarget,
  coreOperations,
  type OperationHost,
} from "./core-operations.js";
export type { ExtensionFactory, ExtensionPlace, MountedExtensions } from "./extension-place.js";
export { EXTENSION_REGISTRY, mountExtensions } from "./extension-registry.js";
export {
  DEFAULT_MAX_ROUNDS,
  firstRoundInput,
  type GoalOutcome,
  GoalRounds,
  goalOutcomeLine,
  parseMaxRounds,
  roundInput,
} from "./goal-rounds.js";
export { LiveTimeline, liveTimeline, type Timeline } from "./live-timeline.js";
export { type McpMountOptions, type McpServerConfig, mcpPluginFor } from "./mcp-mount.js";
export { reindexText } from "./memory-reindex.js";
export {
  EMPTY_MEMORY,
  gcText,
  listText,
  type MemoryPlace,
  memoryText,
  type OpenedMemory,
  rememberedText,
  removeById,
  searchText,
  showById,
  withMemory,
} from "./memory-text.js";
export { mountOffline, type OfflinePlace } from "./offline-mount.js";
export { mountedFamilies, mountedTools } from "./plugin-mounts.js";
export {
  approvalQuestion,
  approveProjectConfig,
  type ProjectConfigFile,
  type ProjectPlace,
  pendingProjectConfig,
  reviewProjectConfig,
  withheldLines,
} from "./project-config.js";
export { type PromptCommand, promptCommand } from "./prompt-command.js";
export { type SandboxReportOptions, workspaceSandboxReport } from "./sandbox-report.js";
export { createSessionMemory, MEMORY_DB_FILE, memoryDbPath, workspaceMemoryScope } from "./session-memory.js";
export { sessionToolNames } from "./session-tool-names.js";
export {
  builtinCatalog,
  builtinCatalogFiles,
  CATALOG_COMMAND,
  evalFixtureCatalog,
  REPOSITORY_CATALOG_DIR,
  type WorkspaceCatalogOptions,
  workspaceCatalog,
} from "./workspace-catalog.js";
