/**
 * The error an http or sse server that needs a login fails with, and its message: what to run to
 * log in. On its own, free of the SDK, so the session can name it without loading the SDK's
 * OAuth client (oauth-provider.ts, loaded with the first connection).
 */
/** The server needs the user to authorize Picasso; the message says how. */
export class NeedsAuthError extends Error {
  constructor(readonly server: string) {
    super(needsAuthMessage(server));
    this.name = "NeedsAuthError";
  }
}

export function needsAuthMessage(server: string): string {
  return `needs authorization: run \`picasso mcp login ${server}\` in a terminal, or /mcp:login ${server} in a session`;
}
