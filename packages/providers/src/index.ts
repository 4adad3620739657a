/**
 * @picasso/providers — the `ModelProvider` adapters (Anthropic, OpenAI-compatible), their retries,
 * provider selection and `config.yaml` (docs/providers.md).
 *
 * Exported on purpose: what the CLI, the cache-probe and other packages' tests use, and the types
 * of those signatures. Everything else is internal; this package's tests import it from its module.
 */
export { AnthropicProvider, type AnthropicProviderOptions } from "./anthropic.js";
export { type CreateProviderOptions, createProvider, type ProviderChoice } from "./create-provider.js";
export { contextWindowFor, defaultModelFor } from "./models.js";
export { OpenAIProvider, type OpenAIProviderOptions } from "./openai.js";
export type { RetryPolicy } from "./retry.js";
export {
  NO_KEY_NOTE,
  type ProviderSelection,
  resolveProviderSelection,
  type SelectionFlags,
  type SelectionInput,
  type SelectionSource,
} from "./selection.js";
