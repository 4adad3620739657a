/**
 * Picasso's `OAuthClientProvider` for one http or sse server: the SDK's `auth()` drives OAuth 2.1
 * (discovery, dynamic client registration, authorization code + PKCE, refresh) and asks this
 * object for what it keeps — all of it in the server's auth file (oauth-store.ts).
 *
 * Two modes:
 * - `session` (a session's connection, `picasso mcp refresh`): uses the stored tokens and lets the
 *   SDK refresh them. It never starts a browser flow: with no tokens to use or refresh, or when the
 *   SDK would redirect, it throws `NeedsAuthError`, so the call fails at once (never hangs) with
 *   the way to log in.
 * - `login` (oauth-login.ts): ignores the stored tokens (a login is a fresh authorization), names
 *   the loopback redirect and the `state` it waits for, keeps the PKCE verifier in memory, and
 *   hands the authorization URL to `onAuthorizationUrl`. A dynamic registration made for another
 *   redirect URL is registered again.
 * A client configured in `oauth.clientId`/`clientSecret` is used as given and never written down.
 * Tokens the server refused are dropped from the file only when they are the ones this provider
 * used: newer tokens another session or a login stored meanwhile stay.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { NeedsAuthError } from "./needs-auth.js";
import { readAuth, updateAuth } from "./oauth-store.js";

export { NeedsAuthError, needsAuthMessage } from "./needs-auth.js";

import type { HttpServerConfig } from "./server-config.js";

/** The redirect a session-mode provider names when no login recorded one (it never redirects). */
const PLACEHOLDER_REDIRECT = "http://127.0.0.1/callback";

export type OAuthMode =
  | { kind: "session" }
  | {
      kind: "login";
      redirectUrl: string;
      state: string;
      onAuthorizationUrl(url: URL): void;
    };

export class McpOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  /** The access token last handed to the SDK: only those tokens are ever dropped as dead. */
  private handedOut: string | undefined;
  /** Set when the server asked for an authorization this provider could not give (session mode). */
  needsAuth = false;

  constructor(
    private readonly config: HttpServerConfig,
    private readonly picassoHome: string,
    private readonly mode: OAuthMode,
  ) {}

  private read() {
    return readAuth(this.picassoHome, this.config.name, this.config.url);
  }

  private update(change: Parameters<typeof updateAuth>[3]): void {
    updateAuth(this.picassoHome, this.config.name, this.config.url, change);
  }

  private refuse(): never {
    this.needsAuth = true;
    throw new NeedsAuthError(this.config.name);
  }

  get redirectUrl(): string {
    if (this.mode.kind === "login") return this.mode.redirectUrl;
    return this.read().redirectUrl ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scopes = this.config.oauth?.scopes;
    return {
      client_name: "Picasso",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: this.config.oauth?.clientSecret ? "client_secret_post" : "none",
      ...(scopes?.length ? { scope: scopes.join(" ") } : {}),
    };
  }

  state(): string {
    return this.mode.kind === "login" ? this.mode.state : "";
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const configured = this.config.oauth?.clientId;
    const stored = this.read();
    // A session never registers a client nor starts a login: without tokens there is nothing to do.
    if (this.mode.kind === "session" && !stored.tokens) this.refuse();
    if (configured) {
      const secret = this.config.oauth?.clientSecret;
      return { client_id: configured, ...(secret ? { client_secret: secret } : {}) };
    }
    const client = stored.client;
    if (
      this.mode.kind === "login" &&
      client &&
      "redirect_uris" in client &&
      Array.isArray(client.redirect_uris) &&
      !client.redirect_uris.includes(this.mode.redirectUrl)
    )
      return undefined;
    return client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    if (this.config.oauth?.clientId) return;
    this.update((auth) => ({
      ...auth,
      client,
      ...(this.mode.kind === "login" ? { redirectUrl: this.mode.redirectUrl } : {}),
    }));
  }

  tokens(): OAuthTokens | undefined {
    if (this.mode.kind === "login") return undefined;
    const tokens = this.read().tokens;
    this.handedOut = tokens?.access_token;
    return tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.update((auth) => ({
      ...auth,
      tokens,
      tokensSavedAt: Date.now(),
      ...(this.mode.kind === "login" ? { redirectUrl: this.mode.redirectUrl } : {}),
    }));
  }

  redirectToAuthorization(url: URL): void {
    if (this.mode.kind === "session") this.refuse();
    this.mode.onAuthorizationUrl(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error("no login is in progress (no PKCE verifier)");
    return this.verifier;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "verifier" || scope === "all") this.verifier = undefined;
    if (scope === "verifier") return;
    this.update((auth) => {
      const next = { ...auth };
      // Another session (or a login) may have stored newer tokens meanwhile: those stay.
      const ours = auth.tokens === undefined || auth.tokens.access_token === this.handedOut;
      if ((scope === "all" || scope === "tokens") && ours) {
        delete next.tokens;
        delete next.tokensSavedAt;
      }
      if (scope === "all" || scope === "client") delete next.client;
      if (scope === "all" || scope === "discovery") delete next.discovery;
      return next;
    });
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.update((auth) => ({ ...auth, discovery: state }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.read().discovery;
  }
}
