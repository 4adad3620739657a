/**
 * Token estimates (`node scripts/bench.mjs packages/protocol`), `estimateTokens` from the built
 * dist; every figure after the first is with the vocabulary loaded, median of 5 runs:
 * - tokens.vocabulary-load-ms: the first estimate of a process (loads the o200k ranks);
 * - tokens.base64-1mib-ms: 1 MiB of random base64 as one unbroken run (a data URL, an inlined
 *   blob) — the shape that made js-tiktoken quadratic;
 * - tokens.base64-lines-1mib-ms: the same wrapped in 76-character lines;
 * - tokens.one-word-1mib-ms: 1 MiB of one letter, one pre-tokenizer piece;
 * - tokens.prose-1mib-ms: docs/*.md repeated to 1 MiB;
 * - tokens.cjk-prose-1mib-ms: Chinese prose (3 bytes a character) repeated to 1 MiB of characters;
 * - tokens.js-tiktoken-4kib-word-ms vs tokens.word-4kib-ms: js-tiktoken's own encoder against ours
 *   on a 4 KiB one-word text (js-tiktoken is quadratic: a 20 KB word took 87 s).
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { estimateTokens } from "../dist/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(import.meta.url);

function bench(name, value, unit, note) {
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Number(x.toFixed(1));

function timeMs(fn, runs = 5) {
  const samples = [];
  let result;
  for (let r = 0; r < runs; r++) {
    globalThis.gc?.();
    const start = performance.now();
    result = fn();
    samples.push(performance.now() - start);
  }
  return { ms: median(samples), result };
}

const MiB = 1024 * 1024;
const fill = (unit, chars) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);

const loadStart = performance.now();
estimateTokens("hello");
bench("tokens.vocabulary-load-ms", round(performance.now() - loadStart), "ms", "first estimate of a process");

const base64 = randomBytes((MiB * 3) / 4).toString("base64");
const shapes = [
  ["tokens.base64-1mib-ms", base64, "1 MiB of random base64, one unbroken run"],
  ["tokens.base64-lines-1mib-ms", base64.replace(/.{76}/g, "$&\n"), "the same in 76-character lines"],
  ["tokens.one-word-1mib-ms", "a".repeat(MiB), "1 MiB of one letter"],
  [
    "tokens.prose-1mib-ms",
    fill(
      readdirSync(join(root, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => readFileSync(join(root, "docs", f), "utf8"))
        .join("\n"),
      MiB,
    ),
    "docs/*.md repeated to 1 MiB",
  ],
  [
    "tokens.cjk-prose-1mib-ms",
    fill("终端编码代理读取、编辑、搜索并运行你的代码，使用你选择的模型。它围绕精简上下文构建。", MiB),
    "Chinese prose, 1 Mi characters (3 MiB of UTF-8)",
  ],
];
for (const [name, text, note] of shapes) {
  const { ms, result } = timeMs(() => estimateTokens(text));
  bench(name, round(ms), "ms", `${note}; ${result} tokens; median of 5`);
}

const word = "a".repeat(4096);
const ours = timeMs(() => estimateTokens(word));
bench("tokens.word-4kib-ms", round(ours.ms), "ms", `estimateTokens, one 4 KiB word; median of 5`);
const { Tiktoken } = require("js-tiktoken/lite");
const ranks = require("js-tiktoken/ranks/o200k_base");
const reference = new Tiktoken(ranks.default ?? ranks);
const theirs = timeMs(() => reference.encode(word).length, 3);
bench(
  "tokens.js-tiktoken-4kib-word-ms",
  round(theirs.ms),
  "ms",
  `js-tiktoken encode of the same word (the estimator before); ${theirs.result} tokens vs ${ours.result}; median of 3`,
);
