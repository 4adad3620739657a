/**
 * `picasso init [--yes] [--dry-run]`: write or improve this workspace's AGENTS.md with the
 * configured model — the `init` operation of the init extension (@picasso/init, docs/init.md),
 * run on the workspace's extensions mounted offline with the selected provider, as `/init` runs
 * in the TUI and over ACP:
 * - the proposal's diff goes to stdout, its notes (over the target, routing rows naming missing
 *   docs) to stderr;
 * - `--dry-run` never writes; `--yes` writes without asking; otherwise a terminal is asked
 *   "Write AGENTS.md? [y/N]" (only `y`/`yes` writes), and without a terminal nothing is written
 *   and stderr says to pass `--yes`;
 * - no provider configured (the mock would stand in for want of a key) is one line, exit 1;
 *   so is every mistake the operation reports (an empty answer, one over the hard cap, an
 *   AGENTS.md that cannot be written).
 */
import { createInterface } from "node:readline/promises";
import { defaultPicassoHome } from "@picasso/engine";
import type { OperationResult } from "@picasso/protocol";
import { UserError, withHeldProviderSecrets } from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";
import type { SessionFlags } from "../wiring-flags.js";

interface InitFlags extends Pick<SessionFlags, "provider" | "model" | "mockScript"> {
  yes?: boolean;
  dryRun?: boolean;
}

interface ProposalShown {
  path: string;
  bytes: number;
  diff: string;
  notes: string[];
  unchanged: boolean;
}

export function register(program: Command): void {
  program
    .command("init")
    .description("write or improve AGENTS.md from the repository with the model (shows a diff to approve)")
    .option("--yes", "write the proposal without asking")
    .option("--dry-run", "print the proposal's diff and write nothing")
    .option("--provider <name>", "model provider: anthropic, openai or mock")
    .option("--model <id>", "model id (default: the provider's)")
    .option("--mock-script <file>", "YAML script for --provider mock (see docs/mock-provider.md)")
    .action((flags: InitFlags) => runInit(flags));
}

/** Asks on the terminal; true only for y / yes. */
async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^(y|yes)$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

async function runInit(flags: InitFlags): Promise<void> {
  if (flags.yes && flags.dryRun) throw new UserError("--yes and --dry-run exclude each other: pick one");
  const [wiring, { mountOffline }] = await Promise.all([import("../wiring.js"), import("@picasso/surface")]);
  const { provider, selection } = await wiring.openSelectedProvider(flags, process.env);
  const mounted = await (async () => {
    try {
      if (selection.source === "no-key")
        throw new UserError(
          "init: no provider configured, and init needs a real model: export ANTHROPIC_API_KEY, or use --provider openai with OPENAI_API_KEY or OPENAI_BASE_URL (docs/providers.md)",
        );
      return mountOffline({
        workspaceRoot: findWorkspaceRoot(process.cwd()),
        picassoHome: defaultPicassoHome(withHeldProviderSecrets(process.env)),
        provider,
      });
    } catch (error) {
      await provider.close?.();
      throw error;
    }
  })();
  const err = (line: string) => process.stderr.write(`picasso init: ${line}\n`);
  try {
    const operation = mounted.extensions.flatMap((e) => e.operations ?? []).find((op) => op.name === "init");
    if (!operation)
      throw new UserError(
        `init: the composition (${mounted.composition.files.join(", ")}) mounts no init extension; add the row { name: init } to its plugins`,
      );
    const run = async (args: string): Promise<OperationResult> => {
      const result = await operation.run(args, { signal: new AbortController().signal, offline: true });
      if (result.tone === "warn") throw new UserError(`init: ${result.text}`);
      return result;
    };
    const answer = await run("");
    const proposal = (answer.data as { proposal?: ProposalShown } | undefined)?.proposal;
    if (!proposal || proposal.unchanged) {
      process.stdout.write(`${answer.text}\n`);
      return;
    }
    process.stdout.write(proposal.diff);
    for (const note of proposal.notes) err(`note: ${note}`);
    if (flags.dryRun) {
      err(`dry run: ${proposal.path} not written (${proposal.bytes} bytes proposed)`);
      return;
    }
    if (!flags.yes) {
      if (!process.stdin.isTTY) {
        err(`${proposal.path} not written: no terminal to ask; run picasso init --yes to write it`);
        return;
      }
      if (!(await confirm(`Write ${proposal.path} (${proposal.bytes} bytes)? [y/N] `))) {
        err(`${proposal.path} not written`);
        return;
      }
    }
    await run("write");
    err(`wrote ${proposal.path} (${proposal.bytes} bytes); sessions started from now on read it`);
  } finally {
    await mounted.close();
    await provider.close?.();
  }
}
