/**
 * @picasso/surface — `composeSession`, how every surface (CLI, TUI, probe, later the SDK server)
 * wires the engine and the composition's plugins into one session. Exported on purpose: what the
 * CLI and the cache-probe use.
 */
export { type ComposedSession, type ComposeSessionOptions, composeSession } from "./compose-session.js";
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
export { type AvailablePlugins, composedFamilies, composedTools } from "./plugin-mounts.js";
export {
  approvalQuestion,
  approveProjectConfig,
  type ProjectConfigFile,
  type ProjectPlace,
  pendingProjectConfig,
  reviewProjectConfig,
  withheldLines,
} from "./project-config.js";
export { type SandboxReportOptions, workspaceSandboxReport } from "./sandbox-report.js";
export { createSessionMemory, MEMORY_DB_FILE, memoryDbPath, workspaceMemoryScope } from "./session-memory.js";
export { sessionToolNames } from "./session-tool-names.js";
export {
  builtinCatalog,
  builtinCatalogFiles,
  CATALOG_COMMAND,
  REPOSITORY_CATALOG_DIR,
  type WorkspaceCatalogOptions,
  workspaceCatalog,
} from "./workspace-catalog.js";
