/**
 * `POST /v1/embeddings` (OpenAI-compatible, as Ollama, llama.cpp and vLLM serve it): deterministic
 * embeddings for tests, so memory's hybrid ranking can run offline. A text's vector is its words
 * (lower-cased letters and digits) hashed into EMBEDDING_DIMS buckets with a ± sign, then
 * L2-normalised: texts sharing words are close, the same text is always the same vector. Not a
 * model request (no request number, no faults, no cache).
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { estimateTokens } from "@picasso/protocol";
import { RequestError } from "./errors.js";
import { sendJson } from "./route-context.js";

/** As many as small real embedding models give (all-MiniLM-L6-v2, bge-small): few hash collisions. */
export const EMBEDDING_DIMS = 384;

export function mockEmbedding(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const digest = createHash("sha256").update(word).digest();
    const bucket = digest.readUInt16BE(0) % EMBEDDING_DIMS;
    vector[bucket] = (vector[bucket] ?? 0) + ((digest[2] ?? 0) & 1 ? 1 : -1);
  }
  const norm = Math.sqrt(vector.reduce((n, x) => n + x * x, 0));
  return norm === 0 ? vector : vector.map((x) => Number((x / norm).toFixed(6)));
}

export function handleEmbeddings(body: unknown, res: ServerResponse): void {
  const request = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof request.model !== "string" || request.model === "")
    throw new RequestError("model: a non-empty string is required");
  const input = request.input;
  const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input : undefined;
  if (!texts || texts.length === 0 || texts.some((t) => typeof t !== "string"))
    throw new RequestError("input: a string or a non-empty array of strings is required");
  const tokens = texts.reduce((n: number, t) => n + estimateTokens(String(t)), 0);
  sendJson(res, {
    object: "list",
    model: request.model,
    data: texts.map((t, index) => ({ object: "embedding", index, embedding: mockEmbedding(String(t)) })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}
