export {
  type AllowSources,
  allowedBy,
  loadAllowRules,
  PROJECT_ALLOW_FILES,
  type ProjectAllowFile,
  reviewProjectAllowFiles,
} from "./allow-rules.js";
export {
  CATALOG_FORMAT,
  type CachedTool,
  catalogDir,
  configHash,
  readCatalog,
  readFreshCatalog,
  renderCatalogMarkdown,
  type ServerCatalog,
  writeCatalog,
} from "./catalog-cache.js";
export { addServerToFile, removeServerFromFile, type ServerEntry } from "./config-file.js";
export { ConfigWatch, type ConfigWatchSource } from "./config-watch.js";
export { DESCRIBE, fullText, LIST, listText } from "./gateway-tool.js";
export {
  expandVars,
  type LoadedMcpConfig,
  type LoadMcpConfigOptions,
  loadMcpConfig,
  PROJECT_CONFIG,
  projectConfigPath,
  reviewProjectMcpConfig,
  USER_CONFIG,
  userConfigPath,
  type WithheldMcpConfig,
} from "./load-config.js";
export {
  createMcpPlugin,
  MCP_PLUGIN,
  MCP_SETTINGS_NAMESPACE,
  type McpPlugin,
  type McpPluginOptions,
  type McpServerStatus,
} from "./mcp-plugin.js";
export { type McpEventBody, type McpEventSink, McpServer, type ServerState } from "./mcp-server.js";
export { type RefreshResult, refreshCatalog } from "./refresh-catalog.js";
export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  describeConfig,
  type HttpServerConfig,
  type McpServerConfig,
  type McpTransport,
  SERVER_NAME,
  type StdioServerConfig,
} from "./server-config.js";
export { ServerConnection } from "./server-connection.js";
export type { ProcessIsolation } from "./stdio-transport.js";
