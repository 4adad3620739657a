/**
 * Navigation-eval figures (`node scripts/bench.mjs apps/cli/bench/navigation.bench.mjs`): the
 * development set `catalog/eval/navigation.cases.yml` (84 cases over the fixture catalog) with the
 * keyword navigator at 512, 1024 and 4096-byte answers — success@1, success@budget (3 hops),
 * first-hop precision, mean bytes to answer, mean first-view bytes — and the time one
 * `tool_search` answer takes over that catalog (median over the cases' queries, 20 rounds).
 * Same as `picasso eval navigation --cases catalog/eval/navigation.cases.yml --budget N`.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { answerQuery, loadEvalCases, loadEvalFixture, runNavigationEval } from "@picasso/lean-context";
import { workspaceCatalog } from "@picasso/surface";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const cases = loadEvalCases(resolve(root, "catalog/eval/navigation.cases.yml"));
const fixture = loadEvalFixture(cases.fixture);
const { catalog } = await workspaceCatalog({
  cwd: fixture.workspace,
  picassoHome: fixture.picassoHome,
  claudeHome: fixture.claudeHome,
  extraTools: fixture.tools,
  extraFamilies: fixture.families,
  entries: fixture.entries,
});
const bench = (name, value, unit, note) =>
  console.log(`BENCH ${JSON.stringify({ name, value, unit, note })}`);
const about = `${cases.cases.length} cases, ${catalog.leaves.length}-entry fixture catalog, keyword navigator`;

for (const budget of [512, 1024, 4096]) {
  const r = await runNavigationEval(catalog, cases.cases, { budgetBytes: budget });
  const at = budget === 1024 ? "1kb" : budget === 512 ? "512b" : "4kb";
  bench(
    `catalog.nav-success-at-1-${at}`,
    Number(r.successAt1.toFixed(3)),
    "",
    `${about}; answers ≤ ${budget} bytes`,
  );
  bench(
    `catalog.nav-success-at-budget-${at}`,
    Number(r.successAtBudget.toFixed(3)),
    "",
    `within 3 hops; answers ≤ ${budget} bytes`,
  );
  bench(
    `catalog.nav-first-hop-precision-${at}`,
    Number(r.firstHopPrecision.toFixed(3)),
    "",
    `answers ≤ ${budget} bytes`,
  );
  bench(
    `catalog.nav-bytes-to-answer-${at}`,
    Math.round(r.meanBytesToAnswer),
    "B",
    `mean over successful cases; first view ${Math.round(r.meanFirstViewBytes)} B; whole catalog ${r.catalogBytes} B`,
  );
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
