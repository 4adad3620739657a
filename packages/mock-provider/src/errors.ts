/**
 * Error responses of the mock provider, in each API's own shape.
 *
 * Anthropic: `{"type":"error","error":{"type":"invalid_request_error","message":"..."}}`.
 * OpenAI:    `{"error":{"message":"...","type":"invalid_request_error","param":"...","code":null}}`.
 * A `RequestError` is a malformed request (400) whose message starts with the offending field.
 */
import type { ServerResponse } from "node:http";

export class RequestError extends Error {
  override name = "RequestError";
  constructor(
    message: string,
    readonly status = 400,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }
}

export type ApiFlavour = "anthropic" | "openai";

/** The Anthropic error type for an HTTP status the mock sends. */
export function anthropicErrorType(status: number): string {
  switch (status) {
    case 400:
      return "invalid_request_error";
    case 404:
      return "not_found_error";
    case 413:
      return "request_too_large";
    case 429:
      return "rate_limit_error";
    case 529:
      return "overloaded_error";
    default:
      return "api_error";
  }
}

export function sendError(
  res: ServerResponse,
  flavour: ApiFlavour,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body =
    flavour === "anthropic"
      ? { type: "error", error: { type: anthropicErrorType(status), message } }
      : {
          error: {
            message,
            type: status === 400 ? "invalid_request_error" : anthropicErrorType(status),
            param: status === 400 ? (/^([\w.]+):/.exec(message)?.[1] ?? null) : null,
            code: status === 429 ? "rate_limit_exceeded" : null,
          },
        };
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "request-id": `req_mock_${Date.now().toString(36)}`,
    ...headers,
  });
  res.end(text);
}
