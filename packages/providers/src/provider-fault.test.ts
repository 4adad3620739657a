// Fault classification and retry-after parsing.
import { describe, expect, it } from "vitest";
import { classifyHttpFault, parseRetryAfter } from "./provider-fault.js";

const headers = (values: Record<string, string>) => new Headers(values);
const classify = (status: number | undefined, type?: string) =>
  classifyHttpFault({ label: "Test API", keyEnv: "TEST_KEY", status, type: type ?? null, apiMessage: "msg" })
    .error;

describe("classifyHttpFault", () => {
  it("retries rate limits, overload and server errors", () => {
    expect(classify(429)).toMatchObject({ kind: "rate_limit", retryable: true, status: 429 });
    expect(classify(529)).toMatchObject({ kind: "overloaded", retryable: true });
    expect(classify(undefined, "overloaded_error")).toMatchObject({ kind: "overloaded", retryable: true });
    expect(classify(500)).toMatchObject({ kind: "server", retryable: true });
    expect(classify(503)).toMatchObject({ kind: "server", retryable: true });
    expect(classify(408)).toMatchObject({ kind: "network", retryable: true });
  });

  it("does not retry client errors, and says what to check", () => {
    expect(classify(400)).toMatchObject({
      kind: "bad_request",
      retryable: false,
      message: "Test API error 400: msg",
    });
    expect(classify(401).message).toBe("Test API error 401: msg — check TEST_KEY");
    expect(classify(403)).toMatchObject({ kind: "auth", retryable: false });
    expect(classify(404).message).toMatch(/check the model name/);
    expect(classify(undefined, "something_new")).toMatchObject({ kind: "unknown", retryable: false });
  });
});

describe("parseRetryAfter", () => {
  it("prefers retry-after-ms, then seconds, then an HTTP date", () => {
    expect(parseRetryAfter(headers({ "retry-after-ms": "250.4", "retry-after": "9" }))).toBe(250);
    expect(parseRetryAfter(headers({ "retry-after": "2" }))).toBe(2000);
    const now = () => Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter(headers({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }), now)).toBe(3000);
    expect(parseRetryAfter(headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(parseRetryAfter(headers({}))).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
