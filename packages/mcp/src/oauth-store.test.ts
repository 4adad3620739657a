/**
 * The OAuth token file as an attacker might plant it in PICASSO_HOME: a FIFO at its path is never
 * opened (reading one would block the session), and a file written for another URL is ignored.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { authFile, readAuth, writeAuth } from "./oauth-store.js";

describe("the OAuth token file", () => {
  it("a FIFO at its path reads as no login, at once", () => {
    const home = mkdtempSync(join(tmpdir(), "oauth-store-"));
    const file = authFile(home, "remote");
    mkdirSync(dirname(file), { recursive: true });
    execFileSync("mkfifo", [file]);
    const started = Date.now();
    expect(readAuth(home, "remote", "http://127.0.0.1:1/mcp")).toEqual({ url: "http://127.0.0.1:1/mcp" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("reads what was written for the same URL, nothing for another", () => {
    const home = mkdtempSync(join(tmpdir(), "oauth-store-"));
    const url = "http://127.0.0.1:1/mcp";
    writeAuth(home, "remote", { url, tokens: { access_token: "a", token_type: "bearer" } });
    expect(readAuth(home, "remote", url).tokens?.access_token).toBe("a");
    expect(readAuth(home, "remote", "http://127.0.0.1:2/mcp")).toEqual({ url: "http://127.0.0.1:2/mcp" });
  });
});
