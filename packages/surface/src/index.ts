/**
 * @picasso/surface — `composeSession`, how every surface (CLI, TUI, probe, later the SDK server)
 * wires the engine and the composition's plugins into one session. Exported on purpose: what the
 * CLI and the cache-probe use.
 */
export { type ComposedSession, type ComposeSessionOptions, composeSession } from "./compose-session.js";
export { type McpMountOptions, mcpPluginFor } from "./mcp-mount.js";
export { composedTools } from "./plugin-mounts.js";
export {
  builtinCatalog,
  builtinCatalogFiles,
  CATALOG_COMMAND,
  REPOSITORY_CATALOG_DIR,
  type WorkspaceCatalogOptions,
  workspaceCatalog,
} from "./workspace-catalog.js";
