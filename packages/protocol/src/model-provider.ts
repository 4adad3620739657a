/**
 * The one interface every model adapter implements (`@picasso/providers`, and the mock in
 * `@picasso/mock-provider`); the engine and every surface talk to models only through it.
 *
 * `stream()` yields provider-neutral stream events and always ends with exactly one terminal
 * event: `message_stop` (stop reason, usage, the complete content) or `error` (a fault after
 * retries, a cut stream, an abort). It never throws for provider faults: they are values the
 * engine can show and recover from. Retries happen inside, each announced with a `retry` event.
 */
import type { ModelRequest, StreamEvent } from "./request.js";

export interface StreamOptions {
  signal?: AbortSignal;
}

export interface ModelProvider {
  /** `anthropic`, `openai` or `mock`. */
  readonly name: string;
  readonly model: string;
  /** Size of the model's context window in tokens (for /context and compaction). */
  readonly contextWindow: number;
  stream(request: ModelRequest, options?: StreamOptions): AsyncIterable<StreamEvent>;
  /** Release resources (e.g. an in-process mock server). */
  close?(): Promise<void>;
}
