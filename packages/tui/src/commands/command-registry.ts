/**
 * The slash commands in list order — `/help`, the session's operations (core first, then each
 * extension's: operation-command.ts), then the TUI's own `/goal`, `/clear` and `/exit` — parsing
 * `/name args`, completion of names and arguments, and "did you mean" for unknown names: every
 * command within edit distance 2 of the typed name or starting with it, nearest first.
 */
import type { ExtensionOperation } from "@picasso/protocol";
import { clearCommand } from "./clear.js";
import { exitCommand } from "./exit.js";
import { goalCommand } from "./goal.js";
import { helpCommand } from "./help.js";
import { operationCommand } from "./operation-command.js";
import type { SlashCommand } from "./slash-command.js";

/** The commands the TUI has of its own, whatever the session offers. */
export const SLASH_COMMANDS: readonly SlashCommand[] = [helpCommand, goalCommand, clearCommand, exitCommand];

/** Every command for a session with these operations. An operation never hides a TUI command. */
export function slashCommands(operations: readonly ExtensionOperation[]): SlashCommand[] {
  const own = new Set(SLASH_COMMANDS.map((c) => c.name));
  return [
    helpCommand,
    ...operations.filter((op) => !own.has(op.name)).map(operationCommand),
    goalCommand,
    clearCommand,
    exitCommand,
  ];
}

export function parseSlash(text: string): { name: string; args: string } | undefined {
  const m = /^\/(\S*)\s*([\s\S]*)$/.exec(text.trim());
  return m ? { name: m[1]!.toLowerCase(), args: m[2] ?? "" } : undefined;
}

export function findCommand(name: string, commands = SLASH_COMMANDS): SlashCommand | undefined {
  return commands.find((c) => c.name === name);
}

export function closeMatches(name: string, commands = SLASH_COMMANDS): string[] {
  return commands
    .map((c) => ({ name: c.name, d: c.name.startsWith(name) && name ? 0 : editDistance(name, c.name) }))
    .filter((c) => c.d <= 2)
    .sort((a, b) => a.d - b.d)
    .map((c) => `/${c.name}`);
}

/** Completions for text typed at the start of the prompt beginning with `/`. */
export function completeSlash(typed: string, commands = SLASH_COMMANDS): string[] {
  const parsed = parseSlash(typed);
  if (!parsed) return [];
  const hasSpace = /\s/.test(typed.trimStart());
  if (!hasSpace) return commands.filter((c) => c.name.startsWith(parsed.name)).map((c) => `/${c.name}`);
  const command = findCommand(parsed.name, commands);
  return (command?.argChoices ?? [])
    .filter((choice) => choice.startsWith(parsed.args.trim()))
    .map((choice) => `/${command!.name} ${choice}`);
}

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = current;
    }
  }
  return row[b.length]!;
}
