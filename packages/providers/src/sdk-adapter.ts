/**
 * What the two official-SDK adapters share: an SDK client with the SDK's own retries off, one
 * streaming attempt per try of retry.ts, and the SDK's errors classified alike.
 *
 * The SDK loads on the first request, so importing Picasso stays fast, and its client is built
 * once, with `maxRetries: 0` (retry.ts retries, so each retry is announced as a `retry` event and
 * `retry-after` is honoured visibly) and an explicit base URL (so the SDK never picks up its own
 * `*_BASE_URL` variable behind createProvider's back). An attempt opens one streaming request,
 * feeds each raw chunk through the adapter's translator, and ends with the translator's terminal
 * events only when the translator saw the message complete. A stream that ends or breaks earlier
 * is a `stream_cut` fault; an error before the response is classified by provider-fault.ts from
 * the SDK's error classes (both SDKs are generated alike: `APIConnectionError` for a failed
 * connection, `APIError` with status and headers for an HTTP error).
 */
import type { StreamEvent, StreamOptions, Usage } from "@picasso/protocol";
import { classifyHttpFault, networkFault, ProviderFault, streamCutFault } from "./provider-fault.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy, streamWithRetries } from "./retry.js";

/** What a caller gives either official-SDK adapter. */
export interface SdkProviderOptions {
  /** The API key; local OpenAI-compatible servers ignore it (createProvider gives them a placeholder). */
  apiKey: string;
  model: string;
  /** A mock server, a proxy, or a local server (Ollama: http://localhost:11434/v1); default the vendor's API. */
  baseUrl?: string;
  /** In tokens; default 200,000 (Anthropic), 128,000 (OpenAI-compatible). */
  contextWindow?: number;
  retry?: Partial<RetryPolicy>;
  /** Shown in /context and logs (default "anthropic", "openai"); "mock" when pointed at the mock server. */
  name?: string;
  /** Per-request timeout passed to the SDK (default the SDK's, 10 minutes). */
  timeoutMs?: number;
  /** `false`: the model takes no images (config.yaml `images: false`); default true. */
  acceptsImages?: boolean;
}

export interface StreamTranslator<Chunk> {
  readonly started: boolean;
  readonly complete: boolean;
  handle(chunk: Chunk): Iterable<StreamEvent>;
  usage(): Usage;
  /** The terminal event(s) once `complete`. */
  finish(): StreamEvent | StreamEvent[];
}

/** What an official SDK's HTTP error carries for classification. */
interface SdkApiError {
  readonly status: number | undefined;
  readonly headers: { get(name: string): string | null } | undefined;
}

/** The SDK module: its client class, with the error classes as static members. */
export interface SdkModule {
  APIError: abstract new (...args: never[]) => SdkApiError;
  APIConnectionError: abstract new (...args: never[]) => Error;
}

type ApiErrorOf<Sdk extends SdkModule> = InstanceType<Sdk["APIError"]>;

/** The options every official SDK client gets. */
export interface SdkClientOptions {
  apiKey: string;
  maxRetries: 0;
  baseURL: string;
  timeout?: number;
}

/** How an adapter's SDK is loaded, built and read. */
export interface SdkWiring<Sdk extends SdkModule, Client> {
  /** Human label for messages, e.g. "Anthropic API". */
  label: string;
  /** Env var holding the key, named in 401 messages. */
  keyEnv: string;
  /** The base URL when the caller gave none. */
  defaultBaseUrl: string;
  /** Loads the SDK module (on the first request). */
  load(): Promise<Sdk>;
  /** The SDK's client, built once. */
  client(sdk: Sdk, options: SdkClientOptions): Client;
  /** The API's error type and message, as this SDK's `APIError` carries them. */
  errorDetails(error: ApiErrorOf<Sdk>): { type: string | null; apiMessage: string | null };
}

