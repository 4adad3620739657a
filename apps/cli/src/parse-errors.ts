/**
 * Command-line parse errors (commander's) as Picasso's one-line user errors, so a bad flag reads
 * like every other user mistake: `picasso: <what is wrong>` on stderr, exit 2 (docs/headless.md).
 * Commander's message loses its `error: ` prefix and its lines are joined (`unknown option
 * '--mdoe' (Did you mean --mode?)`). An unexpected word — usually a prompt typed without `-p` —
 * also says where a prompt goes. `--help` and `--version` are not errors: they exit 0.
 */
import type { CommanderError } from "commander";

export const PARSE_ERROR_EXIT = 2;

/** The one line `picasso` prints for commander's error text. */
export function parseErrorLine(text: string): string {
  const message = text
    .replace(/^error:\s*/i, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
  const hint = /^too many arguments/.test(message)
    ? ' — a prompt goes after -p (picasso -p "…"); picasso --help lists the commands'
    : "";
  return `picasso: ${message}${hint}\n`;
}

/** The exit code for a commander exit: 0 for help and version, 2 for a parse error. */
export function parseExitCode(error: CommanderError): number {
  return error.exitCode === 0 ? 0 : PARSE_ERROR_EXIT;
}
