/**
 * `startOAuthLogin` as the package exports it: the login — and with it the SDK's OAuth client and
 * its schemas — loads when a login starts (`picasso mcp login`, `/mcp:login`), so the package's
 * index, which every session loads, stays free of the SDK (start-up: docs/benchmarks.md).
 */
import type { OAuthLogin, startOAuthLogin as start } from "./oauth-login.js";

export type { OAuthLogin } from "./oauth-login.js";

export async function startOAuthLogin(...args: Parameters<typeof start>): Promise<OAuthLogin> {
  const login = await import("./oauth-login.js");
  return login.startOAuthLogin(...args);
}
