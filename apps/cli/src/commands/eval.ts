/**
 * `picasso eval navigation --cases FILE [--budget BYTES] [--max-hops N] [--navigator keyword|model]
 * [--provider NAME] [--model NAME] [--json]`: the navigation eval (docs/catalog.md).
 *
 * The cases file names the tasks, the node(s) each should reach and, optionally, a fixture
 * catalog beside it; without one the cases navigate this workspace's catalog. Every answer is
 * rendered under `--budget` (default 1024 bytes). The keyword navigator (default) is
 * deterministic; `--navigator model` asks the configured provider (flags, env, config.yaml, as
 * for a session; `--provider mock` runs the offline mock). Prints success@budget, success@1,
 * first-hop precision, mean hops, mean bytes to answer and mean first-view bytes, then each miss;
 * `--json` the whole report. It measures: the exit code is 0 whatever the figures.
 */
import { defaultPicassoHome } from "@picasso/engine";
import {
  keywordNavigator,
  loadEvalCases,
  loadEvalFixture,
  type NavigationReport,
  type Navigator,
  runNavigationEval,
} from "@picasso/lean-context";
import { UserError } from "@picasso/protocol";
import { workspaceCatalog } from "@picasso/surface";
import type { Command } from "commander";
import { registerEvalSkills } from "./eval-skills.js";
import { parseBudget } from "./tools.js";

export const DEFAULT_EVAL_BUDGET = 1024;

export interface EvalFlags {
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
  const { openSelectedProvider } = await import("../wiring.js");
  const { provider } = await openSelectedProvider(
    {
      ...(flags.provider ? { provider: flags.provider } : {}),
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.mockScript ? { mockScript: flags.mockScript } : {}),
    },
    env,
  );
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
  const fixture = cases.fixture ? loadEvalFixture(cases.fixture) : undefined;
  const ws = await workspaceCatalog(
    fixture
      ? {
          cwd: fixture.workspace,
          picassoHome: fixture.picassoHome,
          claudeHome: fixture.claudeHome,
          extraTools: fixture.tools,
          extraFamilies: fixture.families,
          entries: fixture.entries,
        }
      : { cwd: where.cwd ?? process.cwd(), picassoHome: defaultPicassoHome(env) },
  );
  const { navigator, close } = await navigatorFor(flags, env);
  try {
    const report = await runNavigationEval(ws.catalog, cases.cases, {
      budgetBytes,
      maxHops: maxHops(flags.maxHops),
      navigator,
    });
    return { report, catalogFrom: cases.fixture ?? ws.workspaceRoot };
  } finally {
    await close?.();
  }
}

const fixed = (x: number, digits = 2) => x.toFixed(digits);

export function renderNavigationReport(report: NavigationReport, catalogFrom: string): string {
  const won = report.results.filter((r) => r.success).length;
  const lines = [
    `Navigation eval: ${report.cases} cases, ${report.navigator} navigator, answers of at most ${report.budgetBytes} bytes, at most ${report.maxHops} hops`,
    `Catalog: ${report.catalogLeaves} entries, ${report.catalogBytes} bytes in full (${catalogFrom})`,
    "",
    `  success@budget        ${fixed(report.successAtBudget)}  (${won}/${report.cases})`,
    `  success@1             ${fixed(report.successAt1)}`,
    `  first-hop precision   ${fixed(report.firstHopPrecision)}`,
    `  mean hops             ${fixed(report.meanHops)}`,
    `  mean bytes to answer  ${Math.round(report.meanBytesToAnswer)}`,
    `  mean first-view bytes ${Math.round(report.meanFirstViewBytes)}`,
  ];
  const misses = report.results.filter((r) => !r.success || r.hops > 1);
  if (misses.length > 0) {
    lines.push("", "Not reached in one hop:");
    for (const r of misses)
      lines.push(
        `  - ${r.success ? "reached in" : "missed after"} ${r.hops} hop(s): "${r.task}" → expected ${r.expect.join(" | ")}; chose ${r.chosen ?? "nothing"}`,
      );
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
    .option("--cases <file>", "the cases file (YAML: cases of task + expect, optional fixture)")
    .option("--budget <bytes>", `bytes one tool_search answer may take (default ${DEFAULT_EVAL_BUDGET})`)
    .option("--max-hops <n>", "searches a navigator may make per case (default 3)")
    .option("--navigator <kind>", "keyword (deterministic, default) or model (the configured provider)")
    .option("--provider <name>", "with --navigator model: anthropic, openai or mock")
    .option("--model <name>", "with --navigator model: the model")
    .option("--mock-script <file>", "with --provider mock: a mock-provider script")
    .option("--json", "print the whole report as JSON")
    .action(async (flags: EvalFlags) => {
      const { report, catalogFrom } = await evalNavigation(flags);
      process.stdout.write(
        flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderNavigationReport(report, catalogFrom),
      );
    });
  registerEvalSkills(evalCommand);
}
