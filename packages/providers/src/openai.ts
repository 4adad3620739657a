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
import type { ModelProvider, ModelRequest, StreamEvent, StreamOptions } from "@picasso/protocol";
import type OpenAI from "openai";
import { buildOpenAIParams } from "./openai-request.js";
import { OpenAIStreamTranslator } from "./openai-stream.js";
import { classifyHttpFault, networkFault, ProviderFault, streamCutFault } from "./provider-fault.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry.js";
import { LazyClient, streamSdkAttempts } from "./sdk-adapter.js";

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
  private readonly client: LazyClient<typeof OpenAI, OpenAI>;
  private readonly policy: RetryPolicy;
  private readonly officialApi: boolean;

  constructor(options: OpenAIProviderOptions) {
    this.name = options.name ?? "openai";
    this.model = options.model;
    this.contextWindow = options.contextWindow ?? 128_000;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.officialApi = isOfficialOpenAI(options.baseUrl);
    this.client = new LazyClient(
      async () => (await import("openai")).default,
      (Sdk) =>
        new Sdk({
          apiKey: options.apiKey,
          maxRetries: 0,
          // Explicit, so the SDK never picks up OPENAI_BASE_URL behind createProvider's back.
          baseURL: options.baseUrl ?? "https://api.openai.com/v1",
          ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
        }),
    );
  }

  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<StreamEvent> {
    return streamSdkAttempts(
      () => ({
        label: LABEL,
        translator: new OpenAIStreamTranslator(),
        stopWhenComplete: false,
        open: async (signal) =>
          (await this.client.get()).chat.completions.create(
            buildOpenAIParams(request, { officialApi: this.officialApi }),
            {
              signal,
            },
          ),
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
      return started ? streamCutFault(LABEL, error, true) : networkFault(LABEL, error);
    }
    if (Sdk && error instanceof Sdk.APIError) {
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
