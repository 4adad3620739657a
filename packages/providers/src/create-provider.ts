/**
 * A selection (selection.ts) → a ready `ModelProvider`.
 *
 * - "anthropic": needs ANTHROPIC_API_KEY; baseUrl from the selection or ANTHROPIC_BASE_URL.
 * - "openai": baseUrl from the selection or OPENAI_BASE_URL. Needs OPENAI_API_KEY when talking
 *   to api.openai.com; a local OpenAI-compatible server (Ollama, llama.cpp, vLLM) gets a
 *   placeholder key when none is set, since those servers ignore it.
 * - "mock": points the official Anthropic SDK at a running mock server (`baseUrl`) with a fake
 *   key; its faults are reported as the mock's ("mock provider error 500 …"). This package never
 *   starts the server: `createMockProvider` in `@picasso/mock-provider` does, and calls this with
 *   the server's URL; without a `baseUrl` it is a wiring error.
 * Missing keys and unknown providers are one-line `ConfigError`s saying what to set.
 * Default models and context windows live in models.ts.
 */
import type { ModelProvider } from "@picasso/protocol";
import { AnthropicProvider } from "./anthropic.js";
import { contextWindowFor, defaultModelFor, KNOWN_PROVIDERS } from "./models.js";
import { isOfficialOpenAI, OpenAIProvider } from "./openai.js";
import { ConfigError } from "./provider.js";
import type { RetryPolicy } from "./retry.js";

export interface ProviderChoice {
  provider?: string;
  model?: string;
  baseUrl?: string;
  contextWindow?: number;
  mockScript?: string;
  /** Give up on a stream that sends nothing for this long (default: the retry policy's 5 min). */
  stallTimeoutMs?: number;
  /** `false`: the model takes no images; image blocks become text notes (docs/images.md). */
  images?: boolean;
}

export interface CreateProviderOptions {
  /** Override retry timing (tests use short delays). */
  retry?: Partial<RetryPolicy>;
}

/** The key sent to the mock server, which accepts any key and never records it. */
const MOCK_API_KEY = "mock-key";

/** The key sent to a local OpenAI-compatible server that needs none. */
export const LOCAL_SERVER_PLACEHOLDER_KEY = "not-needed";

export async function createProvider(
  selection: ProviderChoice,
  env: Record<string, string | undefined> = process.env,
  options: CreateProviderOptions = {},
): Promise<ModelProvider> {
  const provider = (selection.provider ?? "anthropic").trim().toLowerCase();
  const read = (name: string) => {
    const value = env[name];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  };
  const model = selection.model ?? defaultModelFor(provider);
  const contextWindow = selection.contextWindow ?? contextWindowFor(provider);
  const policy = {
    ...(selection.stallTimeoutMs ? { idleTimeoutMs: selection.stallTimeoutMs } : {}),
    ...options.retry,
  };
  const retry = {
    ...(Object.keys(policy).length > 0 ? { retry: policy } : {}),
    ...(selection.images === false ? { acceptsImages: false } : {}),
  };

  switch (provider) {
    case "anthropic": {
      const apiKey = read("ANTHROPIC_API_KEY");
      if (!apiKey) {
        throw new ConfigError(
          "ANTHROPIC_API_KEY is not set: export it, or run with --provider mock to try Picasso offline (or --provider openai with OPENAI_API_KEY)",
        );
      }
      const baseUrl = selection.baseUrl ?? read("ANTHROPIC_BASE_URL");
      return new AnthropicProvider({
        apiKey,
        model,
        contextWindow,
        ...(baseUrl ? { baseUrl } : {}),
        ...retry,
      });
    }
    case "openai": {
      const baseUrl = selection.baseUrl ?? read("OPENAI_BASE_URL");
      let apiKey = read("OPENAI_API_KEY");
      if (!apiKey) {
        if (isOfficialOpenAI(baseUrl)) {
          throw new ConfigError(
            "OPENAI_API_KEY is not set: export it, or point OPENAI_BASE_URL (or baseUrl in config.yaml) at a local OpenAI-compatible server such as http://localhost:11434/v1",
          );
        }
        apiKey = LOCAL_SERVER_PLACEHOLDER_KEY;
      }
      return new OpenAIProvider({ apiKey, model, contextWindow, ...(baseUrl ? { baseUrl } : {}), ...retry });
    }
    case "mock": {
      if (!selection.baseUrl) {
        throw new Error(
          'provider "mock" needs a running mock server: create it with createMockProvider from @picasso/mock-provider',
        );
      }
      return new AnthropicProvider({
        apiKey: MOCK_API_KEY,
        model,
        contextWindow,
        baseUrl: selection.baseUrl,
        name: "mock",
        label: "mock provider",
        ...retry,
      });
    }
    default:
      throw new ConfigError(
        `unknown provider "${provider}": set --provider, PICASSO_PROVIDER or "provider" in config.yaml to one of ${KNOWN_PROVIDERS.join(", ")}`,
      );
  }
}
