/**
 * Token estimates with the `o200k_base` encoding (ranks from js-tiktoken), counted by
 * `bpe-count.ts` in time linear in the text's length — js-tiktoken's own encoder is quadratic in a
 * piece's length (a 20 KB word took 87 s) and throws on special-token text.
 *
 * No provider publishes the tokenizer of every model it serves (Anthropic's is private), so every
 * token figure Picasso computes itself is an *estimate* and is labelled as one. Real figures come
 * from the provider's usage report. The vocabulary is loaded on first use (a few MB of ranks).
 */
import { createRequire } from "node:module";
import { type BpeVocabulary, bpeVocabulary, countBpeTokens } from "./bpe-count.js";

const require = createRequire(import.meta.url);

interface RanksFile {
  pat_str: string;
  bpe_ranks: string;
}

let vocabulary: BpeVocabulary | undefined;

/** The o200k vocabulary, loaded synchronously on first use so importing this package stays cheap. */
export function o200kVocabulary(): BpeVocabulary {
  if (!vocabulary) {
    const file = require("js-tiktoken/ranks/o200k_base") as { default?: RanksFile } & RanksFile;
    const { pat_str, bpe_ranks } = file.default ?? file;
    const ranks = new Map<string, number>();
    // Lines are "! <first rank> <base64 token> <base64 token> …", ranks consecutive.
    for (const line of bpe_ranks.split("\n")) {
      const fields = line.split(" ");
      const first = Number.parseInt(fields[1] ?? "", 10);
      if (Number.isNaN(first)) continue;
      for (let i = 2; i < fields.length; i++)
        ranks.set(Buffer.from(fields[i] ?? "", "base64").toString("latin1"), first + i - 2);
    }
    vocabulary = bpeVocabulary(ranks, pat_str);
  }
  return vocabulary;
}

/** Estimated tokens of a text (o200k_base). */
export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  return countBpeTokens(text, o200kVocabulary());
}

export const TOKEN_ESTIMATE_NOTE = "token counts are estimates (o200k_base), not the provider's own count";
