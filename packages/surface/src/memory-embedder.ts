/**
 * Which embedder a session's memory ranks with, from the composition's `memory.embeddings.*`
 * settings: `provider` `auto` (the default) and `endpoint` use the OpenAI-compatible endpoint
 * (Ollama, llama.cpp, vLLM) when `baseUrl` is set, else none; `none` turns vectors off even with a
 * base URL. No embedding model ships with Picasso: the ones installable from npm that run offline
 * were measured too weak to help (docs/memory.md, "Choosing the embedder").
 * The endpoint's key variable may name a provider credential (`OPENAI_API_KEY`): those were taken
 * out of the environment at start-up, so it is looked up among the held secrets too; whatever its
 * name, its value is held as a secret, so `remember` refuses it.
 */
import type { Composition } from "@picasso/lean-context";
import { type Embedder, openAiEmbedder } from "@picasso/memory";
import { holdSecretValue, withHeldProviderSecrets } from "@picasso/protocol";

export function memoryEmbedder(
  settings: Composition["settings"],
  env: NodeJS.ProcessEnv,
): Embedder | undefined {
  const provider = settings["memory.embeddings.provider"];
  const baseUrl = settings["memory.embeddings.baseUrl"];
  if (provider === "none" || !baseUrl) return undefined;
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
