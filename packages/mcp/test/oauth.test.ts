/**
 * OAuth 2.1 against a protected MCP server built from the SDK's server pieces (oauth-server.ts):
 * a call without a token fails at once as `needs auth`; `/mcp:login` registers Picasso, sends the
 * user agent to the authorization URL and exchanges the code that comes back on the loopback
 * redirect; the tokens sit in a 0600 file and nowhere else; an expired access token is refreshed
 * without the user; a refused refresh is `needs auth` again; a redirect with a forged `state` is
 * refused; the loopback listener is closed afterwards, whatever happened.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpPlugin } from "../src/mcp-plugin.js";
import type { McpEventBody } from "../src/mcp-server.js";
import { startOAuthLogin } from "../src/oauth-login.js";
import { authDir, authFile, hasTokens, readAuth } from "../src/oauth-store.js";
import { refreshCatalog } from "../src/refresh-catalog.js";
import type { HttpServerConfig } from "../src/server-config.js";
import { approveInBrowser, type OAuthTestServer, startOAuthTestServer } from "../src/testing/index.js";
import { toolContext, waitFor } from "./tool-context.js";

let server: OAuthTestServer;

beforeAll(async () => {
  server = await startOAuthTestServer();
});

afterAll(async () => {
  await server.close();
});

function configFor(name: string, transport: "http" | "sse" = "http"): HttpServerConfig {
  const url = transport === "sse" ? server.sseUrl : server.url;
  return { name, file: "/w/.mcp.json", scope: "project", transport, url, headers: {} };
}

function session(name: string, transport: "http" | "sse" = "http") {
  const picassoHome = mkdtempSync(join(tmpdir(), "mcp-oauth-home-"));
  const browser: Promise<{ status: number; body: string; redirect: URL }>[] = [];
  const plugin = createMcpPlugin({
    servers: [configFor(name, transport)],
    picassoHome,
    cwd: picassoHome,
    clientVersion: "test",
    connectTimeoutMs: 5000,
    // The automated user agent: what a browser and a user who says yes would do.
    openUrl: (url) => {
      browser.push(approveInBrowser(url));
    },
  });
  const events: McpEventBody[] = [];
  plugin.start?.({
    sessionId: "s",
    workspaceRoot: "/w",
    picassoHome,
    logPath: "/l",
    record: (event) => events.push(event as never),
  });
  const gateway = plugin.registerTools!()[0]!;
  const ctx = toolContext(picassoHome, join(picassoHome, "outputs"));
  const op = (opName: string, args = "") =>
    plugin
      .operations!.find((o) => o.name === opName)!
      .run(args, {
        signal: new AbortController().signal,
        offline: false,
      });
  const call = (tool: string) => gateway.run({ tool }, ctx);
  return { plugin, picassoHome, browser, events, op, call, mcp: plugin.servers[0]! };
}

/** Everything Picasso wrote or said that is not the auth file. */
function everythingShown(picassoHome: string, extra: unknown[]): string {
  const catalog = join(picassoHome, "mcp-catalog");
  const files = readdirSync(catalog).map((f) => readFileSync(join(catalog, f), "utf8"));
  return JSON.stringify([...files, ...extra]);
}

