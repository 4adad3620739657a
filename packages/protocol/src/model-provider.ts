/**
 * The one interface every model adapter implements (the real adapters in `@picasso/providers`,
 * the offline mock in `@picasso/mock-provider`); the engine knows providers only through it.
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
  /**
   * `false` when the model takes no images (config.yaml `images: false`): the engine sends each
   * image block as a one-line text note instead (docs/images.md). Absent: it takes them.
   */
  readonly acceptsImages?: boolean;
  stream(request: ModelRequest, options?: StreamOptions): AsyncIterable<StreamEvent>;
  /**
   * Load now, in the background, what the first request needs (an official SDK loads on the first
   * request, not at start-up): the session calls it once the surface is ready and idle
   * (`Session.prepareFirstPrompt`). It never throws; a failure shows on the request.
   */
  prepare?(): void;
  /** Release resources (e.g. an in-process mock server). */
  close?(): Promise<void>;
}
