/**
 * `picasso eval skills --cases FILE [--navigator keyword|model] [--provider NAME] [--model NAME]
 * [--json]`: the skill activation eval (docs/skills.md).
 *
 * The cases file names the skill collection (a folder beside it) and the tasks, each with the
 * skill to load first or `none`. The navigator sees only the Tier-1 skill index rendered for the
 * collection (every skill a user skill, default budget). The keyword navigator (default) is
 * deterministic; `--navigator model` asks the configured provider (flags, env, config.yaml, as
 * for a session; `--provider mock` runs the offline mock). Prints success@1 and false loads (wrong
 * and unneeded), then each case that was not a hit; `--json` the whole report. It measures: the
 * exit code is 0 whatever the figures.
 */
import {
  keywordSkillNavigator,
  loadSkillActivationCases,
  runSkillActivationEval,
  type SkillActivationReport,
  type SkillNavigator,
} from "@picasso/lean-context";
import { UserError } from "@picasso/protocol";
import type { Command } from "commander";
import { openEvalProvider } from "../eval/eval-provider.js";

export interface EvalSkillsFlags {
  cases?: string;
  navigator?: string;
  provider?: string;
  model?: string;
  mockScript?: string;
  json?: boolean;
}

async function skillNavigatorFor(
  flags: EvalSkillsFlags,
  env: NodeJS.ProcessEnv,
): Promise<{ navigator: SkillNavigator; close?: () => Promise<void> }> {
  const kind = flags.navigator ?? "keyword";
  if (kind === "keyword") return { navigator: keywordSkillNavigator() };
  if (kind !== "model") throw new UserError(`--navigator: expected keyword or model, got "${kind}"`);
  const provider = await openEvalProvider(flags, env);
  const { skillModelNavigator } = await import("../eval/skill-model-navigator.js");
  return { navigator: skillModelNavigator(provider), close: async () => provider.close?.() };
}

export async function evalSkills(
  flags: EvalSkillsFlags,
  where: { env?: NodeJS.ProcessEnv } = {},
): Promise<{ report: SkillActivationReport; skillsFrom: string }> {
  if (!flags.cases) throw new UserError("eval skills: --cases FILE is required (see catalog/eval/)");
  const loaded = loadSkillActivationCases(flags.cases);
  const { navigator, close } = await skillNavigatorFor(flags, where.env ?? process.env);
  try {
    return {
      report: await runSkillActivationEval(loaded.skills, loaded.cases, navigator),
      skillsFrom: loaded.skillsDir,
    };
  } finally {
    await close?.();
  }
}

export function renderSkillsReport(report: SkillActivationReport, skillsFrom: string): string {
  const fixed = (x: number) => x.toFixed(2);
  const lines = [
    `Skill activation eval: ${report.cases} cases (${report.noSkillCases} need no skill), ${report.navigator} navigator`,
    `Index: ${report.skills} skills, ${report.indexBytes} bytes, triggers cut to ${report.triggerChars} characters (${skillsFrom})`,
    "",
    `  success@1      ${fixed(report.successAt1)}  (${report.hits}/${report.cases})`,
    `  false loads    ${fixed(report.falseLoadRate)}  (${report.falseLoads}: ${report.wrongLoads} wrong, ${report.unneededLoads} unneeded)`,
    `  missed         ${report.missed}`,
  ];
  const misses = report.results.filter((r) => r.outcome !== "hit");
  if (misses.length > 0) {
    lines.push("", "Not a hit:");
    for (const r of misses)
      lines.push(
        `  - ${r.outcome}: "${r.task}" → expected ${r.expect.join(" or ")}; loaded ${r.loaded ?? "nothing"}`,
      );
  }
  return `${lines.join("\n")}\n`;
}

export function registerEvalSkills(evalCommand: Command): void {
  evalCommand
    .command("skills")
    .description("from the Tier-1 skill index alone, is the right skill loaded first (or none)?")
    .option("--cases <file>", "the cases file (YAML: skills folder, cases of task + expect)")
    .option("--navigator <kind>", "keyword (deterministic, default) or model (the configured provider)")
    .option("--provider <name>", "with --navigator model: anthropic, openai or mock")
    .option("--model <name>", "with --navigator model: the model")
    .option("--mock-script <file>", "with --provider mock: a mock-provider script")
    .option("--json", "print the whole report as JSON")
    .action(async (flags: EvalSkillsFlags) => {
      const { report, skillsFrom } = await evalSkills(flags);
      process.stdout.write(
        flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderSkillsReport(report, skillsFrom),
      );
    });
}
