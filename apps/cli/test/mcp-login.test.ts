/**
 * `picasso mcp login <name> --no-browser` against an OAuth-protected MCP server built from the
 * SDK's server pieces (packages/mcp/test/oauth-server.ts): the built binary prints the
 * authorization URL and waits; the test's automated user agent opens it and follows the redirect
 * to the binary's loopback listener; the binary stores the tokens (0600), lists the tools with
 * them and exits 0 — printing no token. Then `picasso mcp refresh` works with the stored tokens, and
 * `picasso mcp status` shows the server cataloged with a token stored; `picasso mcp logout` forgets it.
 * A forged redirect makes the login fail with exit 1.
 */
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { approveInBrowser, type OAuthTestServer, startOAuthTestServer } from "@picasso/mcp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { picasso, workspace } from "./cli-harness.js";

let server: OAuthTestServer;

beforeAll(async () => {
  server = await startOAuthTestServer();
});

afterAll(async () => {
  await server.close();
});

function place() {
  const cwd = workspace();
  const home = mkdtempSync(join(tmpdir(), "picasso-login-home-"));
  writeFileSync(
    join(home, "mcp.json"),
    JSON.stringify({ mcpServers: { guarded: { type: "http", url: server.url } } }),
  );
  return { cwd, env: { PICASSO_HOME: home }, home };
}

/** Start `picasso mcp login` and resolve with the process and the URL it printed. */
async function loginPrinting(where: ReturnType<typeof place>) {
  const run = picasso(where.cwd, ["mcp", "login", "guarded", "--no-browser", "--timeout", "60"], {
    env: where.env,
  });
  let out = "";
  const url = await new Promise<URL>((resolve, reject) => {
    run.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = out.match(/^(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m);
      if (found) resolve(new URL(found[1]!));
    });
    run.then((r) => reject(new Error(`picasso exited before printing a URL: ${r.stdout}${r.stderr}`)));
  });
  return { run, url };
}

describe("picasso mcp login", () => {
  it("prints the URL, takes the redirect, stores the tokens 0600 and lists the tools; no token printed", async () => {
    const where = place();
    const { run, url } = await loginPrinting(where);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const answer = await approveInBrowser(url);
    expect(answer.status).toBe(200);
    const result = await run;
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Open this URL in a browser to authorize Picasso with "guarded":');
    expect(result.stdout).toContain(
      "guarded: authorized; the tokens are in $PICASSO_HOME/mcp-auth/guarded.json",
    );
    expect(result.stdout).toMatch(/^guarded: 1 tools, catalog \d+ bytes$/m);
    const file = join(where.home, "mcp-auth", "guarded.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, "utf8")) as { tokens: { access_token: string } };
    expect(server.auth.issued).toContain(stored.tokens.access_token);
    for (const token of server.auth.issued) expect(result.stdout + result.stderr).not.toContain(token);
    // The listener is closed once the login is done.
    await expect(fetch(answer.redirect)).rejects.toThrow();

    const refreshed = await picasso(where.cwd, ["mcp", "refresh", "guarded"], { env: where.env });
    expect(refreshed.exitCode).toBe(0);
    expect(refreshed.stdout).toMatch(/^guarded: 1 tools, catalog \d+ bytes$/m);
    const status = await picasso(where.cwd, ["mcp", "status"], { env: where.env });
    expect(status.stdout).toBe(
      `guarded  http · http ${server.url}\n    cataloged · 1 tools · OAuth token stored`,
    );
    for (const token of server.auth.issued) expect(status.stdout).not.toContain(token);

    const logout = await picasso(where.cwd, ["mcp", "logout", "guarded"], { env: where.env });
    expect(logout.stdout).toBe("guarded: logged out; its OAuth tokens and client registration are forgotten");
    expect(existsSync(file)).toBe(false);
    const after = await picasso(where.cwd, ["mcp", "refresh", "guarded"], { env: where.env });
    expect(after.exitCode).toBe(1);
    expect(after.stdout).toContain("guarded: failed: needs authorization");
  });

  it("a redirect with another state fails the login (exit 1) and stores nothing", async () => {
    const where = place();
    const { run, url } = await loginPrinting(where);
    const answer = await approveInBrowser(url, (redirect) => {
      redirect.searchParams.set("state", "forged");
      return redirect;
    });
    expect(answer.status).toBe(400);
    const result = await run;
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      "guarded: login failed: the redirect's state did not match the login's; refused (try again)",
    );
    const refreshed = await picasso(where.cwd, ["mcp", "refresh", "guarded"], { env: where.env });
    expect(refreshed.exitCode).toBe(1);
    expect(refreshed.stdout).toContain(
      "guarded: failed: needs authorization: run `picasso mcp login guarded`",
    );
  });
});
