/**
 * Default model ids and context-window sizes per provider.
 *
 * Defaults are used only when neither `--model`, `PICASSO_MODEL` nor config.yaml `model` names
 * one. Context windows are conservative: 200,000 tokens for Anthropic models (the standard
 * window; larger beta windows must be configured explicitly), 128,000 for OpenAI-compatible
 * models (local servers often run smaller windows — set `contextWindow` in config.yaml to the
 * server's real `num_ctx` / `--ctx-size`). config.yaml `contextWindow` always wins.
 */
export const KNOWN_PROVIDERS = ["anthropic", "openai", "mock"] as const;
export type KnownProvider = (typeof KNOWN_PROVIDERS)[number];

export const DEFAULT_MODELS: Record<KnownProvider, string> = {
  anthropic: "claude-sonnet-4-6",
  openai: "gpt-5.4",
  mock: "picasso-mock",
};

export const DEFAULT_CONTEXT_WINDOWS: Record<KnownProvider, number> = {
  anthropic: 200_000,
  openai: 128_000,
  mock: 200_000,
};

export function defaultModelFor(provider: string): string {
  return DEFAULT_MODELS[provider as KnownProvider] ?? "unknown";
}

export function contextWindowFor(provider: string): number {
  return DEFAULT_CONTEXT_WINDOWS[provider as KnownProvider] ?? 128_000;
}
