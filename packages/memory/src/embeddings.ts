/**
 * Embeddings from an OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, llama.cpp,
 * vLLM; the mock provider serves deterministic ones for tests). Configured by the composition's
 * `memory.embeddings.baseUrl` (e.g. `http://127.0.0.1:11434/v1`) and `memory.embeddings.model`;
 * the key, when the endpoint needs one, is read from the environment variable
 * `memory.embeddings.apiKeyEnv` names. Without a base URL there are no embeddings and the ranking
 * renormalises over FTS, importance and recency.
 */

export interface Embedder {
  /** Vectors are stored per model, so changing it never mixes spaces. */
  readonly model: string;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

export interface EmbeddingsConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

export function openAiEmbedder(config: EmbeddingsConfig): Embedder {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/embeddings`;
  return {
    model: config.model,
    async embed(texts) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: config.model, input: texts }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      const json = (await response.json()) as { data?: Array<{ index?: number; embedding?: unknown }> };
      const data = [...(json.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      return data.map((d) => {
        if (!Array.isArray(d.embedding)) throw new Error(`${url}: an embedding is not an array of numbers`);
        return Float32Array.from(d.embedding, (x) => Number(x));
      });
    },
  };
}
