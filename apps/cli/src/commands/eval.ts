/**
 * `picasso eval navigation --cases FILE [--cases FILE…] [--budget BYTES] [--max-hops N]
 * [--navigator keyword|model] [--provider NAME] [--model NAME] [--json]`: the navigation eval
 * (docs/catalog.md).
 *
 * A cases file names the tasks, the node(s) each should reach (or none), its split (dev or
 * heldout) and, optionally, a fixture catalog beside it; without one the cases navigate this
 * workspace's catalog. `--cases` may be given several times (the dev and the held-out split):
 * each file is scored and printed on its own. Every answer is rendered under `--budget` (default
 * 1024 bytes). The keyword navigator (default) is deterministic; `--navigator model` asks the
 * configured provider (flags, env, config.yaml, as for a session; `--provider mock` runs the
 * offline mock). Prints success@1, success@3, false expansions, first-hop precision, mean hops,
 * bytes to answer, first-view bytes and the two ratios against all schemas, then each miss;
 * `--json` the whole report (a list of reports for several files). It measures: the exit code is
 * 0 whatever the figures.
 */
import { defaultPicassoHome } from "@picasso/engine";
import {
  keywordNavigator,
  loadEvalCases,
  type NavigationReport,
  type Navigator,
  runNavigationEval,
} from "@picasso/lean-context";
import { UserError } from "@picasso/protocol";
import { workspaceCatalog } from "@picasso/surface";
import type { Command } from "commander";
import { catalogForCases, DEFAULT_EVAL_BUDGET } from "../eval/eval-catalog.js";
import { openEvalProvider } from "../eval/eval-provider.js";
import { registerEvalSkills } from "./eval-skills.js";
import { parseBudget } from "./tools.js";

export interface EvalFlags {
  /** One cases file; `register` passes each of several `--cases` to `evalNavigation` in turn. */
  cases?: string;
  budget?: string;
  maxHops?: string;
  navigator?: string;
  provider?: string;
  model?: string;
  mockScript?: string;
  json?: boolean;
}

function maxHops(value: string | undefined): number {
  if (value === undefined) return 3;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 10)
    throw new UserError(`--max-hops: expected a whole number from 1 to 10, got "${value}"`);
  return n;
}

async function navigatorFor(
  flags: EvalFlags,
  env: NodeJS.ProcessEnv,
): Promise<{ navigator: Navigator; close?: () => Promise<void> }> {
  const kind = flags.navigator ?? "keyword";
  if (kind === "keyword") return { navigator: keywordNavigator };
  if (kind !== "model") throw new UserError(`--navigator: expected keyword or model, got "${kind}"`);
  const provider = await openEvalProvider(flags, env);
  const { modelNavigator } = await import("../eval/model-navigator.js");
  return { navigator: modelNavigator(provider), close: async () => provider.close?.() };
}

export async function evalNavigation(
  flags: EvalFlags,
  where: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ report: NavigationReport; catalogFrom: string }> {
  if (!flags.cases) throw new UserError("eval navigation: --cases FILE is required (see catalog/eval/)");
  const env = where.env ?? process.env;
  const cases = loadEvalCases(flags.cases);
  const budgetBytes = parseBudget(flags.budget) ?? DEFAULT_EVAL_BUDGET;
  const ws = await catalogForCases(cases.fixture, () =>
    workspaceCatalog({ cwd: where.cwd ?? process.cwd(), picassoHome: defaultPicassoHome(env) }),
  );
  const { navigator, close } = await navigatorFor(flags, env);
  try {
    const report = await runNavigationEval(ws.catalog, cases.cases, {
      budgetBytes,
      maxHops: maxHops(flags.maxHops),
      navigator,
      ...(cases.split ? { split: cases.split } : {}),
    });
    return { report, catalogFrom: cases.fixture ?? ws.workspaceRoot };
  } finally {
    await close?.();
  }
}

const fixed = (x: number, digits = 2) => x.toFixed(digits);
const count = (share: number, cases: number) => `(${Math.round(share * cases)}/${cases})`;

export function renderNavigationReport(report: NavigationReport, catalogFrom: string): string {
  const n = report.cases;
  const split = report.split ? `${report.split === "heldout" ? "held-out" : report.split} split, ` : "";
  const lines = [
    `Navigation eval: ${split}${n} cases (${report.noEntryCases} with no fitting entry), ${report.navigator} navigator, answers of at most ${report.budgetBytes} bytes, at most ${report.maxHops} hops`,
    `Catalog: ${report.catalogLeaves} entries, ${report.catalogBytes} bytes in full (all schemas; ${catalogFrom})`,
    "",
    `  success@1             ${fixed(report.successAt1)}  ${count(report.successAt1, n)}`,
    `  success@3             ${fixed(report.successAt3)}  ${count(report.successAt3, n)}`,
    `  success@budget        ${fixed(report.successAtBudget)}  ${count(report.successAtBudget, n)}`,
    `  false expansions      ${fixed(report.falseExpansions)}  ${count(report.falseExpansions, n)}`,
    `  first-hop precision   ${fixed(report.firstHopPrecision)}`,
    `  mean hops             ${fixed(report.meanHops)}`,
    `  mean bytes to answer  ${Math.round(report.meanBytesToAnswer)}`,
    `  mean first-view bytes ${Math.round(report.meanFirstViewBytes)}`,
    `  first view vs all schemas      ${fixed(report.firstViewRatio, 1)}× smaller`,
    `  context to reach the answer    ${fixed(report.contextRatio, 1)}× less than all schemas`,
  ];
  const misses = report.results.filter((r) => !r.success || r.hops > 1 || r.falseExpansion);
  if (misses.length > 0) {
    lines.push("", "Not reached in one hop, or a false expansion:");
    for (const r of misses) {
      const wrong = r.expanded.filter((id) => !r.expect.some((e) => id === e || id.endsWith(`/${e}`)));
      lines.push(
        `  - ${r.success ? "reached in" : "missed after"} ${r.hops} hop(s): "${r.task}" → expected ${r.expect.join(" | ") || "none"}; chose ${r.chosen ?? "nothing"}${r.falseExpansion ? `; expanded ${wrong.join(", ")}` : ""}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

export function register(program: Command): void {
  const evalCommand = program
    .command("eval")
    .description("measure Picasso: the navigation eval of the tool catalog, the skill activation eval");
  evalCommand
    .command("navigation")
    .description("can a navigator find the right catalog entry for each task, in few hops and bytes?")
    .option(
      "--cases <file>",
      "a cases file (YAML: split, cases of task + expect, optional fixture); repeat for several splits",
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    )
    .option("--budget <bytes>", `bytes one tool_search answer may take (default ${DEFAULT_EVAL_BUDGET})`)
    .option("--max-hops <n>", "searches a navigator may make per case (default 3)")
    .option("--navigator <kind>", "keyword (deterministic, default) or model (the configured provider)")
    .option("--provider <name>", "with --navigator model: anthropic, openai or mock")
    .option("--model <name>", "with --navigator model: the model")
    .option("--mock-script <file>", "with --provider mock: a mock-provider script")
    .option("--json", "print the whole report as JSON")
    .action(async (flags: Omit<EvalFlags, "cases"> & { cases: string[] }) => {
      const runs = [];
      for (const file of flags.cases.length > 0 ? flags.cases : [undefined])
        runs.push(await evalNavigation({ ...flags, cases: file }));
      const reports = runs.map((r) => r.report);
      process.stdout.write(
        flags.json
          ? `${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`
          : runs.map((r) => renderNavigationReport(r.report, r.catalogFrom)).join("\n"),
      );
    });
  registerEvalSkills(evalCommand);
}
