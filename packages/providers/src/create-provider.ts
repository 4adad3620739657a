/**
 * A selection (selection.ts) → a ready `ModelProvider`.
 *
 * - "anthropic": needs ANTHROPIC_API_KEY; baseUrl from the selection or ANTHROPIC_BASE_URL.
 * - "openai": baseUrl from the selection or OPENAI_BASE_URL. Needs OPENAI_API_KEY when talking
 *   to api.openai.com; a local OpenAI-compatible server (Ollama, llama.cpp, vLLM) gets a
 *   placeholder key when none is set, since those servers ignore it.
 * - "mock": starts the in-process mock server on a free 127.0.0.1 port (with the selection's
 *   script, else the demo model) and points the official Anthropic SDK at it with a fake key;
 *   its faults are reported as the mock's ("mock provider error 500 …"); `close()` stops the server.
 * Missing keys and unknown providers are one-line `ConfigError`s saying what to set.
 * Default models and context windows live in models.ts.
 */
import { AnthropicProvider } from "./anthropic.js";
import { startMockServer } from "./mock/index.js";
import { contextWindowFor, defaultModelFor, KNOWN_PROVIDERS } from "./models.js";
import { isOfficialOpenAI, OpenAIProvider } from "./openai.js";
import { ConfigError, type ModelProvider } from "./provider.js";
import type { RetryPolicy } from "./retry.js";

export interface ProviderChoice {
  provider?: string;
  model?: string;
  baseUrl?: string;
  contextWindow?: number;
  mockScript?: string;
}

export interface CreateProviderOptions {
  /** Override retry timing (tests use short delays). */
  retry?: Partial<RetryPolicy>;
}

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
  const retry = options.retry ? { retry: options.retry } : {};

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
      const server = await startMockServer(selection.mockScript ? { script: selection.mockScript } : {});
      return new AnthropicProvider({
        apiKey: "mock-key",
        model,
        contextWindow,
        baseUrl: server.url,
        name: "mock",
        label: "mock provider",
        onClose: () => server.close(),
        ...retry,
      });
    }
    default:
      throw new ConfigError(
        `unknown provider "${provider}": set --provider, PICASSO_PROVIDER or "provider" in config.yaml to one of ${KNOWN_PROVIDERS.join(", ")}`,
      );
  }
}
