/**
 * Navigation-eval figures (`node scripts/bench.mjs apps/cli/bench/navigation.bench.mjs`): the
 * dev split `catalog/eval/navigation.cases.yml` (tuned on) and the held-out split
 * `catalog/eval/navigation.heldout.cases.yml` (never tuned on) over the fixture catalog, keyword
 * navigator, at 512, 1024 and 4096-byte answers — success@1, success@3, false expansions, mean
 * bytes to answer, first view and the two ratios against all schemas — and the time one
 * `tool_search` answer takes over that catalog (median over the dev cases' queries, 20 rounds).
 * Same as `picasso eval navigation --cases <dev> --cases <held-out> --budget N`.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { answerQuery, loadEvalCases, runNavigationEval } from "@picasso/lean-context";
import { evalFixtureCatalog } from "@picasso/surface";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const cases = loadEvalCases(resolve(root, "catalog/eval/navigation.cases.yml"));
const heldout = loadEvalCases(resolve(root, "catalog/eval/navigation.heldout.cases.yml"));
const { catalog } = await evalFixtureCatalog(cases.fixture);
const bench = (name, value, unit, note) =>
  console.log(`BENCH ${JSON.stringify({ name, value, unit, note })}`);

for (const [split, set] of [
  ["", cases],
  ["heldout-", heldout],
]) {
  const about = `${split ? "held-out" : "dev"} split, ${set.cases.length} cases, ${catalog.leaves.length}-entry fixture catalog, keyword navigator`;
  for (const budget of [512, 1024, 4096]) {
    const r = await runNavigationEval(catalog, set.cases, { budgetBytes: budget });
    const at = budget === 1024 ? "1kb" : budget === 512 ? "512b" : "4kb";
    const figure = (name, value, unit, note) => bench(`catalog.nav-${split}${name}-${at}`, value, unit, note);
    figure("success-at-1", Number(r.successAt1.toFixed(3)), "", `${about}; answers ≤ ${budget} bytes`);
    figure("success-at-3", Number(r.successAt3.toFixed(3)), "", `within 3 hops; answers ≤ ${budget} bytes`);
    figure(
      "false-expansions",
      Number(r.falseExpansions.toFixed(3)),
      "",
      `share of cases that expanded a wrong entry; answers ≤ ${budget} bytes`,
    );
    figure(
      "bytes-to-answer",
      Math.round(r.meanBytesToAnswer),
      "B",
      `mean over successful cases; first view ${Math.round(r.meanFirstViewBytes)} B; all schemas ${r.catalogBytes} B`,
    );
    figure(
      "first-view-ratio",
      Number(r.firstViewRatio.toFixed(1)),
      "×",
      `all schemas ÷ mean first view; answers ≤ ${budget} bytes`,
    );
    figure(
      "context-ratio",
      Number(r.contextRatio.toFixed(1)),
      "×",
      `all schemas ÷ mean bytes to answer; answers ≤ ${budget} bytes`,
    );
  }
}

const queries = cases.cases.map((c) => c.task);
for (const q of queries) answerQuery(catalog, q, 1024); // warm the index
const times = [];
for (let round = 0; round < 20; round++) {
  const start = process.hrtime.bigint();
  for (const q of queries) answerQuery(catalog, q, 1024);
  times.push(Number(process.hrtime.bigint() - start) / 1e6 / queries.length);
}
times.sort((a, b) => a - b);
bench(
  "catalog.tool-search-ms",
  Number(times[10].toFixed(3)),
  "ms",
  `one tool_search answer over ${catalog.leaves.length} entries; median of 20 rounds of ${queries.length} queries`,
);
