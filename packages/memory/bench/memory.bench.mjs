/**
 * Memory at 1k / 10k / 100k memories (`node scripts/bench.mjs packages/memory`), on a real
 * `memory.db` (WAL, synchronous=NORMAL) in a temporary folder, from the built dist:
 * - memory.remember-<n>-p50/p95-ms: `MemoryService.remember` (checks, secret scan, title lookup,
 *   one committed insert with its FTS row), 300 calls;
 * - memory.recall-query-<n>-p50/p95-ms: `recallQuery` of 2–3 words (FTS candidates + recent,
 *   hybrid ranking without embeddings, bodies read, used-at written), 300 queries;
 * - memory.index-lines-<n>-p50/p95-ms: the session-start facts (pinned and preference lines,
 *   index lines within 1 KB), 50 builds.
 * - memory.<op>-<n>-cpu-ms: the same operations' mean CPU time (user + system), which a busy
 *   shared machine inflates far less than wall-clock percentiles.
 * The corpus: titles and bodies of words drawn from a 3,000-word vocabulary with a Zipf-like
 * skew (a few words are in many memories, as real notes are), 10 % user scope, the rest split
 * over this project and 9 others; classes mostly facts, 1 % pinned, 2 % preferences.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rng } from "../../../scripts/bench-random.mjs";
import { memoryFacts } from "../dist/memory-facts.js";
import { MemoryService } from "../dist/memory-service.js";
import { MemoryStore } from "../dist/memory-store.js";
import { openMemoryDb } from "../dist/open-db.js";

function bench(name, value, unit, note) {
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);
}
const round = (x) => Number(x.toFixed(3));
const pct = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};

const random = rng(42);
const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ren",
  "sta",
  "vo",
  "pri",
  "del",
  "tu",
  "ga",
  "shi",
  "mor",
  "en",
  "ax",
  "qui",
];
const VOCAB = Array.from({ length: 3000 }, (_, i) => {
  let w = "";
  let n = i + 7;
  while (n > 0) {
    w += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return w;
});
// Zipf-like: word rank r drawn with weight 1/(r+10).
const weights = VOCAB.map((_, r) => 1 / (r + 10));
const total = weights.reduce((a, b) => a + b, 0);
const cumulative = [];
weights.reduce((acc, w, i) => {
  cumulative[i] = (acc + w) / total;
  return acc + w;
}, 0);
function word() {
  const x = random();
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] ?? 1) < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCAB[lo];
}
const words = (n) => Array.from({ length: n }, word).join(" ");
const CLASSES = ["fact", "fact", "fact", "procedure", "episode"];

function memoryRow(i, now) {
  const r = random();
  const cls = r < 0.01 ? "pinned" : r < 0.03 ? "preference" : (CLASSES[i % CLASSES.length] ?? "fact");
  const s = random();
  const scope = s < 0.1 ? "user" : s < 0.55 ? "project:bench" : `project:other-${Math.floor(s * 9)}`;
  const created = now - Math.floor(random() * 365 * 86_400_000);
  return {
    class: cls,
    title: `${words(4)} ${i}`,
    body: `${words(30 + Math.floor(random() * 40))}.`,
    scope,
    importance: 1 + Math.floor(random() * 5),
    createdAt: created,
    updatedAt: created,
  };
}

async function run(n) {
  const dir = mkdtempSync(join(tmpdir(), "picasso-memory-bench-"));
  const path = join(dir, "memory.db");
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const now = Date.now();
  const store = new MemoryStore(opened.db, path);
  const service = new MemoryService(store, { projectScope: "project:bench" });
  const fill = opened.db.transaction(() => {
    for (let i = 0; i < n; i++) store.add(memoryRow(i, now));
  });
  const t0 = performance.now();
  fill();
  const fillMs = performance.now() - t0;
  opened.db.pragma("wal_checkpoint(TRUNCATE)");

  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const remember = [];
  let c0 = cpu();
  for (let i = 0; i < 300; i++) {
    const start = performance.now();
    await service.remember({ title: `bench note ${i} ${words(3)}`, body: words(40), importance: 3 });
    remember.push(performance.now() - start);
  }
  const rememberCpu = (cpu() - c0) / 300;
  const recall = [];
  c0 = cpu();
  for (let i = 0; i < 300; i++) {
    const query = words(2 + (i % 2));
    const start = performance.now();
    await service.recallQuery(query, 5);
    recall.push(performance.now() - start);
  }
  const recallCpu = (cpu() - c0) / 300;
  const facts = [];
  let indexBytes = 0;
  c0 = cpu();
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    const built = memoryFacts(service);
    facts.push(performance.now() - start);
    indexBytes = Buffer.byteLength(built.index.join("\n"));
  }
  const factsCpu = (cpu() - c0) / 50;
  store.close();
  rmSync(dir, { recursive: true, force: true });
  const k = n >= 1000 ? `${n / 1000}k` : String(n);
  const note = (what, samples) => `${what}; ${samples} samples over ${n.toLocaleString("en-US")} memories`;
  bench(
    `memory.remember-${k}-p50-ms`,
    round(pct(remember, 50)),
    "ms",
    note("remember (one committed insert + FTS)", 300),
  );
  bench(`memory.remember-${k}-p95-ms`, round(pct(remember, 95)), "ms", note("remember", 300));
  bench(
    `memory.recall-query-${k}-p50-ms`,
    round(pct(recall, 50)),
    "ms",
    note("recall by a 2–3 word query, limit 5, no embeddings", 300),
  );
  bench(`memory.recall-query-${k}-p95-ms`, round(pct(recall, 95)), "ms", note("recall by query", 300));
  bench(
    `memory.index-lines-${k}-p50-ms`,
    round(pct(facts, 50)),
    "ms",
    note(`session-start pinned + index lines (${indexBytes} B of index)`, 50),
  );
  bench(
    `memory.index-lines-${k}-p95-ms`,
    round(pct(facts, 95)),
    "ms",
    note("session-start pinned + index lines", 50),
  );
  bench(
    `memory.remember-${k}-cpu-ms`,
    round(rememberCpu),
    "ms",
    "CPU time per remember (user + system), mean",
  );
  bench(`memory.recall-query-${k}-cpu-ms`, round(recallCpu), "ms", "CPU time per recall by query, mean");
  bench(`memory.index-lines-${k}-cpu-ms`, round(factsCpu), "ms", "CPU time per index-lines build, mean");
  bench(
    `memory.fill-${k}-ms`,
    Math.round(fillMs),
    "ms",
    `${n.toLocaleString("en-US")} inserts in one transaction (set-up, not a product path)`,
  );
}

for (const n of [1_000, 10_000, 100_000]) await run(n);
