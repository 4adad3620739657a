/**
 * An OAuth-protected MCP server on 127.0.0.1 for tests (`@picasso/mcp/testing`; no product code
 * imports it), built from the SDK's own pieces: the SDK's express app with `mcpAuthRouter`
 * (metadata, dynamic registration, authorize, token) and `requireBearerAuth` in front of a
 * Streamable HTTP endpoint (`McpServer` + `StreamableHTTPServerTransport`, stateless) and a legacy
 * SSE one (`SSEServerTransport`); the authorization server is in memory and approves every
 * authorization at once (the "user" always says yes). It counts registrations, authorizations,
 * code exchanges and refreshes, can expire every access token or refuse refreshes, and lists every
 * token it issued so tests can check none leaks. `approveInBrowser` is the automated user agent:
 * it opens the authorization URL and follows the redirect to Picasso's loopback listener.
 */
import { randomUUID } from "node:crypto";
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { InvalidGrantError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from "@modelcontextprotocol/sdk/server/auth/provider.js";
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from "@modelcontextprotocol/sdk/server/auth/router.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { createMcpExpressApp } from "@modelcontextprotocol/sdk/server/express.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

/** What the authorize step needs of express's response (the SDK hands one in). */
interface RedirectingResponse {
  redirect(status: number, url: string): void;
}
type Request = IncomingMessage & { body?: unknown };

interface IssuedToken {
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

class AutoApprovingAuthServer implements OAuthServerProvider {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  readonly codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  readonly access = new Map<string, IssuedToken>();
  readonly refresh = new Map<string, { clientId: string; scopes: string[] }>();
  /** Every access and refresh token ever issued. */
  readonly issued: string[] = [];
  readonly counts = {
    registrations: 0,
    authorizations: 0,
    codeExchanges: 0,
    refreshes: 0,
    refusedRefreshes: 0,
  };
  refuseRefresh = false;
  lifetimeSeconds = 3600;

  readonly clientsStore = {
    getClient: (id: string) => this.clients.get(id),
    registerClient: (client: OAuthClientInformationFull) => {
      this.counts.registrations += 1;
      this.clients.set(client.client_id, client);
      return client;
    },
  };

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: RedirectingResponse) {
    this.counts.authorizations += 1;
    const code = randomUUID();
    this.codes.set(code, { clientId: client.client_id, params });
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    res.redirect(302, target.href);
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string) {
    const entry = this.codes.get(code);
    if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError("unknown code");
    return entry.params.codeChallenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string) {
    const entry = this.codes.get(code);
    if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError("unknown code");
    this.codes.delete(code);
    this.counts.codeExchanges += 1;
    return this.issue(client.client_id, entry.params.scopes ?? []);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string) {
    const entry = this.refresh.get(refreshToken);
    if (this.refuseRefresh || !entry || entry.clientId !== client.client_id) {
      this.counts.refusedRefreshes += 1;
      throw new InvalidGrantError("refresh token refused");
    }
    this.refresh.delete(refreshToken);
    this.counts.refreshes += 1;
    return this.issue(client.client_id, entry.scopes);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const entry = this.access.get(token);
    if (!entry || entry.expiresAt <= Date.now()) throw new InvalidTokenError("expired or unknown token");
    return {
      token,
      clientId: entry.clientId,
      scopes: entry.scopes,
      expiresAt: Math.floor(entry.expiresAt / 1000),
    };
  }

  /** Every access token issued so far stops working (as if its lifetime had passed). */
  expireAccessTokens(): void {
    for (const entry of this.access.values()) entry.expiresAt = 0;
  }

  private issue(clientId: string, scopes: string[]): OAuthTokens {
    const accessToken = `at-${randomUUID()}`;
    const refreshToken = `rt-${randomUUID()}`;
    this.access.set(accessToken, { clientId, scopes, expiresAt: Date.now() + this.lifetimeSeconds * 1000 });
    this.refresh.set(refreshToken, { clientId, scopes });
    this.issued.push(accessToken, refreshToken);
    return {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: this.lifetimeSeconds,
      refresh_token: refreshToken,
      scope: scopes.join(" "),
    };
  }
}

export interface OAuthTestServer {
  /** The Streamable HTTP endpoint: `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** The legacy SSE endpoint: `http://127.0.0.1:<port>/sse` (messages posted to `/messages`). */
  sseUrl: string;
  auth: AutoApprovingAuthServer;
  close(): Promise<void>;
}

/** The MCP server behind both endpoints: one tool saying which OAuth client called. */
function whoamiServer(): McpServer {
  const server = new McpServer({ name: "oauth-test", version: "1.0.0" });
  server.registerTool(
    "whoami",
    { description: "Say which OAuth client called.", annotations: { readOnlyHint: true } },
    async (extra) => ({ content: [{ type: "text", text: `client ${extra.authInfo?.clientId ?? "none"}` }] }),
  );
  return server;
}

export async function startOAuthTestServer(): Promise<OAuthTestServer> {
  const auth = new AutoApprovingAuthServer();
  const app = createMcpExpressApp();
  const http: HttpServer = createServer(app);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const base = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/`);
  // One protected resource (the whole origin) for both endpoints.
  app.use(
    mcpAuthRouter({
      provider: auth,
      issuerUrl: base,
      resourceServerUrl: base,
      scopesSupported: ["tools"],
      authorizationOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
    }),
  );
  const bearer = requireBearerAuth({
    verifier: auth,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(base),
  });

  app.all("/mcp", bearer, async (req: Request, res: ServerResponse) => {
    const server = whoamiServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  const streams = new Map<string, SSEServerTransport>();
  app.get("/sse", bearer, async (_req: Request, res: ServerResponse) => {
    const transport = new SSEServerTransport("/messages", res);
    streams.set(transport.sessionId, transport);
    res.on("close", () => streams.delete(transport.sessionId));
    await whoamiServer().connect(transport);
  });
  app.post("/messages", bearer, async (req: Request, res: ServerResponse) => {
    const id = new URL(req.url ?? "/", base).searchParams.get("sessionId") ?? "";
    const transport = streams.get(id);
    if (!transport) {
      res.writeHead(404).end("no such session\n");
      return;
    }
    await transport.handlePostMessage(req, res, req.body);
  });

  return {
    url: new URL("/mcp", base).href,
    sseUrl: new URL("/sse", base).href,
    auth,
    close: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/**
 * The automated user agent: open the authorization URL (the server approves at once and answers
 * with a redirect), then follow that redirect to Picasso's loopback listener. `tamper` may change
 * the redirect first (a forged `state`). Returns the listener's answer.
 */
export async function approveInBrowser(
  authorizationUrl: URL | string,
  tamper: (redirect: URL) => URL = (u) => u,
): Promise<{ status: number; body: string; redirect: URL }> {
  const first = await fetch(authorizationUrl, { redirect: "manual" });
  await first.body?.cancel();
  const location = first.headers.get("location");
  if (first.status !== 302 || !location)
    throw new Error(`the authorization server answered ${first.status} without a redirect`);
  const redirect = tamper(new URL(location));
  const back = await fetch(redirect);
  return { status: back.status, body: await back.text(), redirect };
}