/** One streaming request of an adapter. */
export interface SdkStreamRequest<Client, Chunk> {
  /** A fresh translator for each attempt. */
  translator(): StreamTranslator<Chunk>;
  /** Stop reading once the translator is complete (Anthropic: after `message_stop`). OpenAI keeps
   *  reading past `finish_reason`, because the usage chunk comes after it. */
  stopWhenComplete: boolean;
  /** Opens the streaming request. */
  open(client: Client, signal: AbortSignal): Promise<AsyncIterable<Chunk>>;
}

/** An official SDK behind an adapter: its lazily built client, streaming with retries, its errors as faults. */
export class OfficialSdk<Sdk extends SdkModule, Client> {
  private sdk: Sdk | undefined;
  private building: Promise<Client> | undefined;
  private readonly policy: RetryPolicy;

  constructor(
    private readonly options: SdkProviderOptions,
    private readonly wiring: SdkWiring<Sdk, Client>,
  ) {
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  /** The client, built once: a request and `prepare` that overlap share one load. */
  private clientNow(): Promise<Client> {
    this.building ??= this.build().catch((error: unknown) => {
      this.building = undefined; // tried again by the next request
      throw error;
    });
    return this.building;
  }

  private async build(): Promise<Client> {
    const sdk = await this.wiring.load();
    this.sdk = sdk;
    const { apiKey, baseUrl, timeoutMs } = this.options;
    return this.wiring.client(sdk, {
      apiKey,
      maxRetries: 0,
      baseURL: baseUrl ?? this.wiring.defaultBaseUrl,
      ...(timeoutMs ? { timeout: timeoutMs } : {}),
    });
  }

  /** Builds the client now, in the background (`ModelProvider.prepare`); a failure waits for the request. */
  prepare(): void {
    this.clientNow().catch(() => undefined);
  }

  /** Stream a request with retries; each try is a fresh attempt with a fresh translator. */
  stream<Chunk>(
    request: SdkStreamRequest<Client, Chunk>,
    options: StreamOptions,
  ): AsyncIterable<StreamEvent> {
    return streamWithRetries((signal) => this.attempt(request, request.translator(), signal), {
      policy: this.policy,
      ...(options.signal ? { signal: options.signal } : {}),
      toFault: (error) => this.toFault(error, false),
    });
  }

  private async *attempt<Chunk>(
    request: SdkStreamRequest<Client, Chunk>,
    translator: StreamTranslator<Chunk>,
    signal: AbortSignal,
  ): AsyncGenerator<StreamEvent> {
    const { label } = this.wiring;
    let responded = false;
    try {
      const stream = await request.open(await this.clientNow(), signal);
      responded = true;
      for await (const chunk of stream) {
        yield* translator.handle(chunk);
        if (request.stopWhenComplete && translator.complete) break;
      }
    } catch (error) {
      if (error instanceof ProviderFault) throw error;
      if (responded && !this.isApiError(error))
        throw streamCutFault(label, error, translator.started, translator.usage());
      throw this.toFault(error, translator.started);
    }
    if (!translator.complete) throw streamCutFault(label, undefined, translator.started, translator.usage());
    const end = translator.finish();
    yield* Array.isArray(end) ? end : [end];
  }

  /** True for errors the SDK raises as an HTTP/API error (not a broken stream). */
  private isApiError(error: unknown): boolean {
    return this.sdk !== undefined && error instanceof this.sdk.APIError;
  }

  /** An SDK error as a fault; `started` says whether output was already streamed. */
  private toFault(error: unknown, started: boolean): ProviderFault {
    const { label, keyEnv } = this.wiring;
    const Sdk = this.sdk;
    if (error instanceof ProviderFault) return error;
    if (Sdk && error instanceof Sdk.APIConnectionError) {
      return started ? streamCutFault(label, error, true) : networkFault(label, error);
    }
    if (Sdk && error instanceof Sdk.APIError) {
      return classifyHttpFault({
        label,
        keyEnv,
        status: error.status,
        ...this.wiring.errorDetails(error as ApiErrorOf<Sdk>),
        headers: error.headers,
        model: this.options.model,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new ProviderFault({ kind: "unknown", message: `${label}: ${message}`, retryable: false });
  }
}