describe("OAuth for remote servers", () => {
  it("needs auth at once, then /mcp:login runs the whole flow and the call succeeds; tokens only in a 0600 file", async () => {
    const s = session("guarded");
    try {
      const before = { ...server.auth.counts };
      const refused = await s.call("__list__");
      expect(refused.isError).toBe(true);
      expect(refused.content).toBe(
        'MCP server "guarded" needs authorization: run `picasso mcp login guarded` in a terminal, or /mcp:login guarded in a session',
      );
      expect(s.mcp.state).toBe("needs auth");
      // No login was started by the call: no registration, no authorization.
      expect(server.auth.counts.registrations).toBe(before.registrations);
      expect(server.auth.counts.authorizations).toBe(before.authorizations);
      expect((await s.op("mcp")).text).toContain("needs auth: run `picasso mcp login guarded`");

      const login = await s.op("mcp:login", "guarded");
      const url = (login.data as { authorizationUrl: string }).authorizationUrl;
      expect(login.text).toContain(url);
      expect(new URL(url).searchParams.get("code_challenge_method")).toBe("S256");
      expect(new URL(url).searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      expect(s.browser).toHaveLength(1);
      const answer = await s.browser[0]!;
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("Picasso is authorized");
      await waitFor(() => hasTokens(s.picassoHome, "guarded", server.url), 5000, "the tokens");
      await waitFor(() => s.mcp.state !== "needs auth", 5000, "the state to leave needs auth");

      expect(server.auth.counts.registrations).toBe(before.registrations + 1);
      expect(server.auth.counts.authorizations).toBe(before.authorizations + 1);
      expect(server.auth.counts.codeExchanges).toBe(before.codeExchanges + 1);
      const list = await s.call("__list__");
      expect(list.content).toContain("whoami (read-only) · Say which OAuth client called.");
      const stored = readAuth(s.picassoHome, "guarded", server.url);
      const who = await s.call("whoami");
      expect(who).toEqual({ content: `client ${stored.client?.client_id}` });

      // The loopback listener is gone.
      await expect(fetch(answer.redirect)).rejects.toThrow();
      // The auth file: 0600 in a 0700 folder; the token is there and nowhere else.
      expect(statSync(authDir(s.picassoHome)).mode & 0o777).toBe(0o700);
      expect(statSync(authFile(s.picassoHome, "guarded")).mode & 0o777).toBe(0o600);
      expect(readdirSync(authDir(s.picassoHome))).toEqual(["guarded.json"]);
      const token = stored.tokens?.access_token;
      expect(token).toMatch(/^at-/);
      const overview = await s.op("mcp");
      expect(overview.text).toContain("OAuth token stored");
      const shown = everythingShown(s.picassoHome, [
        s.events,
        refused,
        list,
        who,
        login,
        overview,
        s.plugin.describeSettings?.(),
        s.plugin.panel?.(),
      ]);
      for (const issued of server.auth.issued) expect(shown).not.toContain(issued);
      // The model is told once that the server works again.
      const reminders = JSON.stringify(s.plugin.preStep?.({} as never));
      expect(reminders).toContain('MCP server \\"guarded\\" is authorized now');
    } finally {
      await s.plugin.close();
    }
  });

  it("an expired access token is refreshed without the user; a refused refresh is needs auth", async () => {
    const s = session("expiring");
    try {
      await s.op("mcp:login", "expiring");
      await s.browser[0];
      await waitFor(() => hasTokens(s.picassoHome, "expiring", server.url), 5000, "the tokens");
      expect((await s.call("whoami")).isError).toBeUndefined();
      const first = readAuth(s.picassoHome, "expiring", server.url).tokens!;

      const before = { ...server.auth.counts };
      server.auth.expireAccessTokens();
      const after = await s.call("whoami");
      expect(after.content).toMatch(/^client /);
      expect(server.auth.counts.refreshes).toBe(before.refreshes + 1);
      expect(server.auth.counts.authorizations).toBe(before.authorizations);
      const second = readAuth(s.picassoHome, "expiring", server.url).tokens!;
      expect(second.access_token).not.toBe(first.access_token);
      expect(statSync(authFile(s.picassoHome, "expiring")).mode & 0o777).toBe(0o600);

      server.auth.refuseRefresh = true;
      server.auth.expireAccessTokens();
      const refused = await s.call("whoami");
      expect(refused.isError).toBe(true);
      expect(refused.content).toContain("needs authorization: run `picasso mcp login expiring`");
      expect(s.mcp.state).toBe("needs auth");
      expect(server.auth.counts.refusedRefreshes).toBe(before.refusedRefreshes + 1);
      // The dead tokens are gone from the file; the registered client stays for the next login.
      const left = readAuth(s.picassoHome, "expiring", server.url);
      expect(left.tokens).toBeUndefined();
      expect(left.client?.client_id).toBeTruthy();
      // Waiting for a login is not a failed start: the next call asks again, and fails as fast.
      expect((await s.call("whoami")).content).toContain("needs authorization");
      expect(JSON.stringify(s.events)).not.toContain(second.access_token);
    } finally {
      server.auth.refuseRefresh = false;
      await s.plugin.close();
    }
  });

  it("refuses a redirect with another state: no tokens, and the listener closes", async () => {
    const picassoHome = mkdtempSync(join(tmpdir(), "mcp-oauth-home-"));
    const login = await startOAuthLogin(configFor("forged"), { picassoHome });
    const answer = await approveInBrowser(login.authorizationUrl, (redirect) => {
      redirect.searchParams.set("state", "not-the-login-state");
      return redirect;
    });
    expect(answer.status).toBe(400);
    await expect(login.done).rejects.toThrow("the redirect's state did not match the login's; refused");
    await login.closed;
    expect(hasTokens(picassoHome, "forged", server.url)).toBe(false);
    // The genuine redirect, afterwards, finds nobody listening.
    const genuine = new URL(answer.redirect);
    genuine.searchParams.set("state", login.authorizationUrl.searchParams.get("state")!);
    await expect(fetch(genuine)).rejects.toThrow();
  });

  it("gives up when no redirect comes back in time, and closes the listener", async () => {
    const picassoHome = mkdtempSync(join(tmpdir(), "mcp-oauth-home-"));
    const login = await startOAuthLogin(configFor("slow"), { picassoHome, timeoutMs: 300 });
    await expect(login.done).rejects.toThrow(/^no redirect came back within/);
    await login.closed;
    const redirect = login.authorizationUrl.searchParams.get("redirect_uri")!;
    await expect(fetch(redirect)).rejects.toThrow();
  });

  it("picasso mcp refresh (refreshCatalog) uses the stored tokens; without them it says how to log in", async () => {
    const picassoHome = mkdtempSync(join(tmpdir(), "mcp-oauth-home-"));
    const config = configFor("refreshing");
    const before = await refreshCatalog(config, { picassoHome, cwd: picassoHome, clientVersion: "test" });
    expect(before).toEqual({
      server: "refreshing",
      ok: false,
      error:
        "needs authorization: run `picasso mcp login refreshing` in a terminal, or /mcp:login refreshing in a session",
    });
    const login = await startOAuthLogin(config, { picassoHome });
    await approveInBrowser(login.authorizationUrl);
    await login.done;
    const after = await refreshCatalog(config, { picassoHome, cwd: picassoHome, clientVersion: "test" });
    expect(after).toMatchObject({ ok: true, tools: 1 });
  });

  it("a legacy SSE server logs in and is called the same way", async () => {
    const s = session("legacy", "sse");
    try {
      const refused = await s.call("whoami");
      expect(refused.content).toContain('MCP server "legacy" needs authorization');
      await s.op("mcp:login", "legacy");
      expect((await s.browser[0]!).status).toBe(200);
      await waitFor(() => s.mcp.state !== "needs auth", 5000, "the login");
      const stored = readAuth(s.picassoHome, "legacy", server.sseUrl);
      expect(await s.call("whoami")).toEqual({ content: `client ${stored.client?.client_id}` });
    } finally {
      await s.plugin.close();
    }
  });
});
