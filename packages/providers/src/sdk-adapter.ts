/**
 * What the two official-SDK adapters share: one streaming attempt, retried by retry.ts.
 *
 * An attempt opens one streaming request with the SDK (loaded on the first request, so importing
 * Picasso stays fast), feeds each raw chunk through the adapter's translator, and ends with the
 * translator's terminal events only when the translator saw the message complete. A stream that
 * ends or breaks earlier is a `stream_cut` fault; an error before the response is classified by
 * the adapter (`classify`: the SDK's error classes → provider-fault.ts).
 */
import type { StreamEvent, StreamOptions, Usage } from "@picasso/protocol";
import { ProviderFault, streamCutFault } from "./provider-fault.js";
import { type RetryPolicy, streamWithRetries } from "./retry.js";

export interface StreamTranslator<Chunk> {
  readonly started: boolean;
  readonly complete: boolean;
  handle(chunk: Chunk): Iterable<StreamEvent>;
  usage(): Usage;
  /** The terminal event(s) once `complete`. */
  finish(): StreamEvent | StreamEvent[];
}

export interface SdkAttempt<Chunk> {
  /** Human label for messages, e.g. "Anthropic API". */
  label: string;
  translator: StreamTranslator<Chunk>;
  /** Stop reading once the translator is complete (Anthropic: after `message_stop`). OpenAI keeps
   *  reading past `finish_reason`, because the usage chunk comes after it. */
  stopWhenComplete: boolean;
  /** Opens the streaming request. */
  open(signal: AbortSignal): Promise<AsyncIterable<Chunk>>;
  /** True for errors the SDK raises as an HTTP/API error (not a broken stream). */
  isApiError(error: unknown): boolean;
  /** Classify an SDK error; `started` says whether output was already streamed. */
  classify(error: unknown, started: boolean): ProviderFault;
}

/** Lazily loads an SDK module and builds its client once. */
export class LazyClient<Sdk, Client> {
  private sdkModule: Sdk | undefined;
  private client: Client | undefined;

  constructor(
    private readonly load: () => Promise<Sdk>,
    private readonly build: (sdk: Sdk) => Client,
  ) {}

  /** The SDK module once loaded (error classes for classification), else undefined. */
  get sdk(): Sdk | undefined {
    return this.sdkModule;
  }

  async get(): Promise<Client> {
    if (!this.client) {
      this.sdkModule ??= await this.load();
      this.client = this.build(this.sdkModule);
    }
    return this.client;
  }
}

async function* attempt<Chunk>(a: SdkAttempt<Chunk>, signal: AbortSignal): AsyncGenerator<StreamEvent> {
  let responded = false;
  try {
    const stream = await a.open(signal);
    responded = true;
    for await (const chunk of stream) {
      yield* a.translator.handle(chunk);
      if (a.stopWhenComplete && a.translator.complete) break;
    }
  } catch (error) {
    if (error instanceof ProviderFault) throw error;
    if (responded && !a.isApiError(error))
      throw streamCutFault(a.label, error, a.translator.started, a.translator.usage());
    throw a.classify(error, a.translator.started);
  }
  if (!a.translator.complete)
    throw streamCutFault(a.label, undefined, a.translator.started, a.translator.usage());
  const end = a.translator.finish();
  yield* Array.isArray(end) ? end : [end];
}

/** Stream a request with retries; `makeAttempt` builds a fresh attempt (and translator) each try. */
export function streamSdkAttempts<Chunk>(
  makeAttempt: () => SdkAttempt<Chunk>,
  policy: RetryPolicy,
  options: StreamOptions,
  classify: (error: unknown) => ProviderFault,
): AsyncIterable<StreamEvent> {
  return streamWithRetries((signal) => attempt(makeAttempt(), signal), {
    policy,
    ...(options.signal ? { signal: options.signal } : {}),
    toFault: classify,
  });
}
