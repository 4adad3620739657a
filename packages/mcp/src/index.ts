/**
 * @picasso/mcp — MCP servers, lazily: `.mcp.json` (once approved) and `$PICASSO_HOME/mcp.json`,
 * one `<server>_call` gateway per server, the catalog cache, spawn on the first real call, the
 * `mcp` plugin (docs/mcp.md).
 *
 * Exported on purpose: each name is here because another package (runtime code, tests, benches or
 * the CLI) imports it, never `export *`; a module's other exports stay its own. Add a name when a
 * package needs it. (Each group's comment stands apart so that sorting keeps the groups.)
 */

// The plugin a session mounts, and how its servers' processes are isolated.

export type { ElicitationPolicy } from "./elicitation.js";
export { createMcpPlugin, type McpPlugin } from "./mcp-plugin.js";
export type { ProcessIsolation } from "./stdio-transport.js";

// Server configuration: the files and their paths, loading, editing, the project file's review.

export { addServerToFile, removeServerFromFile, type ServerEntry } from "./config-file.js";
export {
  loadMcpConfig,
  PROJECT_CONFIG,
  projectConfigPath,
  reviewProjectMcpConfig,
  userConfigPath,
} from "./load-config.js";
export { describeConfig, type McpServerConfig, SERVER_NAME } from "./server-config.js";

// Allow rules for server tools, and the review of the project's allow files.

export { loadAllowRules, reviewProjectAllowFiles } from "./allow-rules.js";

// The catalog cache (`$PICASSO_HOME/mcp-catalog/`) and its refresh.

export {
  CATALOG_FORMAT,
  catalogDir,
  configHash,
  readCatalog,
  readFreshCatalog,
  writeCatalog,
} from "./catalog-cache.js";
export { refreshCatalog } from "./refresh-catalog.js";

// `@server:uri` mentions of MCP resources in a user's prompt.

export { withoutResourceMentions } from "./resource-mentions.js";

// OAuth for http and sse servers: the login `picasso mcp login` runs, and where its tokens are kept.

export { type OAuthLogin, startOAuthLogin } from "./oauth-login-soon.js";
export { authFile, forgetAuth } from "./oauth-store.js";
