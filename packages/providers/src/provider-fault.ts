/**
 * Provider faults as values: how an HTTP status, an API error type or a transport failure
 * becomes a `ProviderError`, and how long the server asked us to wait.
 *
 * Classification (shared by every adapter):
 * - `overloaded_error` (as an HTTP 529 or as an SSE `error` event) → `overloaded`, retryable;
 * - 429 → `rate_limit`, retryable; 5xx → `server`, retryable; 408 → `network`, retryable;
 * - 401 → `auth` (the message names the env var that holds the key); 403 → `auth`;
 * - any other 4xx → `bad_request`; a failed connection → `network`, retryable;
 * - anything else → `unknown`, not retryable.
 * `retry-after-ms` (milliseconds) wins over `retry-after` (seconds or an HTTP date).
 */
import type { ProviderError, Usage } from "@picasso/protocol";

/** Thrown inside an attempt; the retry loop turns it into a `retry` or a terminal `error` event. */
export class ProviderFault extends Error {
  constructor(
    readonly error: ProviderError,
    readonly retryAfterMs?: number,
    readonly usage?: Usage,
  ) {
    super(error.message);
    this.name = "ProviderFault";
  }
}

export interface HttpFaultInput {
  /** Provider label for messages, e.g. "Anthropic API". */
  label: string;
  /** Env var holding the key, named in 401 messages. */
  keyEnv: string;
  status?: number;
  /** The API's error type, e.g. `overloaded_error`, `rate_limit_error`. */
  type?: string | null;
  /** The API's own message, if any. */
  apiMessage?: string | null;
  headers?: { get(name: string): string | null } | undefined;
  model?: string;
  now?: () => number;
}

export function classifyHttpFault(input: HttpFaultInput): ProviderFault {
  const { status, type, label } = input;
  const detail = input.apiMessage ? `: ${input.apiMessage}` : "";
  const tag = `${label} error${status === undefined ? "" : ` ${status}`}${type ? ` (${type})` : ""}`;
  const retryAfterMs = parseRetryAfter(input.headers, input.now ?? Date.now);
  const fault = (kind: ProviderError["kind"], retryable: boolean, message: string) =>
    new ProviderFault(
      { kind, message, retryable, ...(status === undefined ? {} : { status }) },
      retryAfterMs,
    );

  if (type === "overloaded_error" || status === 529) return fault("overloaded", true, `${tag}${detail}`);
  if (status === 429 || type === "rate_limit_error") return fault("rate_limit", true, `${tag}${detail}`);
  if (status === 401 || type === "authentication_error")
    return fault("auth", false, `${tag}${detail} — check ${input.keyEnv}`);
  if (status === 403 || type === "permission_error")
    return fault("auth", false, `${tag}${detail} — the key in ${input.keyEnv} may lack access to this model`);
  if (status === 404 || type === "not_found_error")
    return fault(
      "bad_request",
      false,
      `${tag}${detail} — check the model name${input.model ? ` "${input.model}"` : ""} and the base URL`,
    );
  if (status === 408) return fault("network", true, `${tag}${detail}`);
  if (status !== undefined && status >= 500) return fault("server", true, `${tag}${detail}`);
  if (type === "api_error" || type === "server_error") return fault("server", true, `${tag}${detail}`);
  if (status !== undefined && status >= 400) return fault("bad_request", false, `${tag}${detail}`);
  return fault("unknown", false, `${tag}${detail}`);
}

/** A transport failure (connection refused, reset, DNS): worth another try. */
export function networkFault(label: string, error: unknown): ProviderFault {
  return new ProviderFault({
    kind: "network",
    message: `${label}: connection failed: ${describeCause(error)}`,
    retryable: true,
  });
}

/** The stream ended or broke before the provider said it was complete. */
export function streamCutFault(
  label: string,
  error: unknown,
  started: boolean,
  usage?: Usage,
): ProviderFault {
  const why = error === undefined ? "the connection closed" : describeCause(error);
  return new ProviderFault(
    {
      kind: "stream_cut",
      message: `${label}: the response stream was cut before it finished (${why})`,
      // Before the first byte it is a failed connection worth retrying; after, content may
      // already have been shown, so the caller decides.
      retryable: !started,
    },
    undefined,
    usage,
  );
}

export function abortedFault(usage?: Usage): ProviderFault {
  return new ProviderFault(
    { kind: "aborted", message: "the request was cancelled", retryable: false },
    undefined,
    usage,
  );
}

/** Milliseconds the server asked us to wait, or undefined when it did not say. */
export function parseRetryAfter(
  headers: { get(name: string): string | null } | undefined,
  now: () => number = Date.now,
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "") {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const after = headers.get("retry-after");
  if (after === null || after.trim() === "") return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now());
}

function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const causeText = cause instanceof Error && cause.message !== error.message ? ` (${cause.message})` : "";
  return `${error.message}${causeText}`;
}
