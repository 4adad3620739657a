/**
 * `picasso sandbox check [--sandbox MODE] [--json]`: what the command sandbox does on this
 * machine for this workspace, shown by running real commands through it (docs/tools.md, "The
 * sandbox"). Exit 1 when a check does not hold, so scripts can rely on it.
 */
import { defaultPicassoHome } from "@picasso/engine";
import { workspaceSandboxReport } from "@picasso/surface";
import { renderSandboxCheck, type SandboxMode } from "@picasso/tools";
import { findWorkspaceRoot } from "@picasso/workspace";
import { type Command, Option } from "commander";

interface SandboxCheckFlags {
  json?: boolean;
  sandbox?: SandboxMode;
}

export async function sandboxCheckOutput(
  flags: SandboxCheckFlags,
  where: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ text: string; ok: boolean }> {
  const report = await workspaceSandboxReport({
    workspaceRoot: findWorkspaceRoot(where.cwd ?? process.cwd()),
    picassoHome: defaultPicassoHome(where.env ?? process.env),
    ...(flags.sandbox ? { mode: flags.sandbox } : {}),
  });
  const ok = report.checks.every((c) => c.ok);
  return { text: flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderSandboxCheck(report), ok };
}

export function register(program: Command): void {
  const sandbox = program.command("sandbox").description("the command sandbox (bubblewrap) on this machine");
  sandbox
    .command("check")
    .description("run real commands through the sandbox and show what it allows and refuses")
    .addOption(
      new Option("--sandbox <mode>", "check this mode instead of the setting").choices(["off", "on", "auto"]),
    )
    .option("--json", "print the checks as JSON")
    .action(async (flags: SandboxCheckFlags) => {
      const { text, ok } = await sandboxCheckOutput(flags);
      process.stdout.write(text);
      if (!ok) process.exitCode = 1;
    });
}
