/**
 * The `picasso` program (main.ts loads it). Each command lives in its own module under `commands/` and registers
 * itself on the program; this file only wires them, checks before any command runs that
 * PICASSO_HOME is usable, and turns user mistakes — a `UserError`, or a command-line parse error
 * (parse-errors.ts) — into one `picasso: …` line and exit 2.
 */
import { isUserError } from "@picasso/protocol/basics";
import { Command, CommanderError } from "commander";
import { registerCommands } from "./commands/index.js";
import { parseErrorLine, parseExitCode } from "./parse-errors.js";
import { VERSION } from "./version.js";

export async function main(argv: string[]): Promise<number> {
  const program = new Command("picasso")
    .description("Picasso — a terminal coding agent with a lean, byte-stable prompt prefix")
    .version(VERSION, "-v, --version", "print the version")
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(parseErrorLine(text)) });
  // Every command needs a usable state folder; an unusable one is one line, exit 2 (picasso-home.ts).
  program.hook("preAction", async () => {
    const { checkPicassoHome, defaultPicassoHome } = await import("@picasso/engine/sessions");
    checkPicassoHome(defaultPicassoHome(process.env));
  });
  await registerCommands(program, argv);
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit through here with code 0; a parse error was printed as one line.
      return parseExitCode(error);
    }
    if (isUserError(error)) {
      process.stderr.write(`picasso: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}

/**
 * Run the program and set the exit code; a bug is reported with its stack in TypeScript positions
 * (source-mapped-stack.ts: the maps are read only then, not as each chunk loads).
 */
export function run(argv: string[]): Promise<void> {
  return main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    async (error: unknown) => {
      const { sourceMappedStack } = await import("./source-mapped-stack.js");
      process.stderr.write(
        `picasso: internal error: ${error instanceof Error ? sourceMappedStack(error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 70;
    },
  );
}
