import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Tiktoken, TiktokenBPE } from "js-tiktoken/lite";
import { beforeAll, describe, expect, it } from "vitest";
import { type BpeVocabulary, countBpeTokens, MAX_MERGE_BYTES, mergeCount } from "./bpe-count.js";
import { estimateTokens, o200kVocabulary } from "./tokens.js";

const require = createRequire(import.meta.url);
const repo = join(import.meta.dirname, "../../..");

/** js-tiktoken's own encoder: exact, but quadratic in a piece's length — only for small texts. */
let reference: Tiktoken;
beforeAll(() => {
  const { Tiktoken: Encoder } = require("js-tiktoken/lite") as {
    Tiktoken: new (ranks: TiktokenBPE) => Tiktoken;
  };
  const ranks = require("js-tiktoken/ranks/o200k_base") as { default?: TiktokenBPE } & TiktokenBPE;
  reference = new Encoder(ranks.default ?? ranks);
});
const exact = (text: string) => reference.encode(text, [], []).length;

/** Runs the real merge and records how many bytes each call got. */
function recordingMerge() {
  const sizes: number[] = [];
  const merge = (bytes: string, vocab: BpeVocabulary) => {
    sizes.push(bytes.length);
    return mergeCount(bytes, vocab);
  };
  return { sizes, merge };
}

describe("estimateTokens", () => {
  it("counts o200k tokens, 0 for empty text", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("The quick brown fox jumps over the lazy dog.")).toBe(
      exact("The quick brown fox jumps over the lazy dog."),
    );
  });

  it("is exact on ordinary prose, code, JSON and non-Latin text", () => {
    const texts = [
      readFileSync(join(repo, "README.md"), "utf8"),
      readFileSync(join(repo, "docs/providers.md"), "utf8"),
      readFileSync(join(repo, "packages/protocol/src/jsonl.ts"), "utf8"),
      readFileSync(join(repo, "packages/protocol/package.json"), "utf8"),
      "终端编码代理读取、编辑、搜索并运行你的代码，使用你选择的模型。".repeat(5),
      "Ünïcödé façade — naïve café 👋🏽 😀 \u0000\t\r\n  indented\n",
    ];
    for (const text of texts) expect(estimateTokens(text)).toBe(exact(text));
  });

  it("stays within 2% of the exact count on long unbroken runs", () => {
    const runs = [
      randomBytes(3000).toString("base64"),
      randomBytes(1500).toString("hex"),
      "a".repeat(1500),
      `https://example.com/${"path-segment/".repeat(60)}?q=${"x".repeat(400)}`,
      "中".repeat(400),
    ];
    for (const run of runs) {
      const want = exact(run);
      expect(Math.abs(estimateTokens(run) - want) / want).toBeLessThanOrEqual(0.02);
    }
  });

  it("counts special-token text as ordinary text instead of throwing", () => {
    expect(estimateTokens("a file mentioning <|endoftext|> and <|endofprompt|>")).toBe(
      exact("a file mentioning <|endoftext|> and <|endofprompt|>"),
    );
  });
});

describe("countBpeTokens is linear", () => {
  const shapes: [string, string][] = [
    ["one 200 KB word", "a".repeat(200_000)],
    ["200 KB of base64", randomBytes(150_000).toString("base64")],
    ["200 KB of CJK with no punctuation", "中文".repeat(100_000)],
    ["200 KB of one punctuation mark", "=".repeat(200_000)],
    ["200 KB of spaces", " ".repeat(200_000)],
  ];
  for (const [name, text] of shapes)
    it(`never merges more than ${MAX_MERGE_BYTES} bytes at once, nor any byte twice: ${name}`, () => {
      const { sizes, merge } = recordingMerge();
      const n = countBpeTokens(text, o200kVocabulary(), merge);
      expect(n).toBeGreaterThan(0);
      expect(Math.max(0, ...sizes)).toBeLessThanOrEqual(MAX_MERGE_BYTES);
      expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(Buffer.byteLength(text));
    });
});
