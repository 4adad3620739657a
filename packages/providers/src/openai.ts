/**
 * The OpenAI-compatible adapter: the official `openai` package, Chat Completions, streaming.
 * Works against OpenAI itself and local servers that speak the same API (Ollama, llama.cpp
 * `llama-server`, vLLM) through `baseUrl`.
 *
 * On the official-SDK wiring both adapters share (sdk-adapter.ts: the SDK's own retries off,
 * `retry.ts` retries, SDK errors classified by provider-fault.ts). One attempt = one streaming
 * request through `OpenAIStreamTranslator`; the message is complete once a
 * `finish_reason` arrived and the stream ended; a stream that ends or breaks before a
 * `finish_reason` is a `stream_cut` fault.
 */
import type { ModelProvider, ModelRequest, StreamEvent, StreamOptions } from "@picasso/protocol";
import type OpenAI from "openai";
import { buildOpenAIParams } from "./openai-request.js";
import { OpenAIStreamTranslator } from "./openai-stream.js";
import { OfficialSdk, type SdkProviderOptions } from "./sdk-adapter.js";

export type OpenAIProviderOptions = SdkProviderOptions;

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
  readonly acceptsImages: boolean;
  private readonly sdk: OfficialSdk<typeof OpenAI, OpenAI>;
  private readonly officialApi: boolean;

  constructor(options: OpenAIProviderOptions) {
    this.name = options.name ?? "openai";
    this.model = options.model;
    this.contextWindow = options.contextWindow ?? 128_000;
    this.acceptsImages = options.acceptsImages ?? true;
    this.officialApi = isOfficialOpenAI(options.baseUrl);
    this.sdk = new OfficialSdk(options, {
      label: "OpenAI-compatible API",
      keyEnv: "OPENAI_API_KEY",
      defaultBaseUrl: "https://api.openai.com/v1",
      load: async () => (await import("openai")).default,
      client: (Sdk, clientOptions) => new Sdk(clientOptions),
      errorDetails: (error) => {
        const body = error.error as { type?: string; message?: string } | undefined;
        return { type: error.type ?? body?.type ?? null, apiMessage: body?.message ?? null };
      },
    });
  }

  prepare(): void {
    this.sdk.prepare();
  }

  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<StreamEvent> {
    return this.sdk.stream(
      {
        translator: () => new OpenAIStreamTranslator(),
        stopWhenComplete: false,
        open: (client, signal) =>
          client.chat.completions.create(
            buildOpenAIParams(request, { officialApi: this.officialApi, images: this.acceptsImages }),
            {
              signal,
            },
          ),
      },
      options,
    );
  }
}
