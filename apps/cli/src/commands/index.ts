/**
 * Every command of the binary. The root command (`picasso [-p …]`, run.ts) is always registered;
 * a subcommand's module is imported only when that subcommand runs (or for `--help`), so start-up
 * pays for what it uses: `picasso --version` loads no engine, no SDK and no Ink.
 * A command module exports `register(program)`. Extensions' offline operations become
 * subcommands too (operations.ts).
 */
import type { Command } from "commander";
import { register as registerRun } from "./run.js";

type Register = (program: Command) => void;

/** Subcommands in help order, each loaded on demand. */
export const SUBCOMMANDS: Record<string, () => Promise<{ register: Register }>> = {
  compact: () => import("./compact.js"),
  sessions: () => import("./sessions.js"),
  context: () => import("./context.js"),
  acp: () => import("./acp.js"),
  "mock-server": () => import("./mock-server.js"),
  probe: () => import("./probe.js"),
  tools: () => import("./tools.js"),
  memory: () => import("./memory.js"),
  mcp: () => import("./mcp.js"),
  eval: () => import("./eval.js"),
  sandbox: () => import("./sandbox.js"),
  trust: () => import("./trust.js"),
  init: () => import("./init.js"),
  workflow: () => import("./workflow.js"),
};

/**
 * Registers the root command and the subcommands `argv` may need (all of them for help). A first
 * word that names no subcommand may be an extension's offline operation (operations.ts): those
 * are read from the workspace's composition then, and for help.
 */
export async function registerCommands(program: Command, argv: string[] = process.argv): Promise<void> {
  registerRun(program);
  const words = argv.slice(2);
  const named = words.find((w) => Object.hasOwn(SUBCOMMANDS, w));
  const wantsHelp = words.includes("--help") || words.includes("-h") || words[0] === "help";
  for (const [name, load] of Object.entries(SUBCOMMANDS)) {
    if (wantsHelp || name === named) (await load()).register(program);
  }
  const first = words[0];
  const maybeOperation = first !== undefined && !first.startsWith("-") && !Object.hasOwn(SUBCOMMANDS, first);
  if (wantsHelp || maybeOperation) {
    const operations = await import("./operations.js");
    try {
      await operations.register(program);
    } catch (error) {
      // Help is printed even when the workspace's composition cannot be read; running a
      // command reports why.
      if (!wantsHelp) throw error;
    }
  }
}
