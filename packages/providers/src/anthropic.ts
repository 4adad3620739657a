/**
 * The Anthropic adapter: the official `@anthropic-ai/sdk` Messages API, streaming, on the
 * official-SDK wiring both adapters share (sdk-adapter.ts: the SDK's own retries off, retry.ts
 * retries, SDK errors — an SSE `error` event of type `overloaded_error` included — classified by
 * provider-fault.ts). One attempt = one streaming request: translate the request
 * (anthropic-request.ts), feed the raw SSE events through `AnthropicStreamTranslator`, and end
 * with `message_stop` only when the API sent `message_stop`; a stream that ends or breaks
 * earlier is a `stream_cut` fault.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ModelProvider, ModelRequest, StreamEvent, StreamOptions } from "@picasso/protocol";
import { buildAnthropicParams } from "./anthropic-request.js";
import { AnthropicStreamTranslator } from "./anthropic-stream.js";
import { OfficialSdk, type SdkProviderOptions } from "./sdk-adapter.js";

export interface AnthropicProviderOptions extends SdkProviderOptions {
  /** Names the provider in error messages (default "Anthropic API"; the mock's: "mock provider"). */
  label?: string;
}

export class AnthropicProvider implements ModelProvider {
  readonly name: string;
  readonly model: string;
  readonly contextWindow: number;
  readonly acceptsImages: boolean;
  private readonly sdk: OfficialSdk<typeof Anthropic, Anthropic>;

  constructor(options: AnthropicProviderOptions) {
    this.name = options.name ?? "anthropic";
    this.model = options.model;
    this.contextWindow = options.contextWindow ?? 200_000;
    this.acceptsImages = options.acceptsImages ?? true;
    this.sdk = new OfficialSdk(options, {
      label: options.label ?? "Anthropic API",
      keyEnv: "ANTHROPIC_API_KEY",
      defaultBaseUrl: "https://api.anthropic.com",
      load: async () => (await import("@anthropic-ai/sdk")).default,
      client: (Sdk, clientOptions) => new Sdk(clientOptions),
      errorDetails: (error) => ({ type: error.type, apiMessage: error.apiMessage }),
    });
  }

  prepare(): void {
    this.sdk.prepare();
  }

  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<StreamEvent> {
    return this.sdk.stream(
      {
        translator: () => new AnthropicStreamTranslator(),
        stopWhenComplete: true,
        open: (client, signal) =>
          client.messages.create(buildAnthropicParams(request, { images: this.acceptsImages }), { signal }),
      },
      options,
    );
  }
}
