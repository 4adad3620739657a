/**
 * `picasso <name> [args…] [--json]`: every operation an extension of this workspace's
 * composition declares `offline` (it runs without a live session), as a subcommand — the
 * extensions mounted as a session mounts them, nothing started (`mountOffline`, @picasso/surface,
 * as `picasso context` reads them). The words after the name are the
 * operation's arguments; it prints the answer's text, or with `--json` its data. An answer that
 * could not do what was asked (`warn`) is one `picasso <name>: …` line on stderr, exit 1. A
 * name a hand-written subcommand already has stays that command's.
 * The list is read when the first word is not a known subcommand (commands/index.ts) and for
 * `--help`; the operation then runs on extensions mounted afresh, closed when it has answered.
 */
import { defaultPicassoHome } from "@picasso/engine";
import type { ExtensionOperation, PicassoExtension } from "@picasso/protocol";
import { mountOffline } from "@picasso/surface";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";

export interface OperationOutput {
  out(text: string): void;
  err(text: string): void;
}

const STDIO: OperationOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** The offline operations of `extensions`, in mount order. */
export function offlineOperations(extensions: readonly PicassoExtension[]): ExtensionOperation[] {
  return extensions.flatMap((extension) => (extension.operations ?? []).filter((op) => op.offline));
}

/**
 * Register each offline operation of `extensions` not already a command of `program`; `open`
 * gives the extensions to run it on (and closes them after), so one mounted for the list need
 * not stay open.
 */
export function registerOperationCommands(
  program: Command,
  operations: readonly ExtensionOperation[],
  open: () => Promise<{ operations: readonly ExtensionOperation[]; close(): Promise<void> }>,
  io: OperationOutput = STDIO,
): void {
  const taken = new Set(program.commands.map((c) => c.name()));
  for (const declared of operations) {
    if (taken.has(declared.name)) continue;
    taken.add(declared.name);
    program
      .command(declared.name)
      .description(declared.summary)
      .argument("[args...]", declared.args ?? "the operation's arguments")
      .option("--json", "print the answer's data as JSON")
      .action(async (words: string[], flags: { json?: boolean }) => {
        const mounted = await open();
        try {
          const operation = mounted.operations.find((op) => op.name === declared.name) ?? declared;
          const result = await operation.run(words.join(" "), {
            signal: new AbortController().signal,
            offline: true,
          });
          if (result.tone === "warn") {
            io.err(`picasso ${declared.name}: ${result.text}\n`);
            process.exitCode = 1;
          } else if (flags.json) io.out(`${JSON.stringify(result.data ?? null, null, 2)}\n`);
          else io.out(result.text.endsWith("\n") ? result.text : `${result.text}\n`);
        } finally {
          await mounted.close();
        }
      });
  }
}

export interface RegisterOperationsOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Wrap the mounted extensions (tests add one this way, as `composeSession`'s option does). */
  wrapPlugins?: (plugins: PicassoExtension[]) => PicassoExtension[];
  io?: OperationOutput;
}

/** The offline operations of this workspace's composition as subcommands. */
export async function register(program: Command, options: RegisterOperationsOptions = {}): Promise<void> {
  const open = async () => {
    const mounted = mountOffline({
      workspaceRoot: findWorkspaceRoot(options.cwd ?? process.cwd()),
      picassoHome: defaultPicassoHome(options.env ?? process.env),
      ...(options.env ? { env: options.env } : {}),
    });
    const extensions = options.wrapPlugins ? options.wrapPlugins(mounted.extensions) : mounted.extensions;
    return { operations: offlineOperations(extensions), close: mounted.close };
  };
  const listed = await open();
  await listed.close();
  registerOperationCommands(program, listed.operations, open, options.io);
}
