/**
 * The Anthropic adapter: the official `@anthropic-ai/sdk` Messages API, streaming.
 *
 * The SDK's own retries are off (`maxRetries: 0`): `retry.ts` retries instead, so each retry is
 * announced as a `retry` event and `retry-after` is honoured visibly. One attempt = one
 * streaming request: translate the request (anthropic-request.ts), feed the raw SSE events
 * through `AnthropicStreamTranslator`, and end with `message_stop` only when the API sent
 * `message_stop`; a stream that ends or breaks earlier is a `stream_cut` fault. SDK errors are
 * classified by provider-fault.ts (an SSE `error` event of type `overloaded_error` included).
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ModelProvider, ModelRequest, StreamEvent, StreamOptions } from "@picasso/protocol";
import { buildAnthropicParams } from "./anthropic-request.js";
import { AnthropicStreamTranslator } from "./anthropic-stream.js";
import { classifyHttpFault, networkFault, ProviderFault, streamCutFault } from "./provider-fault.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry.js";
import { LazyClient, streamSdkAttempts } from "./sdk-adapter.js";

export interface AnthropicProviderOptions {
  apiKey: string;
  model: string;
  /** e.g. a mock server or proxy; default the SDK's (api.anthropic.com). */
  baseUrl?: string;
  /** Default 200,000 tokens. */
  contextWindow?: number;
  retry?: Partial<RetryPolicy>;
  /** Shown in /context and logs; "mock" when pointed at the mock server. */
  name?: string;
  /** Names the provider in error messages (default "Anthropic API"; the mock's: "mock provider"). */
  label?: string;
  /** Per-request timeout passed to the SDK (default 10 minutes). */
  timeoutMs?: number;
}

const LABEL = "Anthropic API";
const KEY_ENV = "ANTHROPIC_API_KEY";

export class AnthropicProvider implements ModelProvider {
  readonly name: string;
  readonly model: string;
  readonly contextWindow: number;
  private readonly client: LazyClient<typeof Anthropic, Anthropic>;
  private readonly policy: RetryPolicy;
  private readonly label: string;

  constructor(options: AnthropicProviderOptions) {
    this.name = options.name ?? "anthropic";
    this.label = options.label ?? LABEL;
    this.model = options.model;
    this.contextWindow = options.contextWindow ?? 200_000;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.client = new LazyClient(
      async () => (await import("@anthropic-ai/sdk")).default,
      (Sdk) =>
        new Sdk({
          apiKey: options.apiKey,
          maxRetries: 0,
          // Explicit, so the SDK never picks up ANTHROPIC_BASE_URL behind createProvider's back.
          baseURL: options.baseUrl ?? "https://api.anthropic.com",
          ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
        }),
    );
  }

  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<StreamEvent> {
    return streamSdkAttempts(
      () => ({
        label: this.label,
        translator: new AnthropicStreamTranslator(),
        stopWhenComplete: true,
        open: async (signal) =>
          (await this.client.get()).messages.create(buildAnthropicParams(request), { signal }),
        isApiError: (error) => this.client.sdk !== undefined && error instanceof this.client.sdk.APIError,
        classify: (error, started) => this.toFault(error, started),
      }),
      this.policy,
      options,
      (error) => this.toFault(error, false),
    );
  }

  private toFault(error: unknown, started: boolean): ProviderFault {
    const Sdk = this.client.sdk;
    if (error instanceof ProviderFault) return error;
    if (Sdk && error instanceof Sdk.APIConnectionError) {
      return started ? streamCutFault(this.label, error, true) : networkFault(this.label, error);
    }
    if (Sdk && error instanceof Sdk.APIError) {
      return classifyHttpFault({
        label: this.label,
        keyEnv: KEY_ENV,
        status: error.status,
        type: error.type,
        apiMessage: error.apiMessage,
        headers: error.headers,
        model: this.model,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new ProviderFault({ kind: "unknown", message: `${this.label}: ${message}`, retryable: false });
  }
}
