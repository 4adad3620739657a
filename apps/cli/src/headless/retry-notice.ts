/**
 * The stderr line headless text mode prints when the provider retries a request, so a run that
 * waits on a rate limit is not silent: `picasso: rate limited (429), retry 1 in 2.0s`. What went
 * wrong comes from the fault's kind and HTTP status; a subagent's retry names its lane. Dim
 * styling only when stderr is a terminal. (json and stream-json keep stderr quiet: stream-json
 * carries the `retry` events themselves.)
 */
import type { SessionEventOf } from "@picasso/protocol";

const WHAT: Record<string, string> = {
  rate_limit: "rate limited",
  overloaded: "overloaded",
  server: "server error",
  network: "network error",
  stream_cut: "stream cut",
};

export function retryNotice(event: SessionEventOf<"retry">, styled: boolean): string {
  const what = WHAT[event.error.kind] ?? event.error.kind;
  const status = event.error.status === undefined ? "" : ` (${event.error.status})`;
  const lane = event.lane === "main" ? "" : ` [${event.lane}]`;
  const line = `picasso: ${what}${status}, retry ${event.attempt} in ${(event.delayMs / 1000).toFixed(1)}s${lane}`;
  return styled ? `\x1b[2m${line}\x1b[22m\n` : `${line}\n`;
}
