/**
 * The OpenAI-compatible adapter: the official `openai` package, Chat Completions, streaming.
 * Works against OpenAI itself and local servers that speak the same API (Ollama, llama.cpp
 * `llama-server`, vLLM) through `baseUrl`.
 *
 * Like the Anthropic adapter, the SDK's own retries are off and `retry.ts` retries. One attempt
 * = one streaming request through `OpenAIStreamTranslator`; the message is complete once a
 * `finish_reason` arrived and the stream ended; a stream that ends or breaks before a
 * `finish_reason` is a `stream_cut` fault.
 */
import type { ModelRequest, StreamEvent } from "@picasso/protocol";
import type OpenAI from "openai";
import { buildOpenAIParams } from "./openai-request.js";
import { OpenAIStreamTranslator } from "./openai-stream.js";
import type { ModelProvider, StreamOptions } from "./provider.js";
import { classifyHttpFault, networkFault, ProviderFault, streamCutFault } from "./provider-fault.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy, streamWithRetries } from "./retry.js";

export interface OpenAIProviderOptions {
  /** Local servers ignore it; a placeholder is used when absent (see createProvider). */
  apiKey: string;
  model: string;
  /** e.g. http://localhost:11434/v1 for Ollama; default the SDK's (api.openai.com). */
  baseUrl?: string;
  /** Default 128,000 tokens. */
  contextWindow?: number;
  retry?: Partial<RetryPolicy>;
  name?: string;
  timeoutMs?: number;
}

const LABEL = "OpenAI-compatible API";
const KEY_ENV = "OPENAI_API_KEY";

/** True when `baseUrl` is unset or points at OpenAI's own API. */
export function isOfficialOpenAI(baseUrl: string | undefined): boolean {
  if (!baseUrl) return true;
  try {
    return new URL(baseUrl).hostname === "api.openai.com";
  } catch {
    return false;
  }
}

export class OpenAIProvider implements ModelProvider {
  readonly name: string;
  readonly model: string;
  readonly contextWindow: number;
  private client: OpenAI | undefined;
  /** The SDK module, loaded on the first request so importing Picasso stays fast. */
  private sdk: typeof OpenAI | undefined;
  private readonly clientOptions: ConstructorParameters<typeof OpenAI>[0];
  private readonly policy: RetryPolicy;
  private readonly officialApi: boolean;

  constructor(options: OpenAIProviderOptions) {
    this.name = options.name ?? "openai";
    this.model = options.model;
    this.contextWindow = options.contextWindow ?? 128_000;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.officialApi = isOfficialOpenAI(options.baseUrl);
    this.clientOptions = {
      apiKey: options.apiKey,
      maxRetries: 0,
      // Explicit, so the SDK never picks up OPENAI_BASE_URL behind createProvider's back.
      baseURL: options.baseUrl ?? "https://api.openai.com/v1",
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    };
  }

  private async connect(): Promise<OpenAI> {
    if (!this.client) {
      this.sdk ??= (await import("openai")).default;
      this.client = new this.sdk(this.clientOptions);
    }
    return this.client;
  }

  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<StreamEvent> {
    return streamWithRetries((signal) => this.attempt(request, signal), {
      policy: this.policy,
      ...(options.signal ? { signal: options.signal } : {}),
      toFault: (error) => this.toFault(error, false),
    });
  }

  private async *attempt(request: ModelRequest, signal: AbortSignal): AsyncGenerator<StreamEvent> {
    const params = buildOpenAIParams(request, { officialApi: this.officialApi });
    const translator = new OpenAIStreamTranslator();
    let responded = false;
    try {
      const stream = await (await this.connect()).chat.completions.create(params, { signal });
      responded = true;
      for await (const chunk of stream) {
        for (const out of translator.handle(chunk)) yield out;
      }
    } catch (error) {
      if (error instanceof ProviderFault) throw error;
      if (responded && !(this.sdk && error instanceof this.sdk.APIError))
        throw streamCutFault(LABEL, error, translator.started, translator.usage());
      throw this.toFault(error, translator.started);
    }
    if (!translator.complete) throw streamCutFault(LABEL, undefined, translator.started, translator.usage());
    yield* translator.finish();
  }

  private toFault(error: unknown, started: boolean): ProviderFault {
    if (error instanceof ProviderFault) return error;
    if (this.sdk && error instanceof this.sdk.APIConnectionError) {
      return started ? streamCutFault(LABEL, error, true) : networkFault(LABEL, error);
    }
    if (this.sdk && error instanceof this.sdk.APIError) {
      const body = error.error as { type?: string; message?: string } | undefined;
      return classifyHttpFault({
        label: LABEL,
        keyEnv: KEY_ENV,
        status: error.status,
        type: error.type ?? body?.type ?? null,
        apiMessage: body?.message ?? null,
        headers: error.headers,
        model: this.model,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new ProviderFault({ kind: "unknown", message: `${LABEL}: ${message}`, retryable: false });
  }
}
