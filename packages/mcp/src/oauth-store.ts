/**
 * What Picasso keeps of one server's OAuth: `$PICASSO_HOME/mcp-auth/<server>.json` — the client it
 * registered (or was given), the tokens, the discovery state and the redirect URL of the last
 * login. The folder is 0700 and the file 0600, written through a temporary file and a rename
 * (a reader never sees half a file, a crash never leaves a token readable by others). The file is
 * bound to the server's URL: a file written for another URL reads as empty, so a server whose URL
 * changed never receives the old server's tokens. Its content is never logged, cached in the
 * catalog or shown; only whether tokens are stored (`hasTokens`) is.
 */
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { readBoundedFile } from "@picasso/workspace";

export interface StoredAuth {
  /** The server URL this was written for. */
  url: string;
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** When the tokens were saved (ms since the epoch), so `expires_in` can be read as a date. */
  tokensSavedAt?: number;
  discovery?: OAuthDiscoveryState;
  /** The loopback redirect of the last login (what a dynamic registration named). */
  redirectUrl?: string;
}

export function authDir(picassoHome: string): string {
  return join(picassoHome, "mcp-auth");
}

/** Larger than any token set a server issues: anything bigger is not an auth file. */
const MAX_AUTH_BYTES = 256 * 1024;

export function authFile(picassoHome: string, server: string): string {
  return join(authDir(picassoHome), `${server}.json`);
}

/** The stored auth of `server` for `url`; empty when missing, unreadable or written for another URL. */
export function readAuth(picassoHome: string, server: string, url: string): StoredAuth {
  // Read bounded: a FIFO, device or folder planted at the path is never opened (it would block).
  const read = readBoundedFile(authFile(picassoHome, server), MAX_AUTH_BYTES);
  if (read.kind !== "text" || read.truncated) return { url };
  try {
    const parsed = JSON.parse(read.bytes.toString("utf8")) as unknown;
    if (typeof parsed === "object" && parsed !== null && (parsed as StoredAuth).url === url)
      return parsed as StoredAuth;
  } catch {
    // missing or damaged: as if never logged in
  }
  return { url };
}

/** Replace the stored auth of `server` (0600 in a 0700 folder, atomically). */
export function writeAuth(picassoHome: string, server: string, auth: StoredAuth): void {
  const dir = authDir(picassoHome);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const path = authFile(picassoHome, server);
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(auth, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(tmp, 0o600);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/** Read, change and write back the stored auth of `server`. */
export function updateAuth(
  picassoHome: string,
  server: string,
  url: string,
  change: (auth: StoredAuth) => StoredAuth,
): void {
  writeAuth(picassoHome, server, change(readAuth(picassoHome, server, url)));
}

/** Forget everything stored for `server` (a logout); true when there was something. */
export function forgetAuth(picassoHome: string, server: string): boolean {
  const path = authFile(picassoHome, server);
  try {
    rmSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether tokens are stored for `server` at `url` (the only fact about them ever shown). */
export function hasTokens(picassoHome: string, server: string, url: string): boolean {
  return readAuth(picassoHome, server, url).tokens !== undefined;
}
