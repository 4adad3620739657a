/**
 * Which embedder a session's memory ranks with, from the composition's `memory.embeddings.*`
 * settings: `provider` `auto` (the default) uses the OpenAI-compatible endpoint when `baseUrl` is
 * set, else the local model when its npm package is installed (no network at run time), else
 * none; `local`, `endpoint` and `none` choose one outright (`endpoint` without a base URL is none).
 * The endpoint's key variable may name a provider credential (`OPENAI_API_KEY`): those were taken
 * out of the environment at start-up, so it is looked up among the held secrets too; whatever its
 * name, its value is held as a secret, so `remember` refuses it.
 */
import type { Composition } from "@picasso/lean-context";
import { type Embedder, localEmbedder, localEmbedderAvailable, openAiEmbedder } from "@picasso/memory";
import { holdSecretValue, withHeldProviderSecrets } from "@picasso/protocol";

export function memoryEmbedder(
  settings: Composition["settings"],
  env: NodeJS.ProcessEnv,
): Embedder | undefined {
  const provider = settings["memory.embeddings.provider"];
  const baseUrl = settings["memory.embeddings.baseUrl"];
  if (provider === "none") return undefined;
  if (provider === "local" || (provider === "auto" && !baseUrl)) {
    return localEmbedderAvailable() ? localEmbedder() : undefined;
  }
  if (!baseUrl) return undefined;
  const keyEnv = settings["memory.embeddings.apiKeyEnv"];
  const apiKey = keyEnv ? withHeldProviderSecrets(env)[keyEnv] : undefined;
  // A configured key is a key this process holds, whatever its variable's name: never a memory.
  if (apiKey) holdSecretValue(apiKey);
  return openAiEmbedder({
    baseUrl,
    model: settings["memory.embeddings.model"],
    ...(apiKey ? { apiKey } : {}),
  });
}
