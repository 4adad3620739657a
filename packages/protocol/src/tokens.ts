/**
 * Token estimates with js-tiktoken's `o200k_base` encoding.
 *
 * No provider publishes the tokenizer of every model it serves (Anthropic's is private), so every
 * token figure Picasso computes itself is an *estimate* and is labelled as one. Real figures come
 * from the provider's usage report. The encoder is loaded on first use (it is a few MB of ranks).
 */
import { createRequire } from "node:module";
import type { Tiktoken, TiktokenBPE } from "js-tiktoken/lite";

const require = createRequire(import.meta.url);

let encoder: Tiktoken | undefined;

function getEncoder(): Tiktoken {
  if (!encoder) {
    // Loaded synchronously on first use so importing this package stays cheap.
    const { Tiktoken: Encoder } = require("js-tiktoken/lite") as {
      Tiktoken: new (ranks: TiktokenBPE) => Tiktoken;
    };
    const ranks = require("js-tiktoken/ranks/o200k_base") as { default?: TiktokenBPE } & TiktokenBPE;
    encoder = new Encoder(ranks.default ?? ranks);
  }
  return encoder;
}

/** Estimated tokens of a text (o200k_base). */
export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  return getEncoder().encode(text).length;
}

export const TOKEN_ESTIMATE_NOTE = "token counts are estimates (o200k_base), not the provider's own count";
