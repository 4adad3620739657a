import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { McpOAuthProvider, NeedsAuthError } from "./oauth-provider.js";
import { authFile, readAuth, writeAuth } from "./oauth-store.js";
import type { HttpServerConfig } from "./server-config.js";

const URL_A = "http://127.0.0.1:1/mcp";

function config(extra: Partial<HttpServerConfig> = {}): HttpServerConfig {
  return {
    name: "remote",
    file: "/w/.mcp.json",
    scope: "user",
    transport: "http",
    url: URL_A,
    headers: {},
    ...extra,
  };
}

const tokens = (access: string) => ({
  access_token: access,
  token_type: "Bearer",
  refresh_token: `r-${access}`,
});

describe("McpOAuthProvider", () => {
  it("in a session, with no tokens stored, refuses at once instead of registering or redirecting", () => {
    const home = mkdtempSync(join(tmpdir(), "oauth-provider-"));
    const provider = new McpOAuthProvider(config(), home, { kind: "session" });
    expect(() => provider.clientInformation()).toThrow(NeedsAuthError);
    expect(provider.needsAuth).toBe(true);
    expect(() => provider.redirectToAuthorization(new URL("http://127.0.0.1:2/authorize"))).toThrow(
      "needs authorization: run `picasso mcp login remote` in a terminal, or /mcp:login remote in a session",
    );
  });

  it("keeps newer tokens another session stored when the ones it used are refused", () => {
    const home = mkdtempSync(join(tmpdir(), "oauth-provider-"));
    writeAuth(home, "remote", { url: URL_A, tokens: tokens("old") });
    const provider = new McpOAuthProvider(config(), home, { kind: "session" });
    expect(provider.tokens()?.access_token).toBe("old");
    writeAuth(home, "remote", { url: URL_A, tokens: tokens("newer") });
    provider.invalidateCredentials("tokens");
    expect(readAuth(home, "remote", URL_A).tokens?.access_token).toBe("newer");
    // Its own refused tokens are dropped.
    expect(provider.tokens()?.access_token).toBe("newer");
    provider.invalidateCredentials("tokens");
    expect(readAuth(home, "remote", URL_A).tokens).toBeUndefined();
  });

  it("uses a configured client as given and never writes it down; a file for another URL reads as empty", () => {
    const home = mkdtempSync(join(tmpdir(), "oauth-provider-"));
    writeAuth(home, "remote", { url: "http://127.0.0.1:9/other", tokens: tokens("elsewhere") });
    const provider = new McpOAuthProvider(
      config({ oauth: { clientId: "pic", clientSecret: "cs-123456", scopes: ["read", "write"] } }),
      home,
      { kind: "session" },
    );
    expect(provider.tokens()).toBeUndefined();
    provider.saveTokens(tokens("mine"));
    expect(provider.clientInformation()).toEqual({ client_id: "pic", client_secret: "cs-123456" });
    provider.saveClientInformation({ client_id: "pic", client_secret: "cs-123456" });
    expect(readAuth(home, "remote", URL_A).client).toBeUndefined();
    expect(provider.clientMetadata).toMatchObject({
      scope: "read write",
      token_endpoint_auth_method: "client_secret_post",
    });
    expect(statSync(authFile(home, "remote")).mode & 0o777).toBe(0o600);
  });

  it("at login, ignores stored tokens and registers again when the stored client names another redirect", () => {
    const home = mkdtempSync(join(tmpdir(), "oauth-provider-"));
    writeAuth(home, "remote", {
      url: URL_A,
      tokens: tokens("old"),
      client: { client_id: "dyn", redirect_uris: ["http://127.0.0.1:5555/callback"] },
    });
    const at = (redirectUrl: string) =>
      new McpOAuthProvider(config(), home, {
        kind: "login",
        redirectUrl,
        state: "s",
        onAuthorizationUrl() {},
      });
    expect(at("http://127.0.0.1:6666/callback").tokens()).toBeUndefined();
    expect(at("http://127.0.0.1:6666/callback").clientInformation()).toBeUndefined();
    expect(at("http://127.0.0.1:5555/callback").clientInformation()).toMatchObject({ client_id: "dyn" });
  });
});
