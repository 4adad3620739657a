/**
 * What every mock route shares: the model, the cache simulator, the request counter — and the
 * fault stage that runs before a model answers. rate_limit (429 + retry-after), server (500) and
 * overloaded (529) answer with an error and do not use up a script step; delay waits and goes on;
 * cut and stream_error are left to the route (they break its own stream mid-block); a
 * non-streaming request meets stream_error as a 529 overloaded_error.
 */

import type { ServerResponse } from "node:http";
import { canonicalJson, sha1 } from "@picasso/protocol";
import type { CacheSimulator } from "./cache-simulator.js";
import { type ApiFlavour, sendError } from "./errors.js";
import type { MockFault, MockModel } from "./reply.js";
import type { StreamInterrupt } from "./sse.js";

export interface RouteContext {
  model: MockModel;
  cache: CacheSimulator;
  /** Counts one more model request and returns its 1-based number. */
  nextRequestNumber(): number;
  /** Called after a request went through the cache (keeps it on disk when the server does). */
  afterCacheUse?(): void;
}

/** Waits `ms`, or less if the client went away. */
export function pause(ms: number, res: ServerResponse): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    }
    res.on("close", done);
  });
}

/** Applies an error fault; returns true when the response has been sent. */
export async function applyFault(
  fault: MockFault | undefined,
  res: ServerResponse,
  flavour: ApiFlavour,
): Promise<boolean> {
  if (!fault) return false;
  switch (fault.kind) {
    case "rate_limit":
      sendError(res, flavour, 429, "mock: scripted rate limit", { "retry-after": String(fault.retryAfter) });
      return true;
    case "server":
      sendError(res, flavour, 500, "mock: scripted server error");
      return true;
    case "overloaded":
      sendError(res, flavour, 529, "Overloaded (mock: scripted overloaded_error)");
      return true;
    case "delay":
      await pause(fault.delayMs, res);
      return false;
    default:
      return false;
  }
}

/** Sends a JSON body; with `cut`, sends half of it and destroys the socket. */
export function sendJson(res: ServerResponse, body: unknown, cut = false): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  if (!cut) {
    res.end(text);
    return;
  }
  res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
}

/**
 * Sends a non-streaming answer as a scripted stream fault leaves it: `stall` sends the headers and
 * goes silent, `stream_error` becomes a 529 overloaded_error, `cut` and `malformed` send half of
 * the body and destroy the socket; without a fault, the whole body.
 */
export function sendWholeAnswer(
  res: ServerResponse,
  flavour: ApiFlavour,
  body: unknown,
  interrupt: StreamInterrupt | undefined,
): void {
  if (interrupt === "stall") {
    res.writeHead(200, { "content-type": "application/json" });
    res.flushHeaders();
    return;
  }
  if (interrupt === "stream_error") {
    sendError(res, flavour, 529, "Overloaded (mock: scripted stream_error)");
    return;
  }
  sendJson(res, body, interrupt === "cut" || interrupt === "malformed");
}

/**
 * Tool-call ids: deterministic for a given history (goldens stay stable) and distinct across
 * histories — a session resumed on a fresh mock server must not get ids already in its history.
 */
export function toolCallId(prefix: "toolu" | "call", messages: unknown, index: number): string {
  return `${prefix}_mock_${sha1(canonicalJson(messages)).slice(0, 10)}_${index + 1}`;
}
