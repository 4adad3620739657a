/**
 * `@picasso/mcp/testing`: an OAuth-protected MCP server on 127.0.0.1 and the automated user agent
 * that approves its logins, for the tests of any package that logs in to a server (mcp, the CLI).
 * No product code imports this.
 */
export { approveInBrowser, type OAuthTestServer, startOAuthTestServer } from "./oauth-test-server.js";
