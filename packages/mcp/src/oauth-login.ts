/**
 * `startOAuthLogin`: authorize Picasso with one http or sse server (OAuth 2.1, authorization code
 * + PKCE), as `picasso mcp login <name>` and `/mcp:login <name>` do.
 *
 * 1. Listen for the loopback redirect (oauth-callback.ts) with a fresh random `state`.
 * 2. Ask the server once without a token: its 401 names the protected-resource metadata and the
 *    scope it wants (`WWW-Authenticate`).
 * 3. The SDK's `auth()` discovers the authorization server, registers Picasso when no client is
 *    configured or stored, and builds the authorization URL (oauth-provider.ts, login mode).
 * 4. The caller shows the URL (and may open a browser: the opener is the caller's); `done`
 *    settles when the redirect came back and its code was exchanged for tokens, which are then
 *    stored (oauth-store.ts) — or with the one-line reason it failed. The listener is closed
 *    either way.
 * Only http(s) authorization URLs are handed out: the URL comes from the server's metadata; what
 * a server says in an error reaches the screen as one printable line of at most 300 characters.
 */
import { randomBytes } from "node:crypto";
import { auth, extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import { listenForCallback } from "./oauth-callback.js";
import { McpOAuthProvider } from "./oauth-provider.js";
import { DEFAULT_LOGIN_TIMEOUT_MS, type HttpServerConfig } from "./server-config.js";

export { DEFAULT_LOGIN_TIMEOUT_MS } from "./server-config.js";

export interface OAuthLogin {
  authorizationUrl: URL;
  /** Settles when the tokens are stored, or rejects with why the login failed. */
  done: Promise<void>;
  /** Give up waiting for the redirect (done rejects). */
  cancel(): void;
  /** Resolves once the loopback listener is closed. */
  closed: Promise<void>;
}

export async function startOAuthLogin(
  config: HttpServerConfig,
  options: { picassoHome: string; timeoutMs?: number; signal?: AbortSignal },
): Promise<OAuthLogin> {
  const state = randomBytes(24).toString("base64url");
  const listener = await listenForCallback({
    state,
    timeoutMs: options.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS,
    ...(config.oauth?.callbackPort ? { port: config.oauth.callbackPort } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  try {
    let authorizationUrl: URL | undefined;
    const provider = new McpOAuthProvider(config, options.picassoHome, {
      kind: "login",
      redirectUrl: listener.redirectUrl,
      state,
      onAuthorizationUrl: (url) => {
        authorizationUrl = url;
      },
    });
    const { status, ...hints } = await challenge(config);
    const request = { serverUrl: config.url, ...hints };
    const first = await auth(provider, request).catch((error: Error) => {
      // A server that did not answer 401 may not use OAuth at all: say so beside the SDK's reason.
      if (status === undefined || status === 401) throw error;
      throw new Error(`it answered HTTP ${status} without asking for authorization; ${error.message}`);
    });
    if (first !== "REDIRECT" || !authorizationUrl)
      throw new Error("the server did not ask for an authorization");
    if (authorizationUrl.protocol !== "https:" && authorizationUrl.protocol !== "http:")
      throw new Error(`the authorization URL is not http(s) (${authorizationUrl.protocol}); refused`);
    const done = listener.code.then(async (code) => {
      const result = await auth(provider, { ...request, authorizationCode: code }).catch((error: Error) => {
        throw new Error(oneLine(error.message));
      });
      if (result !== "AUTHORIZED") throw new Error("the authorization code was not accepted");
    });
    done.catch(() => undefined);
    return { authorizationUrl, done, cancel: listener.close, closed: listener.closed };
  } catch (error) {
    listener.close();
    await listener.closed;
    throw new Error(oneLine((error as Error).message));
  }
}

/** A server's words in an error: one printable line, capped (they reach the screen). */
function oneLine(text: string): string {
  const line = text.replace(/[\x00-\x1f\x7f]+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/** The server's answer without a token, and the protected-resource metadata URL and scope its 401 names. */
async function challenge(
  config: HttpServerConfig,
): Promise<{ status?: number; resourceMetadataUrl?: URL; scope?: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15_000);
  try {
    const response = await fetch(config.url, {
      method: "GET",
      headers: { ...config.headers, accept: "text/event-stream" },
      signal: controller.signal,
      redirect: "manual",
    });
    await response.body?.cancel();
    if (response.status !== 401) return { status: response.status };
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
    return {
      status: 401,
      ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
      ...(scope ? { scope } : {}),
    };
  } catch {
    return {};
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
