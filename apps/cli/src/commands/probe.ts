/**
 * `picasso probe [--scenario NAME] [--provider-rules anthropic|openai] [--min-cacheable N] [--json]
 * [--write-baseline] [--live]`: runs the cache probe (packages/cache-probe, docs/cache-probe.md).
 *
 * Scenarios run through the real engine and the official SDK against the mock provider's
 * simulated cache; per-step rows and a summary are printed (`--json`: the report as JSON). The
 * exit code is 1 when the probe finds unexpected cache drops. `--write-baseline` regenerates
 * reports/lean-context/baseline.md and runs nothing else. `--live` runs the `live` scenario
 * against the real Anthropic API (or ANTHROPIC_BASE_URL): it needs ANTHROPIC_API_KEY and costs a few
 * cents. A failure against the real API is a one-line error, not a stack.
 */
import { UserError } from "@picasso/protocol";
import { defaultModelFor } from "@picasso/providers";
import type { Command } from "commander";

export interface ProbeFlags {
  scenario?: string;
  providerRules?: string;
  minCacheable?: string;
  json?: boolean;
  writeBaseline?: boolean;
  live?: boolean;
  model?: string;
}

function minCacheable(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > 1_000_000)
    throw new UserError(
      `--min-cacheable: expected a whole number of tokens from 1 to 1000000, got "${value}"`,
    );
  return n;
}

function liveKey(
  flags: ProbeFlags,
  env: NodeJS.ProcessEnv,
): { apiKey: string; model: string; baseUrl?: string } | undefined {
  if (!flags.live) return undefined;
  const apiKey = env.ANTHROPIC_API_KEY?.trim();
  if (!apiKey)
    throw new UserError("--live: ANTHROPIC_API_KEY is not set; export it to probe the real Anthropic API");
  if (flags.providerRules && flags.providerRules !== "anthropic")
    throw new UserError("--live: only the Anthropic API can be probed live; drop --provider-rules");
  const baseUrl = env.ANTHROPIC_BASE_URL?.trim();
  return {
    apiKey,
    model: flags.model ?? env.PICASSO_MODEL ?? defaultModelFor("anthropic"),
    ...(baseUrl ? { baseUrl } : {}),
  };
}

export async function probeCommand(flags: ProbeFlags, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // Loaded on use, so other commands (and `picasso --version`) do not pay for the probe.
  const { renderReport, runProbe, writeBaselineReport } = await import("@picasso/cache-probe");
  if (flags.writeBaseline) {
    const path = await writeBaselineReport();
    process.stdout.write(`wrote ${path}\n`);
    return 0;
  }
  const live = liveKey(flags, env);
  const report = await runProbe({
    ...(flags.scenario ? { scenario: flags.scenario } : {}),
    ...(flags.providerRules ? { rules: flags.providerRules } : {}),
    ...(flags.minCacheable !== undefined ? { minCacheable: minCacheable(flags.minCacheable) } : {}),
    ...(live ? { live } : {}),
  }).catch((error: unknown) => {
    // Against the real API a failure is the network's or the key's, not a bug: one line.
    if (live && !(error instanceof UserError)) throw new UserError(`--live: ${(error as Error).message}`);
    throw error;
  });
  process.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderReport(report));
  return report.drops.length > 0 ? 1 : 0;
}

export function register(program: Command): void {
  program
    .command("probe")
    .description("prove the prompt-cache prefix never breaks: scripted sessions against the simulated cache")
    .option(
      "--scenario <name>",
      "hello, coding, compaction, resume, skills, memory, families, acp, mcp, next-day, modes, claude-setup or all (default all); by name only: marathon, marathon-short, memory-100k",
    )
    .option("--provider-rules <rules>", "simulated cache rules: anthropic (default) or openai")
    .option(
      "--min-cacheable <n>",
      "minimum cacheable prefix in tokens (default 1024; real models: 1024/2048/4096)",
    )
    .option("--json", "print the report as JSON")
    .option("--write-baseline", "regenerate reports/lean-context/baseline.md and exit")
    .option("--live", "probe the real Anthropic API (needs ANTHROPIC_API_KEY; costs a few cents)")
    .option("--model <model>", "model for --live (default PICASSO_MODEL or the Anthropic default)")
    .action(async (flags: ProbeFlags) => {
      const code = await probeCommand(flags);
      if (code !== 0) process.exitCode = code;
    });
}
